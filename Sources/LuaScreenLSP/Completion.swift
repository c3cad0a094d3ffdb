import LuaScreen
import LuaScreenCore
import LuaScreenTooling

/// `textDocument/completion`: what may be written at the cursor, read from the text around
/// it (it need not parse): a string after `push =`, `key =` or an enum field; a name after
/// `ctx.store.`, `ctx.` or `ctx:` (a session's `s:` in a test file); a field of the
/// enclosing constructor, or a constructor. Keys and screen ids come from the current text
/// and the last text that loaded.
struct Completion {
    let server: LanguageServer
    var document: OpenDocument
    /// The outline of the last text that loaded.
    let good: Outline?

    init(server: LanguageServer, document: inout OpenDocument) {
        self.server = server
        _ = document.currentOutline()
        good = document.lastGood()
        self.document = document
    }

    var outline: Outline { document.outline! }

    /// The bound keys of the current text, of the last one that loaded and of the app its
    /// last check loaded (keys bound by helpers and in modules), sorted.
    var keys: [String] {
        var all = Set(outline.keyFields.map(\.key)).union(document.boundKeys)
        if let good { all.formUnion(good.keyFields.map(\.key)) }
        return all.filter { !$0.isEmpty }.sorted()
    }

    /// The screen ids of the current text, of the last one that loaded, and of the app its
    /// last check loaded (screens in modules included).
    var screenIDs: [String] {
        var all = Set(outline.screenIDs.map(\.id)).union(document.screenIDs)
        if let good { all.formUnion(good.screenIDs.map(\.id)) }
        return all.filter { !$0.isEmpty }.sorted()
    }

    func items(at position: Position) -> CompletionList {
        let doc = document.doc
        let offset = doc.offset(of: position)
        let tokens = outline.tokens
        // Inside a string?
        if let t = outline.token(at: offset), tokens[t].kind == .string, tokens[t].quote != 0, tokens[t].start < offset,
           offset < tokens[t].end || !closed(tokens[t], doc) {
            return CompletionList(items: stringItems(tokenIndex: t, offset: offset))
        }
        // The word being typed and what is before it.
        var wordStart = offset
        while wordStart > 0, LuaTokens.isNameByte(doc.bytes[wordStart - 1]) { wordStart -= 1 }
        let before = wordStart > 0 ? doc.bytes[wordStart - 1] : 0
        let previous = tokenIndex(before: wordStart)
        if before == UInt8(ascii: "."), let p = previous, tokens[p].text == "." {
            // NAME.store.  /  ctx.
            if p >= 2, tokens[p - 1].text == "store", tokens[p - 2].text == "." {
                // A key that is no Lua name (a keyword, a space) is inserted as `["my key"]`, the dot replaced.
                return CompletionList(items: keys.map { key in
                    var item = CompletionItem(label: key, kind: Kinds.completionConstant, detail: "store key")
                    if !LuaLiteral.isName(key) {
                        let index = "[" + LuaLiteral.string(key) + "]"
                        item.textEdit = TextEdit(range: doc.range(tokens[p].start, offset), newText: index)
                        item.filterText = "." + key
                    }
                    return item
                })
            }
            if p >= 1, tokens[p - 1].text == "ctx" {
                return CompletionList(items: EditorDocs.contextFields.map { item($0, kind: Kinds.completionField) })
            }
            return CompletionList(items: [])
        }
        if before == UInt8(ascii: ":"), let p = previous, tokens[p].text == ":", p >= 1, tokens[p - 1].kind == .name {
            let receiver = tokens[p - 1].text
            let methods = document.isTest && receiver != "ctx" ? EditorDocs.sessionMethods : EditorDocs.contextMethods
            return CompletionList(items: methods.map { item($0, kind: Kinds.completionMethod) })
        }
        if let p = previous, [".", ":"].contains(tokens[p].text) { return CompletionList(items: []) }
        var items: [CompletionItem] = []
        // `ctx:push(` / `ctx.store[` before a quote: the screen ids / the keys, quoted.
        if let p = previous, p >= 2, tokens[p].text == "(", tokens[p - 1].text == "push", tokens[p - 2].text == ":" {
            return CompletionList(items: screenIDs.map { quoted($0, Kinds.completionValue, "screen id", sort: "0") })
        }
        if let p = previous, p >= 2, tokens[p].text == "[", tokens[p - 1].text == "store", tokens[p - 2].text == "." {
            return CompletionList(items: keyChoices.map { quoted($0.key, Kinds.completionConstant, $0.detail, sort: $0.sort) })
        }
        // `push = ` / `root = ` before a quote: the screen ids, quoted; `key = `: the keys.
        if let p = previous, tokens[p].text == "=", p >= 1, tokens[p - 1].kind == .name {
            switch tokens[p - 1].text {
            case "push", "root": items += screenIDs.map { quoted($0, Kinds.completionValue, "screen id", sort: "0") }
            case "key": items += keyChoices.map { quoted($0.key, Kinds.completionConstant, $0.detail, sort: $0.sort) }
            default: break
            }
        }
        if let n = outline.enclosing(offset) {
            let node = outline.nodes[n]
            let atFieldStart = previous.map { ["{", ",", ";"].contains(tokens[$0].text) && tokens[$0].start >= node.open } ?? false
            if let constructor = node.constructor, atFieldStart {
                let present = Set(node.fields.map(\.name))
                items += EditorDocs.fields(of: constructor).filter { !present.contains($0.name) }.map { entry in
                    var i = item(entry, kind: Kinds.completionField)
                    i.insertText = entry.name + " = "
                    i.sortText = (entry.required ? "0" : "1") + entry.name
                    return i
                }
            }
            if atFieldStart || previous.map({ tokens[$0].text == "=" }) ?? false {
                items += constructorItems()
            }
            return CompletionList(items: items)
        }
        items += constructorItems()
        if document.isTest { items += EditorDocs.testGlobals.map { item($0, kind: Kinds.completionFunction) } }
        return CompletionList(items: items)
    }

    /// A value inserted as a string literal (written by the one emitter).
    private func quoted(_ label: String, _ kind: Int, _ detail: String, sort: String) -> CompletionItem {
        var item = CompletionItem(label: label, kind: kind, detail: detail)
        item.insertText = LuaLiteral.string(label)
        item.filterText = label
        item.sortText = sort + label
        return item
    }

    /// The keys a `key =` may bind: first those `ctx.store.KEY` reads (in any file of the
    /// project) that no row binds yet (a read waiting for its row), then the bound ones.
    var keyChoices: [(key: String, detail: String, sort: String)] {
        let bound = keys
        var read = Set(outline.storeUses.map(\.key))
        if let good { read.formUnion(good.storeUses.map(\.key)) }
        for var other in Navigation(server: server).neighbours(document).dropFirst() {
            read.formUnion(other.currentOutline().storeUses.map(\.key))
        }
        let waiting = read.subtracting(bound).filter { !$0.isEmpty }.sorted()
        return waiting.map { ($0, "store key read by ctx.store, bound by no row", "0") } + bound.map { ($0, "store key", "1") }
    }

    private func closed(_ t: LuaTokens.Token, _ doc: TextDocument) -> Bool {
        t.end - t.start >= 2 && doc.bytes[t.end - 1] == t.quote
    }

    private func constructorItems() -> [CompletionItem] {
        EditorDocs.constructors.map { entry in
            var i = item(entry, kind: Kinds.completionClass)
            i.sortText = "2" + entry.name
            return i
        }
    }

    private func item(_ entry: EditorDocs.Entry, kind: Int) -> CompletionItem {
        CompletionItem(label: entry.name, kind: kind, detail: entry.type,
                       documentation: entry.text.isEmpty ? nil : MarkupContent(value: entry.text))
    }

    /// The last token ending at or before `offset`.
    func tokenIndex(before offset: Int) -> Int? {
        var lo = 0, hi = outline.tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if outline.tokens[mid].end <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    /// The values a string at `tokenIndex` may hold: screen ids after `push =` (and
    /// `root =`, `ctx:push(`), keys after `key =` (and `ctx.store[`), an enum field's values.
    private func stringItems(tokenIndex t: Int, offset: Int) -> [CompletionItem] {
        let tokens = outline.tokens
        guard t >= 1 else { return [] }
        let doc = document.doc
        let token = tokens[t]
        // A value that cannot stand between these quotes as it is: the string replaced whole
        // by a literal of it.
        func value(_ label: String, _ kind: Int, _ detail: String) -> CompletionItem {
            var item = CompletionItem(label: label, kind: kind, detail: detail)
            let quote = String(UnicodeScalar(token.quote))
            if LuaLiteral.string(label) != "\"" + label + "\"" || label.contains(quote) {
                let literal = LuaLiteral.string(label)
                item.textEdit = TextEdit(range: doc.range(token.start, max(offset, closed(token, doc) ? token.end : offset)), newText: literal)
                item.filterText = quote + label
            }
            return item
        }
        let screens = { self.screenIDs.map { value($0, Kinds.completionValue, "screen id") } }
        let keyItems = {
            self.keyChoices.map { choice -> CompletionItem in
                var item = value(choice.key, Kinds.completionConstant, choice.detail)
                item.sortText = choice.sort + choice.key
                return item
            }
        }
        if tokens[t - 1].text == "=", t >= 2, tokens[t - 2].kind == .name {
            let field = tokens[t - 2].text
            if field == "push" || field == "root" { return screens() }
            if field == "key" { return keyItems() }
            guard let n = outline.enclosingConstructor(offset), let constructor = outline.nodes[n].constructor else { return [] }
            return EditorDocs.enumValues(of: field, in: constructor).map { value($0, Kinds.completionEnumMember, "\(constructor).\(field)") }
        }
        if tokens[t - 1].text == "(", t >= 3, tokens[t - 2].text == "push", tokens[t - 3].text == ":" { return screens() }
        if tokens[t - 1].text == "[", t >= 3, tokens[t - 2].text == "store" { return keyItems() }
        return []
    }
}
