#if canImport(Glibc)
import Glibc
#endif
import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// `luascreen test --coverage FILE`: what the tests ran of the screen scripts they opened.
/// Lines come from the line hook (`LineCoverage`); rows shown and selected from the test
/// sessions' calls; callbacks run from the call hook, matched to each callback's definition.
/// A row and a callback count under the file that declares them (a module's rows under the
/// module, not the app that requires it); the app's locale files are no code and left out.
///
/// Not `Sendable`: bound to the thread that runs the tests (the hooks of their Lua states
/// add to it); `current` is one global, set and read on that thread only.
package final class TestCoverage {
    /// The collector of the running test command, when coverage is on (one thread only).
    nonisolated(unsafe) public static var current: TestCoverage?

    private struct RowKey: Hashable { var screen: String; var row: String }

    /// What one opened script declares and what the tests did with it.
    private final class Script {
        let path: String
        var rows = Set<RowKey>()
        var selectable = Set<RowKey>()
        var shown = Set<RowKey>()
        var selected = Set<RowKey>()
        /// The file that declares each row (canonical), when it is not the script.
        var fileOf: [RowKey: String] = [:]
        /// Where each callback is defined ("file:line", canonical file).
        var callbacks = Set<String>()
        /// The app's locale folder (`strings = "folder"`), canonical.
        var localeFolder: String?
        init(path: String) { self.path = path }

        /// The file that declares the row `key` (canonical).
        func file(of key: RowKey) -> String { fileOf[key] ?? path }
    }

    private var scripts: [String: Script] = [:]
    private var order: [String] = []

    /// Starts collecting: line and call recording on for every Lua state opened from now.
    public static func start() -> TestCoverage {
        LineCoverage.start()
        let coverage = TestCoverage()
        current = coverage
        return coverage
    }

    /// Whether lcov can name the path: a record is a line, and lcov has no escapes, so a
    /// path holding a line end (LF, CR, U+2028, U+2029, NEL, VT, FF) or NUL is left out.
    static func isLcovPath(_ path: String) -> Bool {
        !path.isEmpty && !path.unicodeScalars.contains { v in
            [0x00, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(v.value)
        }
    }

    /// Whether `path` names a regular file (links followed).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A path with `.`/`..` resolved and links followed, so chunk names and paths compare.
    static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return PathResolver.join(ExploreTestFile.currentDirectory(), path)
    }

    private func script(for session: Session) -> Script {
        let path = TestCoverage.canonical(session.scriptPath)
        if let known = scripts[path] { return known }
        let script = Script(path: path)
        scripts[path] = script
        order.append(path)
        if let folder = session.app.strings?.folder {
            script.localeFolder = TestCoverage.canonical(PathResolver.join(ScriptLoader.directoryName(session.scriptPath), folder))
        }
        for screen in session.app.screens {
            if let ref = screen.onAppear { noteCallback(ref, session, script) }
            guard case .value(let sections) = screen.sections else { continue }
            for row in sections.lazy.flatMap(\.rows) {
                let key = RowKey(screen: screen.id, row: row.id)
                script.rows.insert(key)
                if let file = row.location?.file, case let declared = TestCoverage.canonical(file), declared != path {
                    script.fileOf[key] = declared
                }
                if row.isSelectable { script.selectable.insert(key) }
                // A row's actions are callbacks too (`actions = { { on_select = fn }, ... }`).
                let actions = row.hasRareFields ? row.actions.map(\.onSelect) : []
                for ref in ([row.onSelect, row.onAccessory, row.binding?.onChange, row.binding?.validate].compactMap({ $0 }) + actions) {
                    noteCallback(ref, session, script)
                }
                if case .function(let ref)? = row.push { noteCallback(ref, session, script) }
            }
        }
        return script
    }

    private func noteCallback(_ ref: ScriptRef, _ session: Session, _ script: Script) {
        if let place = session.definition(of: ref) {
            script.callbacks.insert("\(TestCoverage.canonical(place.file)):\(place.line)")
        }
    }

    /// A test opened a session: its script's rows and callbacks are counted from now.
    func opened(_ session: Session) {
        _ = script(for: session)
        shown(session)
    }

    /// The visible rows of the session's current screen were shown.
    func shown(_ session: Session) {
        guard session.navigation.last?.picker == nil else { return }
        let script = script(for: session)
        let id = session.currentScreenID
        for row in session.currentScreen().sections.lazy.flatMap(\.rows) where row.visible {
            script.shown.insert(RowKey(screen: id, row: row.id))
        }
    }

    /// A session was opened (its first screen is shown), when coverage is being taken.
    static func opened(_ handle: TestSessionHandle) {
        if let coverage = current, let session = handle.session { coverage.opened(session) }
    }

    /// The session methods, each noting what it showed and selected.
    static func methods(_ methods: [(String, TestFileRun.Method)]) -> [(String, TestFileRun.Method)] {
        guard let coverage = current else { return methods }
        return methods.map { name, body in
            (name, { run, session, handle, s in
                var target: RowKey?
                if [Verb.select, .set, .accessory].map(\.name).contains(name), session.navigation.last?.picker == nil,
                   let ref = try? run.reference(s, name), let row = try? session.lookup(ref) {
                    target = RowKey(screen: session.currentScreenID, row: row.id)
                }
                defer { coverage.shown(session) }
                let result = try body(run, session, handle, s)
                if let target { coverage.script(for: session).selected.insert(target) }
                return result
            })
        }
    }

    /// The totals: lines run, rows shown, rows selected, callbacks run. `Sendable`.
    public struct Summary: Equatable, Sendable {
        /// Lines run, of the lines that can run.
        public var linesRun = 0, lines = 0
        /// Rows shown by a test, of the rows declared.
        public var rowsShown = 0, rows = 0
        /// Rows selected by a test, of the selectable rows.
        public var rowsSelected = 0, selectable = 0
        /// Callbacks run, of the callbacks declared.
        public var callbacksRun = 0, callbacks = 0

        /// "lines run 12/20, rows shown 5/6, rows selected 2/3, callbacks run 1/2".
        public var text: String {
            "lines run \(linesRun)/\(lines), rows shown \(rowsShown)/\(rows), rows selected \(rowsSelected)/\(selectable), callbacks run \(callbacksRun)/\(callbacks)"
        }
    }

    /// Stops recording, writes the lcov file (`-`: standard output) through the `Files` seam,
    /// refusing one that is any of `inputs` or a script it covered; a summary per script and in all.
    public func finish(lcovFile: String, inputs: [String] = []) throws -> (perScript: [(path: String, summary: Summary)], total: Summary) {
        let result = finish()
        try Files.checkNotInput(lcovFile, inputs: inputs + result.perScript.map(\.path))
        try Files.writeOutput(result.lcov, to: lcovFile)
        return (result.perScript, result.total)
    }

    /// Stops recording; the lcov text and a summary per script and in all.
    public func finish() -> (lcov: String, perScript: [(path: String, summary: Summary)], total: Summary) {
        LineCoverage.stop()
        TestCoverage.current = nil
        let recorded = LineCoverage.recorded()
        var byPath: [String: LineCoverage.File] = [:]
        for file in recorded {
            let path = TestCoverage.canonical(file.name)
            if var known = byPath[path] {
                known.hits.merge(file.hits) { $0 + $1 }
                known.called.formUnion(file.called)
                byPath[path] = known
            } else {
                byPath[path] = file
            }
        }
        // Modules the scripts required count as theirs: every recorded file but test files.
        // Only real files: a chunk that `load` named like a file ("@x.lua") is not one, and
        // a name that holds a line end would forge lcov records (`\nSF:/etc/hostname`).
        // A locale file is a table of strings, not code: left out.
        let localeFolders = scripts.values.compactMap(\.localeFolder).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var files = order.filter(TestCoverage.isLcovPath)
        for path in byPath.keys.sorted() where !files.contains(path) && !path.hasSuffix("_test.lua") && path.hasSuffix(".lua")
            && TestCoverage.isLcovPath(path) && TestCoverage.isRegularFile(path) && !localeFolders.contains(where: path.hasPrefix) {
            files.append(path)
        }
        // Each file's rows and callbacks, from every script that declared some there.
        func callbackFile(_ place: String) -> String { place.lastIndex(of: ":").map { String(place[..<$0]) } ?? place }
        var lcov = ""
        var total = Summary()
        var perScript: [(String, Summary)] = []
        for path in files {
            let file = byPath[path]
            let hits = file?.hits ?? [:]
            var lines = readFileBytes(path).flatMap { LineCoverage.executableLines(of: $0, chunkName: "@" + path) } ?? []
            lines.formUnion(hits.keys)
            var summary = Summary()
            summary.lines = lines.count
            summary.linesRun = lines.filter { hits[$0] != nil }.count
            lcov += "TN:\nSF:\(path)\n"
            for line in lines.sorted() { lcov += "DA:\(line),\(hits[line] ?? 0)\n" }
            lcov += "LF:\(summary.lines)\nLH:\(summary.linesRun)\nend_of_record\n"
            for script in scripts.values {
                let rows = script.rows.filter { script.file(of: $0) == path }
                let selectable = script.selectable.filter { script.file(of: $0) == path }
                let callbacks = script.callbacks.filter { callbackFile($0) == path }
                summary.rows += rows.count
                summary.rowsShown += script.shown.intersection(rows).count
                summary.selectable += selectable.count
                summary.rowsSelected += script.selected.intersection(selectable).count
                summary.callbacks += callbacks.count
                summary.callbacksRun += callbacks.filter { place in
                    guard let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) else { return false }
                    return byPath[String(place[..<colon])]?.called.contains(line) ?? false
                }.count
            }
            perScript.append((path, summary))
            total.lines += summary.lines; total.linesRun += summary.linesRun
            total.rows += summary.rows; total.rowsShown += summary.rowsShown
            total.selectable += summary.selectable; total.rowsSelected += summary.rowsSelected
            total.callbacks += summary.callbacks; total.callbacksRun += summary.callbacksRun
        }
        return (lcov, perScript, total)
    }
}
