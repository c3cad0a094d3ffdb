import LuaScreen
import LuaScreenCore

/// `definition`, `references`, `rename`: from `push = "id"` to the screen, from a store key
/// (`key = "k"`, `ctx.store.k`) to the row binding it, every use of a key, and a key renamed
/// across the script, the open documents of its folder and its test files.
struct Navigation {
    let server: LanguageServer

    /// The store key under the cursor and the range of its name (inside the quotes of a string).
    func keyAt(_ document: inout OpenDocument, _ position: Position) -> (key: String, range: LSPRange)? {
        let outline = document.currentOutline()
        let doc = document.doc
        let offset = doc.offset(of: position)
        if let use = outline.storeUses.first(where: { $0.start <= offset && offset <= $0.end }) {
            return (use.key, use.quoted ? doc.range(use.start + 1, use.end - 1) : doc.range(use.start, use.end))
        }
        guard let i = outline.token(at: offset) else { return nil }
        let t = outline.tokens[i]
        if t.kind == .string, t.quote != 0, i >= 2, outline.tokens[i - 1].text == "=", outline.tokens[i - 2].text == "key" {
            return (t.text, doc.range(t.start + 1, max(t.start + 1, t.end - 1)))
        }
        return nil
    }

    /// The open screen scripts `document` shares a folder with, itself first, then the other
    /// files of its app (`Project`: the entry and its modules, open ones as they are typed).
    func neighbours(_ document: OpenDocument) -> [OpenDocument] {
        let folder = URIs.folder(document.path)
        let open = server.snapshot().values
        let others = open.filter {
            $0.doc.uri != document.doc.uri && !$0.isTest && URIs.folder($0.path) == folder
        }.sorted { $0.path < $1.path }
        var out = [document] + others
        guard let entry = document.entry else { return out }
        let project = Project.of(entry: entry) { path in open.first { $0.path == path }?.doc.bytes }
        for path in [entry] + project.modules where !out.contains(where: { $0.path == path }) {
            if let d = open.first(where: { $0.path == path }) {
                out.append(d)
            } else if let bytes = try? Files.readRegularFile(path) {
                out.append(OpenDocument(doc: TextDocument(uri: URIs.uri(path), version: 0, text: String(decoding: bytes, as: UTF8.self)), path: path))
            }
        }
        return out
    }

    /// The strings naming `key` where the core says rows binding it are made and no
    /// `key = "..."` of a constructor shows it: a helper's call given the key (`prefs.switch("k", ...)`),
    /// the first place of each row's chain (the row's own line, then its callers) holding it.
    private func helperBindings(_ document: OpenDocument, key: String, in files: [OpenDocument]) -> [(doc: TextDocument, token: LuaTokens.Token)] {
        let places = AppSession.with(server: server, document: document) { $0.bindingPlaces(ofKey: key) } ?? []
        var out: [(doc: TextDocument, token: LuaTokens.Token)] = []
        for place in places {
            for candidate in [place.location] + place.callers {
                guard var file = files.first(where: { AppSession.place(candidate, is: $0.path) }) else { continue }
                let outline = file.currentOutline()
                let doc = file.doc
                let line = candidate.line - 1
                guard line >= 0, line < doc.lineStarts.count else { continue }
                let end = line + 1 < doc.lineStarts.count ? doc.lineStarts[line + 1] : doc.bytes.count
                guard var i = DiagnosticRanges.firstToken(at: doc.lineStarts[line], outline) else { continue }
                var found: LuaTokens.Token?
                while i < outline.tokens.count, outline.tokens[i].start < end {
                    let t = outline.tokens[i]
                    if t.kind == .string, t.quote != 0, t.text == key { found = t; break }
                    i += 1
                }
                guard let token = found else { continue }
                // A constructor's `key = "k"` is found from the outline already.
                let isKeyField = i >= 2 && outline.tokens[i - 1].text == "=" && outline.tokens[i - 2].text == "key"
                if !isKeyField, !out.contains(where: { $0.doc.uri == doc.uri && $0.token.start == token.start }) { out.append((doc, token)) }
                break
            }
        }
        return out
    }

    func definition(_ document: inout OpenDocument, at position: Position) -> [Location] {
        _ = document.currentOutline()
        let doc = document.doc
        let offset = doc.offset(of: position)
        let outline = document.outline!
        if let i = outline.token(at: offset), outline.tokens[i].kind == .string, i >= 2 {
            let t = outline.tokens
            let isPush = (t[i - 1].text == "=" && ["push", "root"].contains(t[i - 2].text))
                || (t[i - 1].text == "(" && t[i - 2].text == "push" && i >= 3 && t[i - 3].text == ":")
            if isPush {
                for var other in neighbours(document) {
                    let o = other.currentOutline()
                    if let screen = o.screenIDs.first(where: { $0.id == t[i].text }) {
                        let node = o.nodes[screen.node]
                        return [Location(uri: other.doc.uri, range: other.doc.range(node.nameStart, node.nameEnd))]
                    }
                }
                return []
            }
        }
        guard let (key, _) = keyAt(&document, position) else { return [] }
        let files = neighbours(document)
        for var other in files {
            let o = other.currentOutline()
            if let binding = o.keyFields.first(where: { $0.key == key }) {
                let node = o.nodes[binding.node]
                return [Location(uri: other.doc.uri, range: other.doc.range(node.nameStart, node.nameEnd))]
            }
        }
        // Bound by a helper: the call that gave it the key.
        return helperBindings(document, key: key, in: files).prefix(1).map {
            Location(uri: $0.doc.uri, range: $0.doc.range($0.token.start + 1, max($0.token.start + 1, $0.token.end - 1)))
        }
    }

    func references(_ document: inout OpenDocument, at position: Position) -> [Location] {
        guard let (key, _) = keyAt(&document, position) else { return [] }
        var out: [Location] = []
        let files = neighbours(document)
        let helpers = helperBindings(document, key: key, in: files)
        for var other in files {
            let o = other.currentOutline()
            let d = other.doc
            var places: [(Int, Int)] = o.keyFields.filter { $0.key == key }.map { ($0.token.start + 1, max($0.token.start + 1, $0.token.end - 1)) }
            places += o.storeUses.filter { $0.key == key }.map { $0.quoted ? ($0.start + 1, $0.end - 1) : ($0.start, $0.end) }
            places += helpers.filter { $0.doc.uri == d.uri }.map { ($0.token.start + 1, max($0.token.start + 1, $0.token.end - 1)) }
            out += places.sorted { $0.0 < $1.0 }.map { Location(uri: d.uri, range: d.range($0.0, $0.1)) }
        }
        return out
    }

    func rename(_ document: inout OpenDocument, at position: Position, to newName: String) throws -> WorkspaceEdit? {
        guard let (key, _) = keyAt(&document, position) else {
            throw ResponseError(code: ResponseError.invalidParams, message: "rename works on a store key: put the cursor on key = \"...\" or ctx.store.KEY")
        }
        // Every edit from the tokens: a key's string replaced whole by a literal of the new
        // name (escaped by the one emitter), `ctx.store.KEY` by a name or `ctx.store["..."]`.
        var changes: [String: [TextEdit]] = [:]
        let files = neighbours(document)
        let helpers = helperBindings(document, key: key, in: files)
        for var other in files {
            let o = other.currentOutline()
            let d = other.doc
            var edits: [TextEdit] = o.keyFields.filter { $0.key == key }.map { SyntaxEdits.string($0.token, to: newName, in: d) }
            edits += helpers.filter { $0.doc.uri == d.uri }.map { SyntaxEdits.string($0.token, to: newName, in: d) }
            for use in o.storeUses where use.key == key {
                guard let i = SyntaxEdits.tokenIndex(startingAt: use.start, o) else { continue }
                if use.quoted {
                    edits.append(SyntaxEdits.string(o.tokens[i], to: newName, in: d))
                } else if let edit = SyntaxEdits.member(dot: i - 1, o.tokens, to: newName, in: d) {
                    edits.append(edit)
                }
            }
            if !edits.isEmpty { changes[d.uri] = edits }
        }
        for (uri, edits) in testEdits(script: document, key: key, newName: newName) where !edits.isEmpty {
            changes[uri] = edits
        }
        return WorkspaceEdit(changes: changes)
    }

    /// The edits of the script's test files: open ones, else `*_test.lua` files beside it, in
    /// its `tests/` folder or in `../tests/` that name the script's file. Each string equal to
    /// the key (a row ref, `s:set("key", ...)`) and each `key =` of a store table and `.key`.
    private func testEdits(script: OpenDocument, key: String, newName: String) -> [String: [TextEdit]] {
        let folder = URIs.folder(script.path)
        let scriptName = URIs.name(script.path)
        var candidates: [String: TextDocument] = [:]
        for d in server.snapshot().values where d.isTest { candidates[d.path] = d.doc }
        for dir in [folder, folder + "/tests", URIs.folder(folder) + "/tests"] {
            let standard = URIs.standard(dir)
            for name in Files.entries(standard) where name.hasSuffix("_test.lua") {
                let path = standard + "/" + name
                guard candidates[path] == nil, let bytes = try? Files.readRegularFile(path) else { continue }
                candidates[path] = TextDocument(uri: URIs.uri(path), version: 0, text: String(decoding: bytes, as: UTF8.self))
            }
        }
        var out: [String: [TextEdit]] = [:]
        for (_, d) in candidates where String(decoding: d.bytes, as: UTF8.self).contains(scriptName) {
            let tokens = LuaTokens.tokenize(d.bytes)
            var edits: [TextEdit] = []
            for (i, t) in tokens.enumerated() {
                if t.kind == .string, t.quote != 0, t.text == key {
                    edits.append(SyntaxEdits.string(t, to: newName, in: d))
                } else if t.kind == .name, t.text == key, i >= 1, tokens[i - 1].text == ".",
                          let edit = SyntaxEdits.member(dot: i - 1, tokens, to: newName, in: d) {
                    edits.append(edit)
                } else if t.kind == .name, t.text == key, i + 1 < tokens.count, tokens[i + 1].text == "=",
                          i >= 1, ["{", ",", ";"].contains(tokens[i - 1].text) {
                    edits.append(SyntaxEdits.fieldName(start: t.start, end: t.end, to: newName, in: d))
                }
            }
            out[d.uri] = edits
        }
        return out
    }
}
