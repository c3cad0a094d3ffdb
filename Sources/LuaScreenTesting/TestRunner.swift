import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// `skip(reason)` or `todo(reason)` in a test (TAP's `# SKIP` and `# TODO` directives,
/// JUnit's `<skipped>`). `Sendable`: a plain value.
package enum TestDirective: Equatable, Sendable {
    /// The test stopped at `skip(reason)`: neither passed nor failed.
    case skip(String)
    /// The test is not expected to pass yet: its failure does not fail the run.
    case todo(String)

    /// The reason given.
    public var reason: String {
        switch self {
        case .skip(let r), .todo(let r): return r
        }
    }
}

/// How `luascreen test` runs test files. `Sendable`: a plain value.
public struct TestOptions: Sendable {
    /// The limits of every Lua state: each test file's own, and each screen a test opens.
    public var limits: LuaLimits
    /// Lift the sandbox (test files and the screens they open).
    public var trusted: Bool
    /// Rewrite every snapshot with the text the test gives instead of comparing.
    public var updateSnapshots: Bool
    /// The width `render()` draws at when neither the call nor `open`'s `width` says.
    public var width: Int
    /// The test root: `open(path)` and `snapshot` reach only files inside it (SPEC §7),
    /// unless `trusted`. `luascreen test` passes the folder it was started in.
    public var root: String
    /// Run only the tests whose name contains this text (`--filter`); nil runs them all.
    public var filter: String?
    /// The TAP version the first line announces: 14, or 13 for a harness that asks for it.
    public var tapVersion: Int = 14
    /// A run in which no test ran (no test file, a filter nothing matches) exits 0
    /// (`--allow-empty`); by default it exits 1.
    public var allowEmpty = false

    /// Options with these limits, sandbox, snapshot mode, width, test root and filter.
    public init(limits: LuaLimits = LuaLimits(), trusted: Bool = false, updateSnapshots: Bool = false, width: Int = 80,
                root: String = ".", filter: String? = nil) {
        self.limits = limits
        self.trusted = trusted
        self.updateSnapshots = updateSnapshots
        self.width = width
        self.root = root
        self.filter = filter
    }
}

/// The outcome of one test (or of a test file that could not be loaded).
/// `Sendable`: a plain value.
public struct TestResult: Equatable, Sendable {
    /// Counted from 1 across every file the runner ran.
    public var number: Int
    /// The test's name, as given to `test(NAME, ...)`.
    public var name: String
    /// The test file it is in.
    public var file: String
    /// Whether every assertion of the test held.
    public var passed: Bool
    /// Why it failed: the message (starting with the failing assertion's `file:line`) and,
    /// when the failure came from a nested call, the traceback.
    public var reason: [String]
    /// It failed by a Lua error (a runtime or syntax error, an error in a callback, a test
    /// file that did not load), not by a failed assertion: JUnit's `<error>`, not `<failure>`.
    public var isError = false
    /// `skip(reason)` or `todo(reason)` in the test; nil for most.
    package var directive: TestDirective?
    /// How long it ran, in seconds.
    public var seconds: Double = 0
    /// What the test printed (`print`), line by line: JUnit's `<system-out>`.
    public var printed: [String] = []

    /// A result with these fields (the rarer ones are set after).
    public init(number: Int, name: String, file: String, passed: Bool, reason: [String]) {
        self.number = number
        self.name = name
        self.file = file
        self.passed = passed
        self.reason = reason
    }

    /// Counts as failed: it did not pass and was not marked `todo`, nor skipped.
    public var countsAsFailed: Bool { !passed && directive == nil }

    /// The lines `luascreen test` prints for it: a TAP test point, and a YAML block when it failed.
    public var lines: [String] { TAPReport.lines(self) }
}

/// Runs `*_test.lua` files (SPEC §5). Each file runs in a Lua state of its own, sandboxed,
/// with `require` bound to the file's folder and the globals `test`, `eq`, `truthy`,
/// `raises`, `snapshot` and `open`; each `open` starts a `Session` in yet another Lua state,
/// closed when its test ends.
///
///     let runner = TestRunner(options: TestOptions()) { print($0) }
///     runner.run(files: try TestRunner.testFiles(in: ["tests"]))
///     // TAP version 14, a line a test, "# 12 passed, 0 failed", then the plan "1..12"
///
/// Not `Sendable`: bound to the thread that made it, as the Lua states it runs are.
public final class TestRunner {
    /// How the test files are run.
    public let options: TestOptions
    /// Receives each line of output as soon as it is known, sanitized.
    public let output: (String) -> Void
    /// Every test run so far, in order.
    public private(set) var results: [TestResult] = []
    /// How long each file ran (its top level, its tests and their sessions), in seconds.
    public private(set) var fileSeconds: [String: Double] = [:]

    /// How many tests passed (skipped and `todo` tests not counted).
    public var passed: Int { results.filter { $0.passed && $0.directive == nil }.count }
    /// How many tests failed (a file that could not be loaded counts as one; a `todo` test
    /// that fails does not).
    public var failed: Int { results.filter(\.countsAsFailed).count }
    /// How many tests called `skip`.
    public var skipped: Int { results.filter { if case .skip? = $0.directive { return true } else { return false } }.count }
    /// How many tests called `todo`.
    public var todo: Int { results.filter { if case .todo? = $0.directive { return true } else { return false } }.count }
    /// The last line of `luascreen test`: `N passed, N failed` (then `, N skipped` and
    /// `, N todo` when there are any).
    public var summary: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") + (todo > 0 ? ", \(todo) todo" : "")
    }
    /// 0 when no test failed, else 1; 1 also when no test ran at all, unless
    /// `options.allowEmpty` (a CI job whose path or filter matches nothing must not pass).
    public var exitStatus: Int32 { failed > 0 || (results.isEmpty && !options.allowEmpty) ? 1 : 0 }

    /// A runner with these options, printing each line of output through `output`.
    public init(options: TestOptions = TestOptions(), output: @escaping (String) -> Void = { print($0) }) {
        self.options = options
        // Every line the runner prints (test names, messages, row references, the file's
        // print) goes through the one sanitizer: no raw control or bidi character.
        self.output = { output(sanitize($0)) }
    }

    /// The test files a list of paths names: a file as it is, a folder searched recursively
    /// for `*_test.lua` (sorted). Throws `TestPathError` for a path that does not exist.
    public static func testFiles(in paths: [String]) throws -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        for path in paths {
            switch TestFiles.kind(path) {
            case .missing:
                throw TestPathError(path: path)
            case .directory:
                for file in TestFiles.testFiles(under: path) where seen.insert(file).inserted { files.append(file) }
            case .file, .other:
                if seen.insert(path).inserted { files.append(path) }
            }
        }
        return files
    }

    /// Runs every test of one file (those `filter` selects), printing each result as it
    /// comes; returns the file's results. `run(files:)` adds the TAP header, plan and summary.
    @discardableResult
    public func run(file path: String) -> [TestResult] {
        comment(path)
        let run = TestFileRun(path: path, options: options)
        var fileResults: [TestResult] = []
        let fileStart = monotonicNanoseconds()
        func record(_ name: String, _ outcome: TestFileRun.Outcome, started: UInt64) {
            // One line: a name cannot end its test point and forge another (LF, CR, CRLF,
            // U+2028, U+2029, NEL all count as line ends here).
            let oneLine = name.split(whereSeparator: \.isNewline).joined(separator: " ")
            var result = TestResult(number: results.count + 1, name: oneLine, file: path,
                                    passed: outcome.failure == nil, reason: outcome.failure ?? [])
            result.isError = outcome.isError
            result.directive = outcome.directive
            result.seconds = Double(monotonicNanoseconds() &- started) / 1e9
            result.printed = run.printed
            run.printed = []
            results.append(result)
            fileResults.append(result)
            for line in result.lines { output(line) }
            for note in run.takeNotes() { comment(note) }
        }
        if let failure = run.load() {
            record(path, TestFileRun.Outcome(failure: failure, isError: true), started: fileStart)
            run.close()
            return fileResults
        }
        if run.tests.isEmpty {
            comment("\(path): no tests (define them with test(name, function() ... end))")
        }
        var selected = 0
        for index in run.tests.indices {
            if let filter = options.filter, !filter.isEmpty, !run.tests[index].name.contains(filter) { continue }
            selected += 1
            let started = monotonicNanoseconds()
            let outcome = run.runTest(index)
            record(run.tests[index].name, outcome, started: started)
        }
        if selected == 0, !run.tests.isEmpty, let filter = options.filter {
            comment("\(path): no test name contains \(LuaLiteral.string(filter))")
        }
        run.close()
        let seconds = Double(monotonicNanoseconds() &- fileStart) / 1e9
        fileSeconds[path] = seconds
        comment("\(path): \(fileResults.count) \(fileResults.count == 1 ? "test" : "tests") in \(TAPReport.seconds(seconds)) s")
        return fileResults
    }

    /// Runs files in order after the TAP header, then prints the summary line as a comment
    /// and the plan last (TAP consumers such as tappy take no line after a trailing plan);
    /// returns the exit status.
    @discardableResult
    public func run(files: [String]) -> Int32 {
        output(TAPReport.header(version: options.tapVersion))
        for file in files { run(file: file) }
        if results.isEmpty {
            comment(options.allowEmpty ? "no test ran (--allow-empty)"
                    : "no test ran: exit status 1 (a path or --filter that matches nothing); --allow-empty makes it 0")
        }
        comment(summary)
        output(TAPReport.plan(results.count))
        return exitStatus
    }

    private func comment(_ text: String) {
        for line in TAPReport.comment(text) { output(line) }
    }
}

/// One test file's Lua state, its tests and the sessions its current test opened.
package final class TestFileRun {
    struct Test {
        var name: String
        var ref: LuaRef
    }

    let path: String
    let folder: String
    let options: TestOptions
    let lua: LuaState?
    var tests: [Test] = []
    /// How a test (or the file's top level) ended.
    struct Outcome {
        /// The failure lines; nil when it passed.
        var failure: [String]?
        /// The failure is a Lua error, not a failed assertion.
        var isError = false
        /// `skip` or `todo` was called.
        var directive: TestDirective?
    }

    /// The test running now (nil while the file itself runs).
    var current: Int?
    /// What the current test printed.
    var printed: [String] = []
    /// The texts of the assertions that failed in the current test: an error that ends
    /// with one of them is a failed assertion, any other a Lua error.
    var assertionFailures: [String] = []
    /// `skip(reason)` or `todo(reason)` in the current test.
    var directive: TestDirective?
    var sessions: [TestSessionHandle] = []
    /// Every session this file opened, by its handle's identity: the methods, shared by all
    /// of them in one metatable, find theirs here (a closed one says so).
    var sessionHandles: [UnsafeRawPointer: TestSessionHandle] = [:]
    /// The sessions' metatable, made at the first `open`.
    var sessionMetatable: LuaRef?
    /// Lines to print after the current result: the script's `print`, snapshots written.
    var notes: [String] = []
    /// Snapshot names taken in this file, and by which test.
    var snapshotsTaken: [String: String] = [:]
    var stringFind: LuaRef?
    /// The one resolver of the paths the file names (`open`, `snapshot`); nil when the
    /// test root cannot be read.
    let resolver: PathResolver?

    init(path: String, options: TestOptions) {
        self.path = path
        self.folder = TestFiles.directoryName(path)
        self.options = options
        self.lua = LuaState(limits: options.limits)
        self.resolver = options.trusted ? .unbound : PathResolver(root: options.root, liftAdvice: options.limits.pathAdvice)
    }

    /// `name` (relative to the test file) through the resolver.
    func resolve(_ name: String) -> Result<(path: String, real: String?), PathError> {
        guard let resolver else { return .failure(PathError("the test root \(options.root) cannot be read")) }
        return resolver.resolve(name, from: folder)
    }

    /// Why the test file is not run when it is a symbolic link that leads out of the test
    /// root (SPEC §7: a test reaches nothing outside it; `--trusted` lifts this), else nil.
    func linkOutOfRoot() -> String? {
        guard !options.trusted, Files.kind(path) == .link, let resolver else { return nil }
        if let real = Files.realPath(path), resolver.contains(real: real) { return nil }
        return "\(path): error: not run: it is a symbolic link out of the test root \(options.root); keep test files inside it\(options.limits.pathAdvice.isEmpty ? "" : " (\(options.limits.pathAdvice))")"
    }

    deinit { close() }

    func close() {
        closeSessions()
        lua?.close()
    }

    func closeSessions() {
        for handle in sessions { handle.close() }
        sessions = []
    }

    func takeNotes() -> [String] {
        defer {
            notes = []
            notedBytes = 0
        }
        return notes
    }

    /// The script's print, kept for the current result: at most `maxNotedBytes` of it, so a
    /// test that prints in a loop cannot grow the host without bound.
    func note(_ text: String) {
        guard notedBytes <= TestFileRun.maxNotedBytes else { return }
        notedBytes += text.utf8.count + 1
        if notedBytes > TestFileRun.maxNotedBytes {
            let cut = "… (print output cut: more than \(TestFileRun.maxNotedBytes >> 20) MiB in this test)"
            notes.append(cut)
            printed.append(cut)
            return
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            notes.append(String(line))
            printed.append(String(line))
        }
    }

    var notedBytes = 0
    static let maxNotedBytes = 1 << 20

    /// Opens the sandbox, installs the globals and runs the file's top level, which
    /// defines the tests. Returns the failure lines when the file cannot be loaded.
    func load() -> [String]? {
        guard let lua else { return ["\(path): error: cannot create a Lua state (out of memory)"] }
        let sandbox = SandboxOptions(trusted: options.trusted, moduleFolder: folder, print: { [weak self] text in
            self?.note(text)
        })
        if let error = lua.openScriptSandbox(sandbox) {
            return ["\(path): error: \(error.sandboxText)"]
        }
        installGlobals(lua)
        if let refusal = linkOutOfRoot() { return [refusal] }
        let bytes: [UInt8]
        do {
            bytes = try Files.readRegularFile(path, maxSize: maxScriptFileSize)
        } catch let error as FileError {
            return ["\(path): error: cannot read the test file: \(error.message)"]
        } catch {
            return ["\(path): error: cannot read the test file: \(error)"]
        }
        let chunk: LuaChunk
        do {
            chunk = try lua.compile(bytes, chunkName: "@" + path)
        } catch {
            if let location = error.location {
                return ["\(location.file):\(location.line): syntax error: \(error.text)"]
            }
            return ["\(path): syntax error: \(error.message)"]
        }
        current = nil
        do {
            _ = try lua.run(chunk) { _ in }
        } catch {
            tests = []
            return ["the test file failed while defining its tests:"] + failureLines(error)
        }
        return nil
    }

    /// Runs one test under a protected call: passed, or the failure lines and whether they
    /// are a failed assertion or an error; skipped or todo.
    func runTest(_ index: Int) -> Outcome {
        guard let lua else { return Outcome(failure: ["no Lua state"], isError: true) }
        current = index
        assertionFailures = []
        directive = nil
        defer {
            current = nil
            assertionFailures = []
            directive = nil
            closeSessions()
        }
        let failed: LuaError?
        do {
            guard try lua.call(tests[index].ref, { _ in }) != nil else {
                return Outcome(failure: ["internal: the test function is gone"], isError: true)
            }
            failed = nil
        } catch { failed = error }
        if case .skip? = directive { return Outcome(failure: nil, directive: directive) }
        guard let error = failed else { return Outcome(failure: nil, directive: directive) }
        let assertion = assertionFailures.contains { error.message.hasSuffix($0) }
        return Outcome(failure: failureLines(error), isError: !assertion, directive: directive)
    }

    /// The message of a failed test or file: its lines, and where in the test file it
    /// happened when the message does not say, and the traceback when the failure came
    /// from further down than the test function itself.
    func failureLines(_ error: LuaError) -> [String] {
        var lines = error.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let scriptLines = error.scriptTraceback.filter { !$0.hasPrefix("luascreen:") && !$0.hasPrefix("[string") }
        let ownFile = luaShortSource(path)
        if !(error.location.map { $0.file == ownFile || $0.file == path } ?? false),
           let here = scriptLines.first(where: { $0.hasPrefix(ownFile + ":") || $0.hasPrefix(path + ":") }) {
            let place = here.split(separator: ":").prefix(2).joined(separator: ":")
            lines.append("at \(place)")
        }
        if scriptLines.count > 1 {
            lines.append("traceback:")
            lines += scriptLines.prefix(6).map { "  " + $0 }
        }
        return lines
    }
}

/// The file name Lua shows for a chunk named "@path" (shortened past 60 bytes, as `luaO_chunkid` does).
func luaShortSource(_ path: String) -> String {
    let limit = 60 - 1  // LUA_IDSIZE less the terminating zero
    let bytes = Array(path.utf8)
    if bytes.count <= limit { return path }
    return "..." + String(decoding: bytes.suffix(limit - 3), as: UTF8.self)
}
