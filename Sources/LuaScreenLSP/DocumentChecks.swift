#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenCore
import ScreenModel

/// The language server's checks (SPEC §16): the checker thread, which takes each document
/// when it is due, checks the rows an edit changed alone when it can (`RowRecheck`) and else
/// the document as `check` does, and publishes what it found.
extension LanguageServer {
    /// Starts the checker thread.
    public func startChecker() {
        ServerLock.startThread(stackSize: 16 << 20) { [self] in checkLoop() }
    }

    /// Ends the checker thread after the check under way.
    public func stop() {
        lock.lock()
        stopping = true
        lock.broadcast()
        lock.unlock()
    }

    private func checkLoop() {
        while true {
            lock.lock()
            var next: (uri: String, at: Double)?
            while !stopping {
                next = due.min { $0.value < $1.value }.map { ($0.key, $0.value) }
                guard let n = next else {
                    lock.wait()
                    continue
                }
                let wait = n.at - now()
                if wait <= 0 { break }
                lock.wait(seconds: wait)
                next = nil
            }
            if stopping {
                lock.unlock()
                return
            }
            let uri = next!.uri
            due[uri] = nil
            guard let document = documents[uri] else {
                lock.unlock()
                continue
            }
            documents[uri]?.readsChanged = false
            // The open documents' texts, by path: `require` reads them before the files.
            var texts: [String: [UInt8]] = [:]
            for (_, d) in documents { texts[d.path] = d.doc.bytes }
            lock.unlock()
            if recheckRow(document) { continue }
            check(document, texts: texts)
        }
    }

    /// Checks an edit of one row's text alone (`RowRecheck`) and publishes what it found;
    /// false when the edit is not one it can check (the whole check runs).
    func recheckRow(_ document: OpenDocument) -> Bool {
        guard !document.isTest, !document.readsChanged, document.modules.subtracting([document.path]).isEmpty, document.entry == document.path,
              var checked = document.checked, checked.bytes != document.doc.bytes else { return false }
        var copy = document
        let outline = copy.currentOutline()
        // Kept whatever is found (the next edit's follows it in place rather than lexing again).
        cacheOutline(of: copy)
        var options = SessionOptions(limits: limits, trusted: false, store: MemoryStore(), print: { _ in })
        options.moduleSource = { _ in nil }
        guard let own = RowRecheck.diagnostics(path: document.path, checked: &checked, document: document.doc,
                                               outline: outline, options: options),
              own.count <= LanguageServer.maxDiagnostics else { return false }
        let uri = document.doc.uri
        lock.lock()
        guard let current = documents[uri], current.doc.version == document.doc.version, !current.readsChanged else {
            lock.unlock()
            return true  // a newer change: its own check will publish
        }
        checked.bytes = document.doc.bytes
        checked.own = own
        documents[uri]!.checked = checked
        documents[uri]!.found[document.path] = own
        documents[uri]!.lastGoodBytes = document.doc.bytes
        documents[uri]!.lastGoodOutline = nil
        // The whole app once the typing stops (a change due sooner stays first).
        if due[uri] == nil { due[uri] = now() + wholeCheckDelay }
        lock.broadcast()
        lock.unlock()
        publish(uri)
        return true
    }

    /// Checks one document and publishes what it found (and what it found in open modules).
    func check(_ document: OpenDocument, texts: [String: [UInt8]]) {
        final class Reads: @unchecked Sendable { var paths = Set<String>() }
        let reads = Reads()
        var options = SessionOptions(limits: limits, trusted: false, store: MemoryStore(), print: { _ in })
        options.moduleSource = { path in
            let standard = URIs.standard(path)
            reads.paths.insert(standard)
            return texts[standard]
        }
        final class Keys: @unchecked Sendable {
            var bound: [String] = []
            var screens: [String] = []
            var loaded = false
            var translated = false
            /// The sessions the check opened: closed and freed once what was found is published
            /// (freeing a large app's model and Lua state is a tenth of its check).
            var opened: [Session] = []
        }
        let keys = Keys()
        defer {
            for session in keys.opened { session.close() }
            keys.opened = []
        }
        /// `check`'s list for `path`, and the keys the app binds (helpers' and modules' rows included).
        func diagnostics(_ path: String, _ text: [UInt8]?) -> [Diagnostic] {
            if document.isTest { return DocumentCheck.diagnostics(path: path, text: text, options: options) }
            let result = DocumentCheck.check(path: path, text: text, options: options, finish: { session in
                keys.loaded = true
                keys.bound = session.boundKeys
                keys.screens = session.screenIDs
                keys.translated = session.app.strings != nil
                keys.opened.append(session)
            })
            return Diagnostic.sorted(result.diagnostics)
        }
        var found = diagnostics(document.path, document.doc.bytes)
        // A module of an app (Project.forFile, as check and run ask: its project file says so,
        // or opened alone it returns no screen or its requires resolve from another folder):
        // checked as part of the app, its own problems shown.
        var entry: String?
        lock.lock()
        let workspaceRoot = self.workspaceRoot
        lock.unlock()
        var project: Project?
        do throws(ProjectFileError) {
            project = document.isTest ? nil : try Project.forFile(document.path, root: workspaceRoot, found: found, source: { texts[$0] })
        } catch {
            found.append(Diagnostic(file: document.path, line: nil, path: "", message: error.description))
        }
        if let project {
            reads.paths = []
            found = diagnostics(project.entry, texts[project.entry])
            reads.paths.insert(project.entry)
            entry = project.entry
        }
        // Lua cuts a long chunk name to its last 60 bytes, "..." first: the file it is the end of.
        let known = [document.path] + (entry.map { [$0] } ?? []) + reads.paths.sorted()
        func file(_ named: String) -> String {
            if named.hasPrefix("...") {
                let tail = String(named.dropFirst(3))
                if let match = known.first(where: { $0.hasSuffix(tail) }) { return match }
            }
            return URIs.standard(named)
        }
        var byFile: [String: [Diagnostic]] = [:]
        for var d in found {
            d.file = file(d.file)
            d.calledFrom = d.calledFrom.map { SourceLocation(file: file($0.file), line: $0.line) }
            byFile[d.file, default: []].append(d)
        }
        // A row a helper of another file built from this file's arguments: also shown at the
        // call, in the calling file (where the bad argument is being typed), on the argument
        // the field came from when the syntax says which (`HelperCalls`).
        var parsed: [String: (outline: Outline, doc: TextDocument)] = [:]
        func parse(_ path: String) -> (outline: Outline, doc: TextDocument)? {
            if let done = parsed[path] { return done }
            guard let bytes = texts[path] ?? (try? Files.readRegularFile(path)) else { return nil }
            let made = (Outline(bytes: bytes), TextDocument(uri: URIs.uri(path), version: 0, text: String(decoding: bytes, as: UTF8.self)))
            parsed[path] = made
            return made
        }
        for (path, list) in byFile {
            for d in list {
                guard let caller = d.calledFrom.first(where: { $0.file != path }) else { continue }
                var atCall = d
                atCall.file = caller.file
                atCall.line = caller.line
                atCall.calledFrom = []
                if atCall.subject == nil, let field = d.path.split(separator: ".").last.map(String.init), !field.contains("["),
                   let line = d.line, let helper = parse(path), let calling = parse(caller.file),
                   let argument = HelperCalls.argument(field: field, helper: helper.outline, helperDoc: helper.doc, rowLine: line,
                                                       caller: calling.outline, callerDoc: calling.doc, callLine: caller.line) {
                    atCall.subject = argument.text
                }
                atCall.message = d.message + " (the row is made at \(URIs.name(path)):\(d.line.map(String.init) ?? "?"))"
                byFile[caller.file, default: []].append(atCall)
            }
        }
        // What the server keeps is bounded, as what it publishes: the first of each file's list.
        var omitted: [String: Int] = [:]
        for (path, list) in byFile where list.count > LanguageServer.maxDiagnostics {
            byFile[path] = Array(Diagnostic.sorted(list).prefix(LanguageServer.maxDiagnostics))
            omitted[path] = list.count - LanguageServer.maxDiagnostics
        }
        let syntaxError = byFile[document.path]?.contains { $0.code == .syntax } ?? false
        lock.lock()
        guard let current = documents[document.doc.uri], current.doc.version == document.doc.version else {
            lock.unlock()
            return  // a newer change: its own check will publish
        }
        documents[document.doc.uri]?.modules = reads.paths
        documents[document.doc.uri]?.found = byFile
        documents[document.doc.uri]?.omitted = omitted
        documents[document.doc.uri]?.entry = entry ?? document.path
        if keys.loaded {  // else the last app that loaded keeps them (the text is being typed)
            documents[document.doc.uri]?.boundKeys = keys.bound
            documents[document.doc.uri]?.screenIDs = keys.screens
        }
        if !syntaxError {
            documents[document.doc.uri]?.lastGoodBytes = document.doc.bytes
            documents[document.doc.uri]?.lastGoodOutline = nil
        }
        // What a row checked alone next starts from: an app of one file, that loaded, untranslated.
        // (one that did not load, but for a syntax error, serves a script of literals: RowRecheck)
        let alone = !document.isTest && (keys.loaded || !syntaxError) && !keys.translated
            && reads.paths.subtracting([document.path]).isEmpty
            && (entry ?? document.path) == document.path && omitted[document.path] == nil
        documents[document.doc.uri]?.checked = alone ? CheckedText(bytes: document.doc.bytes, own: byFile[document.path] ?? [],
                                                                   loaded: keys.loaded) : nil
        // This document, and the open ones it read (`publish` merges what every check found in
        // each: a module's own check, reading it as a screen, is not its list). The scripts
        // requiring this document are not checked again from here: its change scheduled them
        // (`scheduleWithDependents`), a check changes nothing they read.
        let affected = [document.doc.uri] + documents.filter { reads.paths.contains($0.value.path) }.map(\.key)
        lock.unlock()
        for uri in Set(affected) { publish(uri) }
    }

    /// Sends the diagnostics of `uri`: those its requirers' checks found in it when some open
    /// script requires it (it is a module; its own too in a require cycle), else its own check's.
    func publish(_ uri: String) {
        lock.lock()
        guard var document = documents[uri] else {
            lock.unlock()
            return
        }
        let requirers = documents.values.filter { $0.doc.uri != uri && $0.modules.contains(document.path) }
        let all = documents
        lock.unlock()
        // A module's own check reads it as a screen (its problems are not the module's): what
        // its requirers' checks found in it counts; but in a require cycle (it requires one of
        // its requirers) its own check is one of the app's, and keeps the cycle's error.
        let inCycle = requirers.contains { document.modules.contains($0.path) }
        var list: [Diagnostic] = []
        var seen = Set<Diagnostic>()
        for d in document.found[document.path] ?? [] where (requirers.isEmpty || inCycle && d.code != .noScreen) && seen.insert(d).inserted { list.append(d) }
        for r in requirers { for d in r.found[document.path] ?? [] where seen.insert(d).inserted { list.append(d) } }
        var more = ([document] + requirers).map { $0.omitted[document.path] ?? 0 }.max() ?? 0
        if list.count > LanguageServer.maxDiagnostics {
            list = Array(Diagnostic.sorted(list).prefix(LanguageServer.maxDiagnostics))
            more = max(more, 1)
        }
        // The outline places the diagnostics: made only when there are some.
        let outline = list.isEmpty ? nil : document.currentOutline()
        let uriOf: (String) -> String = { file in
            let path = URIs.standard(file)
            return all.values.first { $0.path == path }?.doc.uri ?? URIs.uri(path)
        }
        var diagnostics = Diagnostic.sorted(list).map { DiagnosticRanges.lsp($0, doc: document.doc, outline: outline!, uriOf: uriOf) }
        if more > 0 {
            let start = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
            diagnostics.append(LSPDiagnostic(range: start, severity: 3, code: "more", source: "luascreen",
                                             message: "\(more) more problems not shown (the first \(LanguageServer.maxDiagnostics) are): `luascreen check` lists them all"))
        }
        if outline != nil { cacheOutline(of: document) }
        send(OutgoingNotification(method: "textDocument/publishDiagnostics",
                                  params: PublishDiagnosticsParams(uri: uri, version: document.doc.version, diagnostics: diagnostics)))
    }
}
