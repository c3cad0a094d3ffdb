import XCTest
import LuaScreen
import LuaScreenCore
import LuaScreenTestSupport
import ScreenModel
import LuaScreenTooling

/// Issue 24: what new authors met writing real apps (behaviour seen through the Session API).
final class AuthorLoopTests: XCTestCase {
    let counted = """
    local n = 0
    return screen { id = "s", title = "S",
      section { id = "main",
        toggle { text = "Adv", key = "adv" },
        number { text = "Size", key = "size", default = 3, min = 1, max = 10,
          on_change = function(ctx, new, old) n = n + 1; ctx:alert(tostring(old) .. ">" .. tostring(new) .. " #" .. n) end },
      },
      section { id = "extra", header = "Extra",
        visible = function(ctx) return ctx.store.adv end,
        row { text = "Hidden row", id = "hr" },
      },
    }
    """

    func testOnChangeDoesNotRunWhenASetLeavesTheValueAsItWas() throws {
        let s = try openSession(counted)
        defer { s.close() }
        try s.set("Size", text: "3")
        XCTAssertEqual(s.messages, [], "3 was already the value")
        try s.set("Size", text: "4")
        try s.set("Size", text: "4")
        XCTAssertEqual(s.messages, ["3>4 #1"])
    }

    func testResetRunsOnChangeAsSetDoes() throws {
        let s = try openSession(counted, store: [("size", .integer(7))])
        defer { s.close() }
        try s.reset("Size")
        XCTAssertEqual(s.messages, ["7>3 #1"])
        XCTAssertEqual(try s.lookup("Size").value, .integer(3))
        try s.reset("Size")
        XCTAssertEqual(s.messages, ["7>3 #1"], "already the default: no change")
    }

    func testWhyOfARowInAHiddenSectionNamesTheSectionsCondition() throws {
        let s = try openSession(counted)
        defer { s.close() }
        let text = try s.why("hr").formatted
        XCTAssertTrue(text.contains("section \"extra\" is hidden because adv = false"), text)
        XCTAssertTrue(text.contains("s.lua:9"), text)
    }

    func testWhyOfASection() throws {
        let s = try openSession(counted)
        defer { s.close() }
        let hidden = try s.why("extra").formatted
        XCTAssertTrue(hidden.hasPrefix("section \"extra\": hidden because adv = false"), hidden)
        try s.select("Adv")
        let shown = try s.why("extra").formatted
        XCTAssertEqual(shown, "section \"extra\": shown (visible read adv = true)")
        XCTAssertThrowsError(try s.why("nothing"))
    }

    func testRowsSharingAKeyMustAgreeOnItsRules() {
        let found = diagnostics("""
        return screen { id = "s", title = "S", section {
          number { text = "A", key = "k", max = 10 },
          number { text = "B", id = "b", key = "k", max = 5 },
          toggle { text = "T1", key = "t" },
          toggle { text = "T2", id = "t2", key = "t" },
          choice { text = "C1", key = "c", options = { "x", "y" } },
          choice { text = "C2", id = "c2", key = "c", options = { "x", "z" } },
        } }
        """).map(\.description)
        XCTAssertEqual(found.count, 2, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].contains(":3: error:"), found[0])
        XCTAssertTrue(found[0].contains("key \"k\" is bound by row \"b\" here and by row \"k\" at line 2 with different rules: max 5 here, 10 there"), found[0])
        XCTAssertTrue(found[1].contains(":7: error:") && found[1].contains("row \"c2\"") && found[1].contains("row \"c\"")
                      && found[1].contains("options"), found[1])
    }

    func testWarningsComeWithErrors() {
        let found = diagnostics("""
        return screen { id = "s", title = "S", section {
          toggle { text = "A", key = "a", enabled = function(ctx) return ctx.store.aa end },
          row { text = "B", txt = "x" },
        } }
        """).map(\.description)
        XCTAssertEqual(found.count, 2, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].contains(":2: warning: ctx.store.aa is read"), found[0])
        XCTAssertTrue(found[1].contains(":3: error:"), found[1])
    }

    func testAKeyTypoInBracketsIsPrintedWithBrackets() throws {
        let folder = ScriptFolder()  // kept: the warnings read the script's text
        let source = """
        return screen { id = "s", title = "S", section {
          number { text = "Tab", key = "editor.tab_size", enabled = function(ctx) return ctx.store["editor.tabsize"] end },
        } }
        """
        let s = try openSession(source, folder: folder)
        defer { s.close() }
        let warnings = s.storeKeyWarnings().map(\.message)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.hasPrefix("ctx.store[\"editor.tabsize\"] is read") ?? false, "\(warnings)")
    }

    func testADateWithMinMayStartUnset() throws {
        let s = try openSession("""
        return screen { id = "s", title = "S", section {
          date { text = "Trial ends", key = "trial", min = "2026-01-01", default = "" },
        } }
        """)
        defer { s.close() }
        XCTAssertEqual(try s.lookup("Trial ends").value, .string(""))
        XCTAssertEqual(try s.lookup("Trial ends").detail, "not set")
    }

    func testASecureInputsPlaceholderIsDrawn() throws {
        let s = try openSession("""
        return screen { id = "s", title = "S", section {
          input { text = "Password", key = "pw", secure = true, placeholder = "required" },
        } }
        """)
        defer { s.close() }
        var row = try s.lookup("Password")
        XCTAssertEqual(row.detail, "required")
        XCTAssertTrue(row.isPlaceholder)
        try s.set("Password", text: "hunter2")
        row = try s.lookup("Password")
        XCTAssertEqual(row.detail, Binding.secureMask)
        XCTAssertFalse(row.isPlaceholder)
    }

    func testTheLocaleTranslatesOptionTextsAndTheHostsOwnWords() throws {
        let folder = ScriptFolder()
        let path = folder.write("app.lua", """
        return app { root = "s", strings = { de = { Red = "Rot", Blue = "Blau", on = "ein", off = "aus",
            ["1 item"] = "1 Eintrag", ["%d items"] = "%d Einträge", ["%d selected"] = "%d gewählt",
            none = "keine", ["not set"] = "nicht gesetzt" } },
          screens = { screen { id = "s", title = "S", section {
            choice { text = "Colours", key = "c", multiple = true, options = { "Red", "Blue" }, default = { "Red", "Blue" } },
            list { text = "L", key = "l", default = { "a", "b" } },
            list { text = "L1", key = "l1", default = { "a" } },
            list { text = "L0", key = "l0" },
            date { text = "D", key = "d" },
          } } } }
        """)
        var options = SessionOptions(print: { _ in })
        options.locale = "de"
        let s = try Session.open(path: path, options: options)
        defer { s.close() }
        let rows = s.currentScreen().sections[0].rows
        XCTAssertEqual(rows.map(\.detail), ["Rot, Blau", "2 Einträge", "1 Eintrag", "keine", "nicht gesetzt"])
        XCTAssertEqual(s.rendererWords["%d selected"], "%d gewählt")
    }

    func testFindNamesTitleFunctionsAndSaysWhatMatched() throws {
        let s = try openSession("""
        return app { root = "s", screens = {
          screen { id = "s", title = function(ctx) return "Editor" end, section {
            number { text = "Font size", key = "editor.font_size", default = 12, help = "Points of the monospace face" },
            choice { text = "Theme", key = "theme", options = { "Light", "Solarized Dark" } },
            list { text = "Ignored", key = "ignored", default = { "node_modules", "build" } },
            row { text = "More", push = "more" },
          } },
          screen { id = "more", title = function() return "More things" end,
                   section { toggle { text = "Wrap lines", key = "wrap", id = "word_wrap" } } },
        } }
        """)
        defer { s.close() }
        func one(_ text: String) -> FindResult? {
            let found = s.find(text)
            XCTAssertEqual(found.count, 1, "\(text): \(found)")
            return found.first
        }
        XCTAssertEqual(one("font")?.titles, ["Editor"])
        XCTAssertNil(one("font")?.matched)
        XCTAssertEqual(one("monospace")?.matched, "help")
        XCTAssertEqual(one("solar")?.matched, "option \"Solarized Dark\"")
        XCTAssertEqual(one("node_mod")?.matched, "item \"node_modules\"")
        XCTAssertEqual(one("editor.font")?.matched, "key editor.font_size")
        XCTAssertEqual(one("word_")?.matched, "id word_wrap")
        XCTAssertEqual(one("word_")?.titles, ["Editor", "More things"])
    }

    let clearing = """
    return screen { id = "s", title = "S", section {
      list { text = "History", key = "history" },
      button { text = "Clear", on_select = function(ctx)
        ctx.store.flag = true
        if #ctx.store.history == 0 then ctx:refuse("Nothing to clear") end
        ctx.store.history = {}
      end },
    } }
    """

    func testARefusalIsAMessageWithoutATraceback() throws {
        let s = try openSession(clearing)
        defer { s.close() }
        XCTAssertThrowsError(try s.select("Clear")) { error in
            let e = error as? SessionError
            XCTAssertEqual(e?.kind, .refused)
            XCTAssertEqual(e?.message, "Nothing to clear")
            XCTAssertEqual(e?.traceback ?? [], [])
        }
        XCTAssertNil(s.store.value(for: "flag"), "the refused action changed nothing")
        try s.set("History", text: "a, b")
        try s.select("Clear")
        XCTAssertEqual(try s.lookup("History").value, .list([]))
    }

    func testExploreDoesNotCountARefusalAsAFailure() throws {
        let folder = ScriptFolder()
        let path = folder.write("clear.lua", clearing)
        let report = try Explorer(path: path, options: ExploreOptions(seed: 3)).run()
        XCTAssertNil(report.finding, "\(String(describing: report.finding))")
    }

    func testATestChecksARefusalWithRaises() throws {
        let folder = ScriptFolder()
        folder.write("clear.lua", clearing)
        let test = folder.write("tests/clear_test.lua", """
        test("nothing to clear", function()
          local s = open("../clear.lua")
          raises(function() s:select("Clear") end, "Nothing to clear$")
        end)
        """)
        var lines: [String] = []
        let runner = TestRunner(options: TestOptions(root: folder.url.path)) { lines.append($0) }
        runner.run(files: [test])
        XCTAssertTrue(lines.contains("ok 1 - nothing to clear"), lines.joined(separator: "\n"))
    }

    func testTheStubsTypeFunctionFieldsAndOptionalSessionRefs() {
        let stubs = Stubs.luaLS(version: "test")
        let lines = stubs.split(separator: "\n").map(String.init)
        func field(_ name: String, of type: String) -> String? {
            guard let start = lines.firstIndex(where: { $0.hasPrefix("---@class \(type)") }) else { return nil }
            return lines[(start + 1)...].prefix { $0.hasPrefix("---@field") }.first { $0.hasPrefix("---@field \(name)? ") || $0.hasPrefix("---@field \(name) ") }
        }
        for (name, type) in [("title", "luascreen.Screen"), ("header", "luascreen.Section"), ("footer", "luascreen.Section"),
                             ("help", "luascreen.Row"), ("placeholder", "luascreen.Input"), ("confirm", "luascreen.Button"),
                             ("default", "luascreen.Number")] {
            let line = field(name, of: type) ?? "missing"
            XCTAssertTrue(line.contains("|(fun(ctx: luascreen.Ctx):"), "\(type).\(name): \(line)")
        }
        XCTAssertTrue(stubs.contains("validate? fun(value: any, ctx: luascreen.Ctx): string?"), "validate takes ctx")
        XCTAssertTrue(stubs.contains("add fun(self: luascreen.Session, ref: string|integer, text: string?)"), "add's text may be left out")
        XCTAssertTrue(stubs.contains("refuse fun(self: luascreen.Ctx, message: string)"))
        XCTAssertTrue(Stubs.luacheck(version: "test").contains("exclude_files = { \".luals/**\""))
    }
}
