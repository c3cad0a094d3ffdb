import ScreenModel

/// An app as files, the one project model: its entry script, the modules it requires
/// (through any chain, each resolved from the entry's folder as `require` resolves it; a
/// cycle of requires is followed once), its locale files (`locales/*.lua` beside the entry)
/// and its test files (`*_test.lua` beside it and in its `tests/` folder), the folders those
/// of a project file (`ProjectFile`) when it names them. Found from any of its files
/// (`forFile`): a module opened alone belongs to the app whose requires reach it. `check`,
/// `run`, `preview` and the language server all ask `forFile`. Read through the Files seam;
/// unsaved texts (an editor's) come first from `source`. A value: `Sendable`.
public struct Project: Sendable, Equatable {
    /// The entry script (standardized path).
    public var entry: String
    /// The modules it requires, directly or not, that exist (standardized paths), in the order first required.
    public var modules: [String]
    /// Its locale files.
    public var locales: [String]
    /// Its test files.
    public var tests: [String]

    /// The most files one project reads to follow its requires.
    public static let maxModules = 500
    /// The most scripts of one folder tried as an app's entry when looking for a module's app.
    public static let maxCandidates = 200

    /// The project whose entry is `entry`, its locale and test files in the folders `strings`
    /// and `tests` (relative to the entry's folder). `source`: the unsaved text of a path, else
    /// nil (the file is read).
    public static func of(entry: String, strings: String = "locales", tests testFolder: String = "tests",
                          source: (String) -> [UInt8]? = { _ in nil }) -> Project {
        let entry = Files.standardized(entry)
        let folder = Files.split(entry).folder
        var order: [String] = []
        var seen: Set<String> = [entry]
        var queue = [entry]
        while let file = queue.first, order.count < maxModules {
            queue.removeFirst()
            if file != entry { order.append(file) }
            guard let bytes = source(file) ?? (try? Files.readRegularFile(file)) else { continue }
            for (_, line) in StoreKeyUse.candidateLines(of: bytes) {
                for module in StoreKeyUse.requiredModules(line) {
                    let path = Files.standardized(folder + "/" + module.replacing(".", with: "/") + ".lua")
                    guard seen.insert(path).inserted, source(path) != nil || Files.kind(path) == .file else { continue }
                    queue.append(path)
                }
            }
        }
        func luaFiles(_ dir: String, _ keep: (String) -> Bool) -> [String] {
            Files.entries(dir).filter { $0.hasSuffix(".lua") && keep($0) }.sorted().map { Files.standardized(dir + "/" + $0) }
        }
        let locales = luaFiles(Files.standardized(folder + "/" + strings)) { _ in true }
        let tests = luaFiles(folder) { $0.hasSuffix("_test.lua") }
            + luaFiles(Files.standardized(folder + "/" + testFolder)) { $0.hasSuffix("_test.lua") }
        return Project(entry: entry, modules: order, locales: locales, tests: tests)
    }

    /// The app `file` is a module of: among the scripts of its folder and of each folder
    /// above it, nearest folder first, then by name, the first whose requires reach `file`.
    /// The folders searched go up to `root` (the workspace), and at least 3 above `file`'s
    /// (an editor may name the file's own folder as the root). Nil when none does.
    public static func containing(_ file: String, root: String?, source: (String) -> [UInt8]? = { _ in nil }) -> Project? {
        let file = Files.standardized(file)
        let top = root.map(Files.standardized)
        var folder = Files.split(file).folder
        var level = 0
        while true {
            let names = Files.entries(folder).filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_test.lua") }.sorted().prefix(maxCandidates)
            for name in names {
                let candidate = Files.standardized(folder + "/" + name)
                guard candidate != file else { continue }
                let project = of(entry: candidate, source: source)
                if project.modules.contains(file) { return project }
            }
            let parent = Files.split(folder).folder
            let belowRoot = top.map { folder != $0 && folder.hasPrefix($0 == "/" ? "/" : $0 + "/") } ?? false
            level += 1
            if parent == folder || (!belowRoot && level > 3) { return nil }
            folder = parent
        }
    }

    /// The app `file` is loaded as a part of, when that is another script's: the app of the
    /// nearest project file above `file` (`ProjectFile`, up to `root`) when its requires reach
    /// `file`; else, with no project file, when `found` (the diagnostics of `file` loaded
    /// alone) say it was opened alone (it returns no screen, or a module it requires is not
    /// found from its folder, `openedAlone`), the app `containing` finds. Nil: `file` is
    /// loaded as itself (it is an entry, or a file of no app). Throws `ProjectFileError` for a
    /// project file that cannot be used.
    public static func forFile(_ file: String, root: String? = nil, found: [Diagnostic]? = nil,
                               source: (String) -> [UInt8]? = { _ in nil }) throws(ProjectFileError) -> Project? {
        let file = Files.standardized(file)
        if let path = ProjectFile.find(from: Files.split(file).folder, root: root) {
            let settings = try ProjectFile.read(path)
            guard settings.entry != file else { return nil }
            let project = of(entry: settings.entry, strings: settings.strings, tests: settings.tests, source: source)
            return project.modules.contains(file) ? project : nil
        }
        guard let found, openedAlone(found) else { return nil }
        return containing(file, root: root, source: source).flatMap { $0.entry == file ? nil : $0 }
    }

    /// Whether a file's diagnostics say it is a module opened alone: it returns no screen, or
    /// a `require` of it found no module (modules resolve from the entry's folder).
    public static func openedAlone(_ found: [Diagnostic]) -> Bool {
        found.contains { $0.code == .noScreen || $0.message.hasPrefix("require: module '") && $0.message.contains("' not found") }
    }

    /// `path` as a person names it: relative to the current folder (`../main.lua` above it,
    /// up to 3 folders up), else the whole path.
    public static func shown(_ path: String) -> String {
        let here = Files.standardizedParts(".")
        let parts = Files.standardizedParts(path)
        var common = 0
        while common < here.count, common < parts.count, here[common] == parts[common] { common += 1 }
        let up = here.count - common
        guard up <= 3, common > 0 else { return Files.standardized(path) }
        return (Array(repeating: "..", count: up) + parts[common...]).joined(separator: "/")
    }
}
