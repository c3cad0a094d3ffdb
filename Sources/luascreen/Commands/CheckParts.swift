import LuaScreen
import ScreenModel

/// `check`'s files that are modules of an app (`Project.forFile` found the app): each app is
/// checked once, through its entry, and each module shows its own diagnostics (at its own
/// lines), with a note naming the app. Also which checked scripts a folder's check leaves
/// out because another checked script required them.
struct CheckParts {
    /// Each app's entry (standardized), and its modules to check, in the order first met.
    private var apps: [(entry: String, targets: [CheckCommand.Target])] = []

    /// `target` is a module of `project`'s app.
    mutating func add(_ target: CheckCommand.Target, of project: Project) {
        if let i = apps.firstIndex(where: { $0.entry == project.entry }) {
            apps[i].targets.append(target)
        } else {
            apps.append((project.entry, [target]))
        }
    }

    /// The diagnostics of every module added: its app checked by `run` (given the entry's path
    /// as a person names it), the diagnostics in the module kept, named as the module was
    /// given. A module a folder gave whose entry was checked too (`checked`: real paths) is
    /// left out: the entry's check showed its problems. `note` is given each note line.
    func check(checked: Set<String>, note: (String) -> Void, run: (String) -> [Diagnostic]) -> [Diagnostic] {
        var all: [Diagnostic] = []
        for (entry, targets) in apps {
            let shownEntry = Project.shown(entry)
            let targets = targets.filter { !($0.fromFolder && checked.contains(CheckCommand.real(entry))) }
            guard !targets.isEmpty else { continue }
            let found = run(shownEntry)
            for target in targets {
                note(sanitize("\(target.shown): note: checked as part of the app \(shownEntry), which requires it"))
                let file = Files.standardized(target.path)
                func isModule(_ named: String) -> Bool {
                    if named.hasPrefix("...") { return file.hasSuffix(String(named.dropFirst(3))) }
                    return Files.standardized(named) == file
                }
                var own: [Diagnostic] = []
                var elsewhere = 0
                for var d in found {
                    if isModule(d.file) {
                        d.file = target.shown
                    } else if !d.calledFrom.contains(where: { isModule($0.file) }) {
                        if d.severity == .error { elsewhere += 1 }
                        continue
                    }
                    d.calledFrom = d.calledFrom.map { isModule($0.file) ? SourceLocation(file: target.shown, line: $0.line) : $0 }
                    own.append(d)
                }
                if elsewhere > 0 {
                    note(sanitize("\(target.shown): note: the app has \(elsewhere) error\(elsewhere == 1 ? "" : "s") in its other files (luascreen check \(shownEntry))"))
                }
                all += Diagnostic.sorted(own)
            }
        }
        return all
    }

    /// The checked scripts a folder gave that another checked script required (each as
    /// `(real path, from a folder, the real paths it required)`), left out of what is
    /// printed: they were checked as its parts. In a cycle of requires that no other script
    /// reaches, the first of the cycle stands for the others.
    static func covered(_ scripts: [(path: String, fromFolder: Bool, required: [String])]) -> Set<String> {
        let requiredByOther = scripts.map { script in
            script.fromFolder && scripts.contains { $0.path != script.path && $0.required.contains(script.path) }
        }
        var reached = Set<String>()
        var kept = Set<String>()
        for (i, script) in scripts.enumerated() where !requiredByOther[i] {
            kept.insert(script.path)
            reached.formUnion(script.required)
        }
        for (i, script) in scripts.enumerated() where requiredByOther[i] && !reached.contains(script.path) {
            kept.insert(script.path)
            reached.formUnion(script.required)
        }
        return Set(scripts.map(\.path)).subtracting(kept)
    }
}
