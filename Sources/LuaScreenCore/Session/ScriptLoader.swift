#if canImport(Glibc)
import Glibc
#endif
import LuaRuntime
import ScreenModel

/// Loads and validates a script in a fresh Lua state.
package enum ScriptLoader {
    struct Loaded {
        let lua: LuaState
        let validator: Validator
        /// What the validator read, for the run time.
        let registry: ScreenRegistry
        /// The warnings found while loading (errors are thrown).
        let diagnostics: [Diagnostic]
        let app: App
        let sources: SourceFiles
        /// The lines of the script's text that the key-typo scan reads (`StoreKeyUse.candidateLines`).
        let keyLines: [(Int, String)]
    }

    /// `source`: the script's text when it is not the file's (an editor's unsaved buffer).
    /// A `LoadError` names the modules the script required before it failed (`modules`).
    static func load(path: String, options: SessionOptions, source: [UInt8]? = nil) throws -> Loaded {
        let sources = SourceFiles(path)
        do {
            return try load(path: path, options: options, source: source, sources: sources)
        } catch var error as LoadError {
            error.modules = Array(sources.paths.dropFirst())
            throw error
        }
    }

    /// The Lua memory in use after reading above which the script's tables are collected at once.
    static let collectAfterReadingAbove = 8 << 20

    /// `load`, noting each module the script requires in `sources`.
    private static func load(path: String, options: SessionOptions, source: [UInt8]?, sources: SourceFiles) throws -> Loaded {
        guard let lua = LuaState(limits: options.limits) else {
            throw LoadError([Diagnostic(file: path, line: nil, path: "", message: "cannot create a Lua state (out of memory)", code: .memory)])
        }
        // Loading, running and validating the script is one action: one budget.
        lua.beginAction()
        defer { lua.endAction() }
        let folder = directoryName(path)
        // The script's print reaches the host's sink through the one sanitizer (SPEC §7).
        let sink = options.print
        var sandbox = SandboxOptions(trusted: options.trusted, moduleFolder: folder, print: { sink(sanitize($0)) })
        sandbox.moduleRead = { [weak sources] module in sources?.add(module) }
        sandbox.moduleSource = options.moduleSource
        if let error = lua.openScriptSandbox(sandbox) {
            throw LoadError([Diagnostic.ofErrorText(file: path, line: nil, path: "", message: error.sandboxText)])
        }
        let timing = PhaseTimer()
        let keyLines: [(Int, String)]
        // The script's last line: where a diagnostic about what it returns points (its
        // `return`, or where the missing one goes), so an editor can jump there.
        var lastLine = 1
        // The source is dropped as soon as Lua has compiled it.
        // A FIFO or /dev/zero is "not a regular file", never read.
        let chunk: LuaChunk
        switch source.map({ Result<[UInt8], PathError>.success($0) }) ?? PathResolver.readRegularFile(path) {
        case .success(let bytes):
            // The key-typo scan's lines, found while the text is at hand (one memchr pass).
            keyLines = StoreKeyUse.candidateLines(of: bytes)
            lastLine = ScriptLoader.lastLine(of: bytes)
            do { chunk = try lua.compile(bytes, chunkName: "@" + path) } catch {
                throw LoadError([diagnostic(from: error, file: path)]
                                + StoreKeyUse.warningsFromText(path: path, bytes: bytes, options: options))
            }
        case .failure(let reason):
            throw LoadError([Diagnostic.ofErrorText(file: path, line: nil, path: "", message: "cannot read the script: \(reason)")])
        }
        timing.lap("parse", lua: lua)
        let read: (Validator, App?)?
        do {
            read = try lua.run(chunk, results: 1) { results -> (Validator, App?) in
                timing.lap("run", lua: lua)
                // The compiled main chunk is garbage now: free it before the model is built, so
                // the model reuses its memory (a large script's is freed with its tables, once
                // they are read: one collection, not two).
                if lua.memoryInUse <= ScriptLoader.collectAfterReadingAbove {
                    lua.collectGarbage(returningMemory: true)
                    timing.lap("collect", lua: lua)
                }
                let validator = Validator(lua: lua, file: path)
                return (validator, validator.readScript(results[1]))
            }
        } catch {
            // The source was dropped: read again, on this path only.
            let bytes = source ?? (try? PathResolver.readRegularFile(path).get()) ?? []
            throw LoadError([diagnostic(from: error, file: path)]
                            + StoreKeyUse.warningsFromText(path: path, bytes: bytes, options: options))
        }
        guard let (validator, app) = read else { throw LoadError([Diagnostic.ofErrorText(file: path, line: nil, path: "", message: "internal: the script ran already")]) }
        timing.lap("validate", lua: lua)
        // The tables a large script returned are garbage once read (the model holds what it
        // needs): free them, so the model built next (a Kconfig app's symbols) reuses their
        // memory rather than adding to the peak. A small script's state is left as it is: a
        // collection would cost more than it frees.
        if lua.memoryInUse > ScriptLoader.collectAfterReadingAbove {
            lua.collectGarbage()
            timing.lap("collect after reading", lua: lua)
        }
        if let error = lua.hostMemoryError(at: path) {
            throw LoadError([diagnostic(from: error, file: path)])
        }
        lua.keepHostBytes(lua.hostMemoryInAction, for: "model")  // what the validator copied out
        let diagnostics = Diagnostic.sorted(validator.takeDiagnostics().map { d in
            var d = d
            if d.code == .noScreen, d.line == nil, d.file == path { d.line = lastLine }
            return d
        })
        if validator.isLocaleFile {
            // Each entry problem at the entry's line.
            let diagnostics = LocaleEntryLines.placed(diagnostics, path: path, bytes: source)
            let notAScreen = Diagnostic(file: path, line: lastLine, path: "", message: "this file returns a table of strings (text = translation), not a screen or app: it is a locale file, read by the app whose `strings` names its folder; check that app with --locale")
            throw LoadError(diagnostics + [notAScreen], localeFileProblems: diagnostics)
        }
        if let functions = validator.moduleFunctionNames {
            throw LoadError(diagnostics + [moduleNote(path, functions, .error, line: lastLine)],
                            localeFileProblems: diagnostics + [moduleNote(path, functions, .warning, line: lastLine)])
        }
        guard let app, !diagnostics.contains(where: { $0.severity == .error }) else {
            // Every diagnostic at once (SPEC §2): the key typos too, though rows have errors.
            let typos = StoreKeyUse.warnings(scriptPath: path, isBound: { validator.registry.isBound($0) },
                                             boundKeys: { validator.registry.boundKeys.sorted() },
                                             scriptText: source, scriptLines: keyLines, moduleSource: options.moduleSource)
            throw LoadError(Diagnostic.sorted(diagnostics + typos))
        }
        return Loaded(lua: lua, validator: validator, registry: validator.takeRegistry(), diagnostics: diagnostics,
                      app: app, sources: sources, keyLines: keyLines)
    }

    /// What is said of a module given where a screen is expected: an error to the commands
    /// that show screens, a warning to `check` (its rows are checked with the script that
    /// requires it).
    static func moduleNote(_ path: String, _ functions: [String], _ severity: Diagnostic.Severity, line: Int? = nil) -> Diagnostic {
        let shown = functions.prefix(3).map { String($0.prefix(40)) }.joined(separator: ", ") + (functions.count > 3 ? ", ..." : "")
        return Diagnostic(severity, file: path, line: line, path: "", message: "this file returns a table of functions (\(shown)), not a screen or app: it is a module, loaded with require by a script, and checked with that script (check or run it); to check a module on its own, let it return a preview screen when it is not required (see examples/lib/shared_rows.lua)",
                          code: .noScreen)
    }

    /// The number of the last line of a script's text (a final line end starts no line).
    static func lastLine(of bytes: [UInt8]) -> Int {
        guard bytes.count > 1 else { return 1 }
        // memchr from line end to line end (a loop over 6 MB of bytes cost 2% of opening them)
        return bytes.withUnsafeBufferPointer { buffer in
            var lines = 1, from = 0
            let end = buffer.count - 1
            while from < end, let found = memchr(buffer.baseAddress! + from, 0x0A, end - from) {
                lines += 1
                from = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return lines
        }
    }

    package static func diagnostic(from error: LuaError, file: String) -> Diagnostic {
        // The message is the script's own text (error(...)): cut like any quoted value.
        var message = Diagnostic.quote(error.text, keepEnd: true) + SessionError.sandboxHint(error.text)
        if error.kind == .syntax { message = "syntax error: " + message }
        // A test file given where a screen script is expected calls test(), open(), ...
        for global in ["test", "open", "snapshot", "eq", "truthy", "raises", "skip", "todo"]
        where message.contains("attempt to call a nil value (global '\(global)')") {
            message += "; this is a test file (\(global) is a test global): run it with luascreen test \(file)"
            break
        }
        // A message without "file:line:" (raised by C: yield outside a coroutine, C stack
        // overflow, error(nil), error objects): the innermost script line of the traceback.
        let fromTraceback = error.scriptTraceback.lazy
            .compactMap { LuaError(kind: .runtime, message: $0).location }.first { $0.file != "luascreen" }
        let place = error.location ?? fromTraceback
        var d = Diagnostic.ofErrorText(file: place?.file ?? file, line: place?.line, path: "", message: message)
        switch error.kind {
        case .syntax: d.code = .syntax
        case .memory: d.code = .memory
        case .instructions: d.code = .budget
        case .runtime, .file: break  // known by the words of the script's error only
        }
        // A module that does not compile: `require` raised its compiler's message at the
        // line that required it. Said at the module's line, as a syntax error, required
        // from there (`lib/prefs.lua:3: error: syntax error: ...`, `app.lua:1: note: ...`).
        if error.kind == .runtime, let place,
           let inner = d.message.wholeMatch(of: #/([^\s:"'][^:\n]*\.lua):([0-9]+): ([^\n]*)/#),
           String(inner.output.1) != place.file, let line = Int(inner.output.2) {
            var module = Diagnostic.ofErrorText(file: String(inner.output.1), line: line, path: "",
                                                message: "syntax error: " + inner.output.3,
                                                calledFrom: [SourceLocation(file: place.file, line: place.line)])
            module.code = .syntax
            return module
        }
        return d
    }

    package static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}
