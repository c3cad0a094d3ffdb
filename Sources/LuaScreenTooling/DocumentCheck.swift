import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenTesting

/// `check`'s list for a text that need not be saved (the language server's diagnostics): the
/// script is loaded from `text`, the modules it requires from `SessionOptions.moduleSource`
/// first, then from disk, with the session's budgets. A namespace: call it on the thread
/// that owns the options (the Lua state it makes is closed before it returns).
public enum DocumentCheck {
    /// Every problem of the script `path` whose text is `text` (nil: the file), sorted as
    /// `check` prints them: load errors, else warnings, evaluation problems and key typos. A
    /// test file (`*_test.lua`) is compiled only: its syntax errors.
    public static func diagnostics(path: String, text: [UInt8]? = nil, options: SessionOptions) -> [Diagnostic] {
        if path.hasSuffix("_test.lua") {
            do {
                let text = try text ?? Files.readRegularFile(path)
                return syntaxProblems(path: path, text: text, limits: options.limits)
            } catch let error as FileError {
                return [Diagnostic.ofErrorText(file: path, line: nil, path: "", message: error.message)]
            } catch {
                return [Diagnostic.ofErrorText(file: path, line: nil, path: "", message: "\(error)")]
            }
        }
        return Diagnostic.sorted(check(path: path, text: text, options: options).diagnostics)
    }

    /// What `check` finds in one script, unsorted: its load errors (a locale file's entry
    /// problems), else its load warnings, the problems of evaluating each screen, the store
    /// keys read but bound by no row and, when `untranslated`, the strings the selected locale
    /// lacks; with the real paths of the modules the script required. `text` nil: the file.
    /// `finish` is given the session when it opened (the default closes it).
    package static func check(path: String, text: [UInt8]? = nil, options: SessionOptions, untranslated: Bool = false,
                              finish: (Session) -> Void = { $0.close() }) -> (diagnostics: [Diagnostic], required: [String]) {
        var options = options
        if options.store == nil { options.store = MemoryStore() }
        do {
            let session = try Session.open(path: path, text: text, options: options)
            defer { finish(session) }
            // (evaluated first: the keys its field functions read are what finds a typo in
            // a key the script computes)
            let problems = session.evaluationProblems()
            let keys = session.storeKeyWarnings()
            // A ctx member ctx lacks, found in the text, is said once: not again as the
            // error of the field function that read it (`ctx.stor` in a `detail`).
            let members = keys.filter { $0.code == .unknownField }
            let evaluated = members.isEmpty ? problems : problems.filter { problem in
                !members.contains { $0.file == problem.file && $0.line == problem.line && problem.message.contains($0.message) }
            }
            var found = session.loadWarnings + evaluated + keys
            if untranslated { found += session.untranslatedStrings() }
            let required = session.sources.paths.dropFirst().map { Files.realPath($0) ?? $0 }
            return (found, required)
        } catch let error as LoadError {
            // A locale file is checked as one: its entries, not as a screen.
            // The modules it required are parts of it, though it failed.
            return (error.localeFileProblems ?? error.diagnostics, error.modules.map { Files.realPath($0) ?? $0 })
        } catch let error as SessionError {
            // The root's on_appear raised: its message (which begins with the script's place),
            // without the traceback (a diagnostic is one line).
            return (error.warnings + [Diagnostic.ofErrorText(file: path, line: nil, path: "", message: error.message)], [])
        } catch {
            return ([Diagnostic.ofErrorText(file: path, line: nil, path: "", message: "\(error)")], [])
        }
    }

    /// The syntax error of `text`, if it has one (it is compiled, never run).
    public static func syntaxProblems(path: String, text: [UInt8], limits: LuaLimits) -> [Diagnostic] {
        guard let lua = LuaState(limits: limits) else {
            return [Diagnostic(file: path, line: nil, path: "", message: "cannot create a Lua state (out of memory)", code: .memory)]
        }
        defer { lua.close() }
        lua.beginAction()
        defer { lua.endAction() }
        do { _ = try lua.compile(text, chunkName: "@" + path) } catch { return [ScriptLoader.diagnostic(from: error, file: path)] }
        return []
    }
}
