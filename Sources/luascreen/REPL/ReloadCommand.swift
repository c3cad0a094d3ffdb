import LuaScreen

/// `reload`, and the reload `run --watch` starts when a file changes.
extension Shell {
    /// `reload`, or (`changed`: the files `run --watch` saw change) a reload on its own.
    func reload(changed: [String]? = nil) {
        if let changed {
            let names = changed.isEmpty ? [session.scriptPath] : changed
            print(style.dim("\(names.map { clean($0, keepNewlines: false) }.joined(separator: ", ")) changed on disk: reloading."))
        }
        do {
            let note = try session.reloadScript()
            render()
            print("Reloaded \(clean(session.scriptPath, keepNewlines: false)).")
            if let note { print("note: \(clean(note))") }
        } catch let error as LoadError {
            for diagnostic in error.diagnostics { printError(clean(diagnostic.description)) }
            fail("the script has errors; still running the version loaded before")
        } catch {
            report(error)
        }
    }
}
