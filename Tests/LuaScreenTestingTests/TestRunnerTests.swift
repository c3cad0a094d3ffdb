import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaRuntime
import ScreenModel
import LuaScreenTesting

/// A short temporary folder (Lua shortens chunk names past 59 bytes, so the paths in
/// messages stay whole only when they are short), removed at the end of the test.
private final class RunnerFolder {
    let path: String

    init() {
        var template = Array("/tmp/lstXXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(cString: made!)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func read(_ name: String) -> String? { try? String(contentsOfFile: path + "/" + name, encoding: .utf8) }
}

/// Runs test files and keeps what the runner printed.
private func runFiles(_ files: [String], update: Bool = false, limits: LuaLimits = LuaLimits()) -> (lines: [String], runner: TestRunner) {
    var lines: [String] = []
    // The test root: the temporary folder the files are in (/tmp/lstXXXXXX).
    let root = files.first.map { "/" + $0.split(separator: "/").prefix(2).joined(separator: "/") } ?? "."
    let runner = TestRunner(options: TestOptions(limits: limits, updateSnapshots: update, root: root)) { lines.append($0) }
    runner.run(files: files)
    return (lines, runner)
}

private let screenScript = """
return screen {
  id = "main", title = "Main",
  section {
    header = "General",
    toggle { text = "Wi-Fi", key = "wifi", default = true },
    number { text = "Volume", key = "volume", default = 5, min = 0, max = 10, step = 1 },
    row { text = "Detail", push = screen { id = "child", title = "Child", section { row { text = "Leaf" } } } },
    row { text = "Hidden", visible = function(ctx) return not ctx.store.wifi end },
    button { text = "Erase", confirm = "Sure?", on_select = function(ctx) ctx:alert("erased") end },
    button { text = "Crash", on_select = function(ctx) ctx.store.volume = 1; error("crashed") end },
  },
}
"""

final class TestRunnerTests: XCTestCase {
    func testAPassingFile() {
        let folder = RunnerFolder()
        let file = folder.write("pass_test.lua", """
        test("one", function() eq(1 + 1, 2) end)
        test("two", function() truthy("x"); eq({ a = { 1, 2 } }, { a = { 1, 2.0 } }) end)
        """)
        let (lines, runner) = runFiles([file])
        // After each file, a comment with its timing (how long its tests ran).
        let timing = lines.firstIndex { $0.hasPrefix("# \(file): 2 tests in ") && $0.hasSuffix(" s") }
        XCTAssertEqual(timing, 4, "\(lines)")
        XCTAssertEqual(lines.filter { !$0.hasPrefix("# \(file): ") },
                       ["TAP version 14", "# \(file)", "ok 1 - one", "ok 2 - two", "# 2 passed, 0 failed", "1..2"])
        XCTAssertEqual(runner.exitStatus, 0)
        XCTAssertEqual(runner.results.map(\.passed), [true, true])
    }

    func testARefusedPathAdvisesInTheLibrarysWordsNotTheCLIs() {
        let folder = RunnerFolder()
        let file = folder.write("path_test.lua", """
        test("absolute", function()
          local ok, message = pcall(open, "/etc/passwd")
          print(message)
        end)
        """)
        let (lines, _) = runFiles([file])
        let message = lines.first { $0.contains("is an absolute path") } ?? "\(lines)"
        XCTAssertTrue(message.hasSuffix("inside the test root (trusted: true lifts this)"), message)
        XCTAssertFalse(message.contains("--"), "a CLI flag in a library message: \(message)")
        let (advised, _) = runFiles([file], limits: LuaLimits(pathAdvice: "--open-anything lifts this"))
        XCTAssertTrue(advised.contains { $0.hasSuffix("inside the test root (--open-anything lifts this)") }, "\(advised)")
    }

    func testAFailingEqNamesTheTestFilesLine() throws {
        let folder = RunnerFolder()
        let file = folder.write("eq_test.lua", """
        test("scalars", function()
          local x = 41
          eq(x, 42, "the answer")
        end)
        test("tables", function()
          eq({ name = "Ada", tags = { "a", "b" } },
             { name = "Ada", tags = { "a", "c" } })
        end)
        """)
        let (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.exitStatus, 1)
        XCTAssertEqual(runner.results[0].reason, [
            "\(file):3: eq failed: the answer",
            "  expected: 42",
            "  actual:   41",
        ])
        XCTAssertEqual(runner.results[1].reason.first, "\(file):6: eq failed at tags[2]")
        XCTAssertEqual(runner.results[1].reason[1], "  expected: \"c\"")
        XCTAssertEqual(runner.results[1].reason[2], "  actual:   \"b\"")
        // TAP: the test point, then a YAML block with the message, the place and the detail.
        let first = try XCTUnwrap(lines.firstIndex(of: "not ok 1 - scalars"), "\(lines)")
        XCTAssertEqual(Array(lines[first...].prefix(7)), [
            "not ok 1 - scalars",
            "  ---",
            "  message: \"eq failed: the answer\"",
            "  at: \(file):3",
            "  detail: |",
            "    expected: 42",
            "    actual:   41",
        ])
        // The time it took, last in the block (node-tap's key).
        XCTAssertTrue(lines[first + 7].hasPrefix("  duration_ms: "), "\(lines)")
        XCTAssertEqual(lines[first + 8], "  ...")
        XCTAssertTrue(lines.contains("  at: \(file):6"), "\(lines)")
        XCTAssertEqual(Array(lines.suffix(2)), ["# 0 passed, 2 failed", "1..2"])
    }

    func testAFailureInAHelperNamesItsLineAndTheTraceback() {
        let folder = RunnerFolder()
        let file = folder.write("helper_test.lua", """
        local function check(v)
          truthy(v, "v is set")
        end
        test("nested", function()
          check(nil)
        end)
        """)
        let (_, runner) = runFiles([file])
        let reason = runner.results[0].reason
        XCTAssertEqual(reason.first, "\(file):2: truthy failed: v is set")
        XCTAssertEqual(reason[1], "  got: nil")
        XCTAssertTrue(reason.contains("traceback:"), "\(reason)")
        XCTAssertTrue(reason.contains { $0.contains("\(file):5:") }, "\(reason)")
    }

    func testRaises() {
        let folder = RunnerFolder()
        let file = folder.write("raises_test.lua", """
        test("matches", function()
          local message = raises(function() error("code 42") end, "code %d+")
          eq(message, "\(folder.path)/raises_test.lua:2: code 42")
        end)
        test("any error without a pattern", function() raises(function() error({}) end) end)
        test("no error", function() raises(function() end, "x") end)
        test("other error", function() raises(function() error("zzz") end, "code") end)
        test("bad pattern", function() raises(function() error("zzz") end, "[") end)
        test("not a function", function() raises(42) end)
        """)
        let (_, runner) = runFiles([file])
        XCTAssertEqual(runner.results.map(\.passed), [true, true, false, false, false, false])
        XCTAssertEqual(runner.results[2].reason,
                       ["\(file):6: raises failed: the function returned without an error (expected one matching \"x\")"])
        XCTAssertEqual(runner.results[3].reason, [
            "\(file):7: raises failed: the error does not match \"code\"",
            "  error: \(file):7: zzz",
        ])
        XCTAssertEqual(runner.results[4].reason.first, "\(file):8: raises: invalid pattern \"[\": malformed pattern (missing ']')")
        XCTAssertEqual(runner.results[5].reason.first, "\(file):9: raises(fn, pattern): fn must be a function, got 42")
    }

    func testSnapshotsAreWrittenComparedDiffedAndUpdated() {
        let folder = RunnerFolder()
        func write(_ text: String) -> String {
            folder.write("snap_test.lua", "test(\"snap\", function() snapshot(\"view\", \(text)) end)\n")
        }
        var file = write("\"a\\nb\\nc\\n\"")
        // 1. missing: written, and the test passes
        var (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.exitStatus, 0)
        XCTAssertEqual(folder.read("__snapshots__/view.txt"), "a\nb\nc\n")
        XCTAssertTrue(lines.contains("# wrote snapshot \(folder.path)/__snapshots__/view.txt"), "\(lines)")
        // 2. the same text: compared, passes, nothing written
        (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.exitStatus, 0)
        XCTAssertFalse(lines.contains { $0.contains("snapshot \(folder.path)") }, "\(lines)")
        // 3. a different text: fails with a line diff, the file is left alone
        file = write("\"a\\nB\\nc\\n\"")
        (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.exitStatus, 1)
        let reason = runner.results[0].reason
        XCTAssertTrue(reason[0].hasPrefix("\(file):1: snapshot \"view\" does not match \(folder.path)/__snapshots__/view.txt"), reason[0])
        XCTAssertEqual(Array(reason.dropFirst()), ["    1: a", "  - 2: b", "  + 2: B", "    3: c"])
        XCTAssertEqual(folder.read("__snapshots__/view.txt"), "a\nb\nc\n")
        // 4. --update-snapshots: rewritten, passes; then it compares equal
        (lines, runner) = runFiles([file], update: true)
        XCTAssertEqual(runner.exitStatus, 0)
        XCTAssertTrue(lines.contains("# updated snapshot \(folder.path)/__snapshots__/view.txt"), "\(lines)")
        XCTAssertEqual(folder.read("__snapshots__/view.txt"), "a\nB\nc\n")
        (_, runner) = runFiles([file])
        XCTAssertEqual(runner.exitStatus, 0)
    }

    func testSnapshotNamesAreCheckedAndUsedOnce() {
        let folder = RunnerFolder()
        let file = folder.write("names_test.lua", """
        test("bad name", function() snapshot("../escape", "x") end)
        test("first", function() snapshot("same", "x") end)
        test("second", function() snapshot("same", "x") end)
        """)
        let (_, runner) = runFiles([file])
        XCTAssertEqual(runner.results.map(\.passed), [false, true, false])
        XCTAssertTrue(runner.results[0].reason[0].contains("is not a usable file name"), "\(runner.results[0].reason)")
        XCTAssertTrue(runner.results[2].reason[0].contains("already taken by the test \"first\""), "\(runner.results[2].reason)")
        XCTAssertNil(folder.read("escape.txt"))
    }

    func testAFileWithASyntaxErrorIsOneFailure() {
        let folder = RunnerFolder()
        let bad = folder.write("a_test.lua", "test(\"x\", function()\n  eq(1, 1)\nend\n")
        let good = folder.write("b_test.lua", "test(\"fine\", function() end)\n")
        let (lines, runner) = runFiles([bad, good])
        XCTAssertEqual(runner.results.count, 2)
        XCTAssertEqual(runner.results[0].name, bad)
        XCTAssertFalse(runner.results[0].passed)
        XCTAssertEqual(runner.results[0].reason, ["\(bad):4: syntax error: ')' expected (to close '(' at line 1) near <eof>"])
        XCTAssertTrue(runner.results[1].passed)
        XCTAssertEqual(Array(lines.suffix(2)), ["# 1 passed, 1 failed", "1..2"])
        XCTAssertEqual(runner.exitStatus, 1)
    }

    func testARuntimeErrorAtTheTopLevelFailsTheFile() {
        let folder = RunnerFolder()
        let file = folder.write("top_test.lua", "test(\"never runs\", function() end)\nlocal x = nil\nprint(x.y)\n")
        let (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.results.count, 1)
        XCTAssertEqual(runner.results[0].reason, [
            "the test file failed while defining its tests:",
            "\(file):3: attempt to index a nil value (local 'x')",
        ])
        XCTAssertEqual(Array(lines.suffix(2)), ["# 0 passed, 1 failed", "1..1"])
    }

    func testTheCountsLineComesLastAcrossFiles() {
        let folder = RunnerFolder()
        let a = folder.write("a_test.lua", "test(\"a1\", function() end)\ntest(\"a2\", function() eq(1, 2) end)\n")
        let b = folder.write("b_test.lua", "test(\"b1\", function() end)\n")
        let (lines, runner) = runFiles([a, b])
        XCTAssertEqual(lines.filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") },
                       ["ok 1 - a1", "not ok 2 - a2", "ok 3 - b1"])
        XCTAssertEqual(Array(lines.suffix(2)), ["# 2 passed, 1 failed", "1..3"])
        XCTAssertEqual(runner.summary, "2 passed, 1 failed")
    }

    func testSessionsDriveAScreenAndAreClosedAfterEachTest() {
        let folder = RunnerFolder()
        folder.write("screen.lua", screenScript)
        let file = folder.write("session_test.lua", """
        test("drive", function()
          local s = open("screen.lua", { store = { volume = 7 } })
          eq(s:path(), { "main" })
          eq(s:store(), { wifi = true, volume = 7 })
          s:select("Wi-Fi")
          s:set("Volume", 3)
          s:set("Volume", "4")
          eq(s:store(), { wifi = false, volume = 4 })
          raises(function() s:set("Volume", 11) end, "above the maximum 10")
          eq(s:row("Hidden").visible, true)
          s:select("Wi-Fi")
          eq(s:row("Hidden").visible, false)
          raises(function() s:select("Hidden") end, "is hidden")
          s:select("Erase", false)
          eq(s:messages(), {})
          s:select("Erase")
          eq(s:messages(), { "erased" })
          local message = raises(function() s:select("Crash") end, "crashed")
          truthy(message:find("screen.lua:10: crashed", 1, true), message)
          eq(s:store().volume, 4)
          s:select("Detail")
          eq(s:path(), { "main", "child" })
          eq(s:screen().title, "Child")
          eq(s:row("Leaf").detail, nil)          -- JSON null: no key
          eq(s:row("Leaf").style, "value1")
          s:back()
          eq(s:find("leaf"), { { screen = "child", row = "leaf", text = "Leaf" } })
          truthy(s:render(40):find("Wi%-Fi"))
          raises(function() s.select("Wi-Fi") end, "with a colon")
          kept = s
        end)
        test("closed", function()
          raises(function() kept:path() end, "this session is closed")
        end)
        """)
        let before = LuaState.openStates
        let (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.results.map(\.passed), [true, true], "\(lines)")
        XCTAssertEqual(LuaState.openStates, before, "every Lua state is closed")
    }

    func testSessionsSharingTheirMethodsEachDriveTheirOwnScreen() {
        let folder = RunnerFolder()
        folder.write("screen.lua", screenScript)
        let file = folder.write("two_test.lua", """
        test("two at once", function()
          local a = open("screen.lua", { store = { volume = 1 } })
          local b = open("screen.lua", { store = { volume = 2 } })
          eq(getmetatable(a), getmetatable(b))
          a:set("Volume", 5)
          eq(a:store().volume, 5)
          eq(b:store().volume, 2)
          b:select("Wi-Fi")
          eq(a:store().wifi, true)
          eq(b:store().wifi, false)
          -- a method taken from one session runs on the session it is called on
          local set = a.set
          set(b, "Volume", 9)
          eq(b:store().volume, 9)
          eq(a:store().volume, 5)
        end)
        for i = 1, 50 do
          test("open " .. i, function() eq(open("screen.lua"):store().wifi, true) end)
        end
        """)
        let (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.results.count, 51, "\(lines)")
        XCTAssertTrue(runner.results.allSatisfy(\.passed), "\(lines)")
    }

    func testTestFilesAreFoundRecursivelyAndSorted() throws {
        let folder = RunnerFolder()
        folder.write("b_test.lua", "")
        folder.write("a/z_test.lua", "")
        folder.write("a/helper.lua", "")
        folder.write("__snapshots__/x_test.lua", "")
        folder.write(".hidden/y_test.lua", "")
        let files = try TestRunner.testFiles(in: [folder.path, folder.path + "/b_test.lua"])
        XCTAssertEqual(files, [folder.path + "/a/z_test.lua", folder.path + "/b_test.lua"])
        XCTAssertThrowsError(try TestRunner.testFiles(in: [folder.path + "/missing"])) { error in
            XCTAssertEqual("\(error)", "no such test file or folder: \(folder.path)/missing")
        }
    }

    func testLimitsApplyToTestFiles() {
        let folder = RunnerFolder()
        let file = folder.write("loop_test.lua", """
        test("loops", function() while true do end end)
        test("next one runs", function() eq(1, 1) end)
        """)
        let (_, runner) = runFiles([file], limits: LuaLimits(instructions: 100_000))
        XCTAssertEqual(runner.results.map(\.passed), [false, true])
        XCTAssertTrue(runner.results[0].reason[0].hasPrefix("\(file):1: instruction limit exceeded"), "\(runner.results[0].reason)")
    }

    func testLineDiff() {
        XCTAssertEqual(LineDiff.render(expected: "a\nb\nc\nd\ne\n", actual: "a\nb\nX\nd\ne\nf\n"),
                       ["  2: b", "- 3: c", "+ 3: X", "  4: d", "  5: e", "+ 6: f"])
        // Far apart changes are separate hunks; numbers are padded to the same width.
        let long = (1...12).map { "line \($0)" }
        var changed = long
        changed[1] = "two"
        changed[10] = "eleven"
        XCTAssertEqual(LineDiff.render(expected: long.joined(separator: "\n"), actual: changed.joined(separator: "\n")), [
            "   1: line 1", "-  2: line 2", "+  2: two", "   3: line 3", "  …",
            "  10: line 10", "- 11: line 11", "+ 11: eleven", "  12: line 12",
        ])
        XCTAssertEqual(LineDiff.render(expected: "same", actual: "same"), [])
        // Byte for byte: the same letter in another Unicode normalization is a change.
        XCTAssertEqual(LineDiff.render(expected: "caf\u{e9}\n", actual: "cafe\u{301}\n"), ["- 1: caf\u{e9}", "+ 1: cafe\u{301}"])
        XCTAssertEqual(LineDiff.render(expected: "a\n", actual: "a"), [
            "- the expected text ends with a newline",
            "+ the actual text does not end with a newline",
        ])
    }
}

/// The report formats of SPEC §11: TAP 14, JUnit XML, and `--filter`.
final class TestReportTests: XCTestCase {
    func testAFailureInAHelperIsPlacedAtTheAssertionAndItsTracebackIsInTheDetail() throws {
        let folder = RunnerFolder()
        let file = folder.write("helper_test.lua", """
        local function check(v)
          truthy(v, "v is set")
        end
        test("nested # not a directive", function()
          check(nil)
        end)
        """)
        let (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.results[0].failure.at, "\(file):2")
        XCTAssertEqual(runner.results[0].failure.message, "truthy failed: v is set")
        // '#' in a name is escaped, so a TAP reader does not take it for a directive.
        XCTAssertTrue(lines.contains("not ok 1 - nested \\# not a directive"), "\(lines)")
        let detail = try XCTUnwrap(lines.firstIndex(of: "  detail: |"))
        XCTAssertEqual(lines[detail + 1], "    got: nil")
        let traceback = try XCTUnwrap(lines.firstIndex(of: "  traceback: |"), "\(lines)")
        XCTAssertEqual(lines[traceback + 1], "    \(file):2: in upvalue 'check'")
    }

    func testAFileThatDoesNotLoadIsOneFailurePlacedAtItsLine() {
        let folder = RunnerFolder()
        let file = folder.write("broken_test.lua", "test(\"x\", function()\n")
        let (lines, runner) = runFiles([file])
        XCTAssertEqual(runner.results.count, 1)
        XCTAssertEqual(runner.results[0].failure.at, "\(file):2")
        XCTAssertTrue(runner.results[0].failure.message.hasPrefix("syntax error:"), runner.results[0].failure.message)
        XCTAssertEqual(Array(lines.suffix(2)), ["# 0 passed, 1 failed", "1..1"])
    }

    func testMessagesThatAreNotPlainTextAreQuotedForYAML() {
        XCTAssertEqual(TAPReport.scalar("a/b_test.lua:12"), "a/b_test.lua:12")
        XCTAssertEqual(TAPReport.scalar("key: value"), "\"key: value\"")
        XCTAssertEqual(TAPReport.quoted("tab\there \"q\" \\ bell\u{7} nl\n"), "\"tab\\there \\\"q\\\" \\\\ bell\\x07 nl\\n\"")
        // A block that cannot be a literal block (an empty line) is one quoted scalar.
        XCTAssertEqual(TAPReport.block(["a", "", "b"], indent: "    "), ["\"a\\n\\nb\""])
        XCTAssertEqual(TAPReport.block(["  a", "    b"], indent: "    "), ["|", "    a", "      b"])
    }

    func testTheVersionAHarnessAsksFor() {
        XCTAssertEqual(TAPReport.version(announcedByHarness: "13"), 13)
        XCTAssertEqual(TAPReport.version(announcedByHarness: "14"), 14)
        XCTAssertEqual(TAPReport.version(announcedByHarness: nil), 14)
        XCTAssertEqual(TAPReport.header(version: 13), "TAP version 13")
        var lines: [String] = []
        var options = TestOptions()
        options.tapVersion = 13
        options.allowEmpty = true
        TestRunner(options: options) { lines.append($0) }.run(files: [])
        XCTAssertEqual(lines, ["TAP version 13", "# no test ran (--allow-empty)", "# 0 passed, 0 failed", "1..0 # SKIP no tests"])
    }

    func testFilterRunsOnlyTheTestsWhoseNameContainsTheText() {
        let folder = RunnerFolder()
        let a = folder.write("a_test.lua", """
        test("wifi turns off", function() end)
        test("volume", function() error("not run") end)
        test("wifi turns on", function() end)
        """)
        let b = folder.write("b_test.lua", "test(\"other\", function() error(\"not run\") end)\n")
        var lines: [String] = []
        let runner = TestRunner(options: TestOptions(filter: "wifi")) { lines.append($0) }
        XCTAssertEqual(runner.run(files: [a, b]), 0)
        XCTAssertEqual(runner.results.map(\.name), ["wifi turns off", "wifi turns on"])
        XCTAssertEqual(runner.results.map(\.number), [1, 2])
        XCTAssertTrue(lines.contains("# \(b): no test name contains \"wifi\""), "\(lines)")
        XCTAssertEqual(Array(lines.suffix(2)), ["# 2 passed, 0 failed", "1..2"])
    }

    func testJUnitHasOneSuitePerFileAndAFailureMessageForEachFailedTest() throws {
        let folder = RunnerFolder()
        let a = folder.write("a_test.lua", """
        test("passes", function() end)
        test("fails <&>", function() eq(1, 2, "one \\"is\\" two") end)
        """)
        let b = folder.write("b_test.lua", "test(\"also passes\", function() end)\n")
        let (_, runner) = runFiles([a, b])
        let xml = JUnitReport.xml(results: runner.results, files: [a, b])
        let document = try XMLDocument(xmlString: xml)
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "3")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.map { $0.attribute(forName: "name")?.stringValue }, [a, b])
        let cases = suites[0].elements(forName: "testcase")
        XCTAssertEqual(cases.map { $0.attribute(forName: "name")?.stringValue }, ["passes", "fails <&>"])
        XCTAssertTrue(cases[0].elements(forName: "failure").isEmpty)
        let failure = try XCTUnwrap(cases[1].elements(forName: "failure").first)
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "\(a):2: eq failed: one \"is\" two")
        XCTAssertTrue(failure.stringValue?.contains("expected: 2") ?? false, failure.stringValue ?? "")
    }

    func testJUnitReplacesCharactersXMLCannotHold() throws {
        let result = TestResult(number: 1, name: "bell \u{7} and \u{1b}[31m", file: "x_test.lua", passed: false,
                                reason: ["x_test.lua:1: bad \u{0}byte"])
        let xml = JUnitReport.xml(results: [result])
        XCTAssertNoThrow(try XMLDocument(xmlString: xml), xml)
        XCTAssertFalse(xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, xml)
    }
}

extension TestReportTests {
    /// Bidi and C1 controls are YAML escapes (`\u202E`), so the sanitizer finds nothing to
    /// escape its own (non-YAML) way and the block stays valid YAML.
    func testControlsInAMessageAreYAMLEscapes() {
        XCTAssertEqual(TAPReport.quoted("a\u{202E}b\u{9B}c"), "\"a\\u202Eb\\u009Bc\"")
        XCTAssertEqual(sanitize(TAPReport.quoted("a\u{202E}b\u{1b}")), TAPReport.quoted("a\u{202E}b\u{1b}"))
        XCTAssertEqual(TAPReport.block(["x\u{202E}"], indent: "  "), ["\"x\\u202E\""])
    }
}
