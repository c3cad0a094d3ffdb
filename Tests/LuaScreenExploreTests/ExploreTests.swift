import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenExplore

final class ExploreTests: XCTestCase {
    func testSplitMix64IsTheReferenceGenerator() {
        // The first outputs of SplitMix64 seeded 0 (Vigna's reference implementation).
        var rng = SplitMix64(seed: 0)
        XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
        var a = SplitMix64(seed: SplitMix64.walkSeed(42, walk: 3))
        var b = SplitMix64(seed: SplitMix64.walkSeed(42, walk: 3))
        XCTAssertEqual((0..<10).map { _ in a.below(7) }, (0..<10).map { _ in b.below(7) })
        XCTAssertNotEqual(SplitMix64.walkSeed(42, walk: 3), SplitMix64.walkSeed(42, walk: 4))
    }

    func testStepsReadAsREPLCommandsAndSessionCalls() {
        let set = ExploreStep(.set(row: "name", text: "hello world"), on: "main")
        XCTAssertEqual(set.replLines, ["set \"name\" hello world"])
        XCTAssertEqual(set.luaCall, "s:set(\"name\", \"hello world\")")
        let confirm = ExploreStep(.select(row: "sign_out", answer: false), on: "main")
        XCTAssertEqual(confirm.replLines, ["select sign_out", "n"])
        XCTAssertEqual(confirm.luaCall, "s:select(\"sign_out\", false)")
        XCTAssertEqual(ExploreStep(.select(row: "12", answer: nil), on: "m").replLines, ["select \"12\""])
        // The one Lua literal writer: "\u{1}2" as \x012 (never \12, one character), a tab as
        // \t, a bidi control escaped so a generated test file reads as it runs.
        XCTAssertEqual(LuaLiteral.string("a\"b\\c\nd\u{1}2é"), "\"a\\\"b\\\\c\\nd\\x012é\"")
        XCTAssertEqual(LuaLiteral.string("\t\u{202E}x"), "\"\\t\\u{202E}x\"")
    }

    func testAnInvariantBrokenByThreeTogglesIsFoundAndShrunk() throws {
        let folder = ScriptFolder()
        let path = folder.write("order.lua", """
            local function remember(letter)
              return function(ctx, new)
                if new then ctx.store.order = ((ctx.store.order or "") .. letter):sub(-3) end
              end
            end
            return app {
              invariants = { order = function(ctx) return ctx.store.order ~= "bca", "b, c, a in that order" end },
              screens = { screen { id = "main", title = "Main", section {
                toggle { text = "A", key = "a", on_change = remember("a") },
                toggle { text = "B", key = "b", on_change = remember("b") },
                toggle { text = "C", key = "c", on_change = remember("c") },
                number { text = "N", key = "n", min = 0, max = 3 },
              } } },
            }
            """)
        let report = try Explorer(path: path, options: ExploreOptions(seed: 11)).run()
        let finding = try XCTUnwrap(report.finding)
        XCTAssertEqual(finding.failure.check, .invariant)
        XCTAssertTrue(finding.failure.message.contains("b, c, a in that order"), finding.failure.message)
        XCTAssertEqual(finding.steps.map(\.row), ["b", "c", "a"])
        XCTAssertLessThanOrEqual(finding.steps.count, finding.stepsBefore)
        // The same seed, the same walks.
        let again = try Explorer(path: path, options: ExploreOptions(seed: 11)).run()
        XCTAssertEqual(again.finding?.stepsBefore, finding.stepsBefore)
        XCTAssertEqual(again.steps, report.steps)
    }

    func testACleanScriptPassesAndCountsWhatItReached() throws {
        let folder = ScriptFolder()
        let path = folder.write("clean.lua", """
            return app { screens = {
              screen { id = "main", title = "Main", section {
                toggle { text = "Wi-Fi", key = "wifi", default = true },
                row { text = "More", push = "more" },
                row { text = "Version", detail = "1.0" },
              } },
              screen { id = "more", title = "More", section {
                choice { text = "Theme", key = "theme", options = { "light", "dark" } },
                button { text = "Reset", confirm = "Sure?", on_select = function(ctx) ctx:alert("reset") end },
              } },
            } }
            """)
        var options = ExploreOptions(seed: 5)
        options.walks = 20
        let report = try Explorer(path: path, options: options).run()
        XCTAssertNil(report.finding)
        XCTAssertEqual(report.walks, 20)
        XCTAssertEqual(report.steps, 20 * 50)
        XCTAssertEqual(report.screensReached, 2)
        XCTAssertEqual(report.screens, 2)
        XCTAssertEqual(report.rowsSelectable, 4)
        XCTAssertEqual(report.rowsSelected, 4)
    }

    func testWhysAreJudgedByTheAnswerNotItsWords() throws {
        // A disabled row whose text, and a value its condition read, hold the words of an
        // answer that contradicts the row ("shown and enabled", " failed: "): why answers that
        // it is disabled because of the value read, and explore finds nothing wrong.
        let folder = ScriptFolder()
        let path = folder.write("words.lua", """
            return app { screens = {
              screen { id = "main", title = "Main", section {
                row { text = "Sync failed: shown and enabled", enabled = false },
                input { text = "Status", key = "status", default = "x failed: y" },
                toggle { text = "On", key = "on" },
                row { text = "Retry", enabled = function(ctx) local _ = ctx.store.status; return ctx.store.on end },
              } },
            } }
            """)
        var options = ExploreOptions(seed: 3)
        options.walks = 5
        let report = try Explorer(path: path, options: options).run()
        XCTAssertNil(report.finding, "\(String(describing: report.finding))")
    }

    func testInvariantsAreValidated() {
        let found = diagnostics("""
            return screen { title = "T", invariants = { ok = function() return true end, bad = "no" } }
            """)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("invariant \"bad\" must be a function") ?? false, "\(found)")
        XCTAssertTrue(diagnostics("return screen { title = \"T\", invariants = { ok = function() return true end } }").isEmpty)
    }

    func testExecutableLinesComeFromTheCompiledChunk() {
        let source = Array("""
            local x = 1

            local function f(a)
              -- a comment
              return a + x
            end
            return f(2)
            """.utf8)
        let lines = LineCoverage.executableLines(of: source, chunkName: "@t.lua")
        // As Lua's own debug.getinfo(f, "L").activelines gives them: `local function f` makes
        // its closure at the line of its `end`.
        XCTAssertEqual(lines, [1, 5, 6, 7])
    }
}
