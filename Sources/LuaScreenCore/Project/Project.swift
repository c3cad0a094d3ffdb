/// An app as files, the one project model: its entry script, the modules it requires
/// (through any chain, each resolved from the entry's folder as `require` resolves it), its
/// locale files (`locales/*.lua` beside the entry) and its test files (`*_test.lua` beside it
/// and in its `tests/` folder). Found from any of its files: a module opened alone belongs to
/// the app whose requires reach it. Read through the Files seam; unsaved texts (an editor's)
/// come first from `source`. A value: `Sendable`.
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

    /// The project whose entry is `entry`. `source`: the unsaved text of a path, else nil (the file is read).
    public static func of(entry: String, source: (String) -> [UInt8]? = { _ in nil }) -> Project {
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
        let locales = luaFiles(folder + "/locales") { _ in true }
        let tests = luaFiles(folder) { $0.hasSuffix("_test.lua") } + luaFiles(folder + "/tests") { $0.hasSuffix("_test.lua") }
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
}
