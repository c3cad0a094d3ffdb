import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenTesting

/// `check`'s list for a text that need not be saved (the language server's diagnostics): the
/// script is loaded from `text`, the modules it requires from `SessionOptions.moduleSource`
/// first, then from disk, with the session's budgets. A namespace: call it on the thread
/// that owns the options (the Lua state it makes is closed before it returns).
public enum DocumentCheck {
    /// Every problem of the script `path` whose text is `text`, sorted as `check` prints them:
    /// load errors, else warnings, evaluation problems and key typos. A test file
    /// (`*_test.lua`) is compiled only: its syntax errors.
    public static func diagnostics(path: String, text: [UInt8], options: SessionOptions) -> [Diagnostic] {
        if path.hasSuffix("_test.lua") { return syntaxProblems(path: path, text: text, limits: options.limits) }
        var options = options
        if options.store == nil { options.store = MemoryStore() }
        var found: [Diagnostic]
        do {
            let session = try Session.open(path: path, text: text, options: options)
            defer { session.close() }
            found = session.loadWarnings + session.evaluationProblems() + session.storeKeyWarnings()
        } catch let error as LoadError {
            found = error.localeFileProblems ?? error.diagnostics
        } catch {
            found = [Diagnostic(file: path, line: nil, path: "", message: "\(error)")]
        }
        return Diagnostic.sorted(found)
    }

    /// The syntax error of `text`, if it has one (it is compiled, never run).
    public static func syntaxProblems(path: String, text: [UInt8], limits: LuaLimits) -> [Diagnostic] {
        guard let lua = LuaState(limits: limits) else {
            return [Diagnostic(file: path, line: nil, path: "", message: "cannot create a Lua state (out of memory)")]
        }
        defer { lua.close() }
        lua.beginAction()
        defer { lua.endAction() }
        if let error = lua.load(text, chunkName: "@" + path) { return [ScriptLoader.diagnostic(from: error, file: path)] }
        return []
    }
}
