import LuaScreen

/// `luascreen check SCRIPT... [--json]`: every problem of every script, ordered by line;
/// exit 0 when there is no error.
enum CheckCommand {
    static func run(_ options: Options) -> Int32 {
        var all: [Diagnostic] = []
        for path in options.paths {
            var found: [Diagnostic] = []
            do {
                let session = try Session.open(path: path, options: CommandSupport.sessionOptions(options, store: MemoryStore()))
                found = session.loadWarnings + session.evaluationProblems() + session.storeKeyWarnings()
                if options.locale != nil { found += session.untranslatedStrings() }
                CommandSupport.finished(session)
            } catch let error as LoadError {
                // A locale file is checked as one: its entries, not as a screen.
                found = error.localeFileProblems ?? error.diagnostics
            } catch {
                found = [Diagnostic(file: path, line: nil, path: "", message: "\(error)")]
            }
            all += Diagnostic.sorted(found)
        }
        if options.json {
            print(Diagnostic.json(all).serialized(pretty: true))
        } else {
            for d in all { printError(d.description) }
        }
        return all.contains { $0.severity == .error } ? 1 : 0
    }
}
