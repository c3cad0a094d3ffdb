import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// One test per kind of diagnostic (SPEC §2): the message, the line and the path.
final class ValidatorTests: XCTestCase {
    private func only(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        let found = diagnostics(source).filter { $0.severity == .error }
        XCTAssertEqual(found.count, 1, "expected one error, got:\n\(found.map(\.description).joined(separator: "\n"))", file: file, line: line)
        return found.first
    }

    func testCleanScriptHasNoDiagnostics() {
        XCTAssertEqual(diagnostics("""
            return screen { title = "S", section { row { text = "A", detail = "x" }, toggle { text = "T", key = "t" } } }
            """), [])
    }

    func testSyntaxErrorNamesLuasLine() {
        let d = only("return screen {\n  title = 'x'\n  section {}\n}")
        XCTAssertEqual(d?.line, 3)
        XCTAssertTrue(d?.message.hasPrefix("syntax error: '}' expected") ?? false, d?.message ?? "")
        XCTAssertTrue(d?.file.hasSuffix("t.lua") ?? false)
    }

    func testRunTimeErrorAtLoad() {
        let d = only("local x = nil\n\nreturn x.y")
        XCTAssertEqual(d?.line, 3)
        XCTAssertTrue(d?.message.contains("attempt to index a nil value") ?? false, d?.message ?? "")
    }

    func testScriptReturningNothing() {
        // Named at the script's last line, where its `return` goes: an editor jumps there.
        let d = only("local s = screen { title = 'x' }\n\n-- no return\n")
        XCTAssertEqual(d?.line, 3)
        XCTAssertTrue(d?.message.contains("returns no screen or app") ?? false)
    }

    func testUnknownFieldSuggestsTheNearName() {
        let d = only("""
            return screen { title = "S",
              section {
                row { txt = "A", text = "A" },
              },
            }
            """)
        XCTAssertEqual(d?.line, 3)
        XCTAssertEqual(d?.path, "sections[1].rows[1].txt")
        XCTAssertEqual(d?.message, "unknown field \"txt\" (did you mean \"text\"?)")
    }

    func testUnknownEnumValueListsTheValuesAndSuggests() {
        let d = only("return screen { title = 'S',\n section {\n  row { text = 'A', accessory = 'disclosre' } } }")
        XCTAssertEqual(d?.description.hasSuffix("t.lua:3: error: sections[1].rows[1].accessory: unknown value \"disclosre\" (expected none, disclosure, checkmark, detail, detail_disclosure; did you mean \"disclosure\"?)"), true, d?.description ?? "")
    }

    func testMissingRequiredFields() {
        XCTAssertEqual(only("return screen { title = 'S', section { row { detail = 'x' } } }")?.message, "missing required field \"text\"")
        XCTAssertEqual(only("return screen { section { } }")?.message, "missing required field \"title\"")
        XCTAssertEqual(only("return screen { title = 'S', section { toggle { text = 'T' } } }")?.message,
                       "missing required field \"key\" (the store key the toggle sets)")
    }

    func testWrongType() {
        let d = only("return screen { title = 'S', section { row { text = 42 } } }")
        XCTAssertEqual(d?.path, "sections[1].rows[1].text")
        XCTAssertEqual(d?.message, "expected a string or a function of ctx, got number (42)")
    }

    func testDuplicateRowIDsInAScreen() {
        let d = only("return screen { title = 'S',\n section { row { text = 'Same' } },\n section { row { text = 'same' } } }")
        XCTAssertEqual(d?.line, 3)
        XCTAssertEqual(d?.message, "duplicate row id \"same\" in this screen (also at line 2); give one of them an id")
    }

    func testDuplicateScreenIDs() {
        let d = only("return app { screens = {\n screen { id = 'a', title = 'A' },\n screen { id = 'a', title = 'B' } } }")
        XCTAssertEqual(d?.line, 3)
        XCTAssertEqual(d?.message, "duplicate screen id \"a\" (also at line 2); give each screen its own id")
    }

    func testKeyBoundWithConflictingKinds() {
        let d = only("return screen { title = 'S', section {\n toggle { id = 'a', text = 'A', key = 'k' },\n input { id = 'b', text = 'B', key = 'k' } } }")
        XCTAssertEqual(d?.line, 3)
        XCTAssertEqual(d?.message, "key \"k\" is bound by an input here and by a toggle at line 2; one key holds one kind of value")
    }

    func testPushToAnUnknownScreen() {
        let d = only("return app { root = 'main', screens = { screen { id = 'main', title = 'M', section {\n row { text = 'Go', push = 'mian' } } } } }")
        XCTAssertEqual(d?.line, 2)
        XCTAssertEqual(d?.path, "screens[1].sections[1].rows[1].push")
        XCTAssertEqual(d?.message, "no screen with id \"mian\" (did you mean \"main\"?)")
    }

    func testChoiceOptionsProblems() {
        XCTAssertEqual(only("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = { 'a', 'b' }, default = 'z' } } }")?.message,
                       "the default \"z\" is not among the options (\"a\", \"b\")")
        XCTAssertEqual(only("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = {} } } }")?.message,
                       "the options list is empty; a choice needs at least one option")
        let dup = only("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = { 'a', { value = 'a', text = 'A' } } } } }")
        XCTAssertEqual(dup?.path, "sections[1].rows[1].options[2]")
        XCTAssertEqual(dup?.message, "duplicate option \"a\"")
    }

    func testNumberRangeProblems() {
        XCTAssertEqual(only("return screen { title = 'S', section { number { text = 'N', key = 'n', min = 10, max = 1, default = 5 } } }")?.message,
                       "min (10) is greater than max (1)")
        XCTAssertEqual(only("return screen { title = 'S', section { number { text = 'N', key = 'n', min = 0, max = 10, default = 11 } } }")?.message,
                       "the default 11 is above max 10")
        XCTAssertEqual(only("return screen { title = 'S', section { number { text = 'N', key = 'n', step = 0 } } }")?.message,
                       "step must be greater than 0, got 0")
    }

    func testOnAccessoryNeedsADetailAccessory() {
        let d = only("return screen { title = 'S', section { row { text = 'A', on_accessory = function() end } } }")
        XCTAssertEqual(d?.path, "sections[1].rows[1].on_accessory")
        XCTAssertTrue(d?.message.hasPrefix("on_accessory needs accessory = \"detail\"") ?? false)
    }

    func testButtonWithoutOnSelect() {
        XCTAssertEqual(only("return screen { title = 'S', section { button { text = 'B' } } }")?.message,
                       "missing required field \"on_select\" (a button must do something when selected)")
    }

    func testTableThatContainsItself() {
        let d = only("local s = section { row { text = 'A' } }\ns.rows = nil\ns[2] = s\nreturn screen { title = 'S', s }")
        XCTAssertEqual(d?.path, "sections[1].rows[2]")
        XCTAssertTrue(d?.message.hasPrefix("this table contains itself") ?? false, d?.message ?? "")
    }

    func testSectionsBothInFieldAndArrayPart() {
        let d = only("return screen { title = 'S', sections = { section {} }, section {} }")
        XCTAssertEqual(d?.message, "sections are given both in \"sections\" and in the array part; use one of them")
    }

    func testEveryErrorIsReportedInLineOrder() {
        let found = diagnostics("""
            return screen { title = "S",
              section {
                row { text = "A", style = "subtitel" },
                row { txt = "B" },
                button { text = "C" },
              },
            }
            """)
        XCTAssertEqual(found.map(\.line), [3, 4, 4, 5])
        XCTAssertTrue(found[0].message.contains("did you mean \"subtitle\""))
    }

    func testPlainTablesWorkAndNameTheirPath() {
        let found = diagnostics("""
            return { title = "S", sections = { { header = "H", rows = {
              { text = "A" },
              { type = "togle", text = "B" },
            } } } }
            """)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.path, "sections[1].rows[2].type")
        XCTAssertTrue(found.first?.message.contains("did you mean \"toggle\"") ?? false)
    }

    func testPlainRowsOfDifferentKindsInOneList() throws {
        XCTAssertEqual(diagnostics("""
            return { title = "S", sections = { { rows = {
              { type = "toggle", text = "T", key = "t" },
              { text = "Plain", detail = "x" },
              { type = "number", text = "N", key = "n", min = 1, max = 3 },
              { text = "Again" },
            } } } }
            """), [])
        let s = try openSession("return { title = 'S', { { type = 'toggle', text = 'T', key = 't' }, { text = 'Plain' } } }")
        XCTAssertEqual(s.currentScreen().sections[0].rows.map(\.kind), [.toggle, .text])
    }

    func testFieldFunctionErrorsSurfaceAtCheck() {
        let found = diagnostics("return screen { title = 'S', section {\n row { text = 'A', detail = function(ctx)\n return ctx.store.missing.x end } } }")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, 3)
        XCTAssertEqual(found.first?.path, "sections[1].rows[1].detail")
        XCTAssertTrue(found.first?.message.contains("attempt to index a nil value") ?? false, found.first?.message ?? "")
    }

    func testWarningsDoNotStopLoading() {
        let found = diagnostics("return screen { title = 'S', section { number { text = 'N', key = 'n', step = 2, default = 3 } } }")
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(found.first?.message, "the default 3 is not a multiple of step 2")
    }

    func testDefaultRowIDs() throws {
        let session = try openSession("""
            return screen { title = "S", section {
              row { text = "Wi-Fi & Network!" },
              toggle { text = "Other", key = "KeepMe" },
            } }
            """)
        XCTAssertEqual(session.currentScreen().sections[0].rows.map(\.id), ["wi_fi_network", "KeepMe"])
    }

    func testRequireLoadsOnlyFromTheScriptsFolder() {
        let folder = ScriptFolder()
        folder.write("lib/rows.lua", "return { hello = function() return row { text = 'Hi' } end }")
        XCTAssertEqual(diagnostics("local r = require('lib.rows')\nreturn screen { title = 'S', section { r.hello() } }", folder: folder), [])
        let escape = diagnostics("return require('..secret')", folder: folder)
        XCTAssertTrue(escape.first?.message.contains("invalid module name") ?? false, "\(escape)")
        let missing = diagnostics("return require('nothere')", folder: folder)
        XCTAssertTrue(missing.first?.message.contains("module 'nothere' not found") ?? false, "\(missing)")
    }

    /// Rows a helper built are named by their own id or key in a diagnostic's path, never by
    /// the row read before them in the list (the rows of a list share their field slots).
    /// Diagnostics come in line order: the list item that is not a row is at the helper's line 1.
    func testHelperBuiltRowsAreNamedByTheirOwnIDOrKey() {
        let found = diagnostics("""
            local function menu(rows) return section { rows = rows } end
            local function bad(text, key) return row { text = text, id = key, detial = "x" } end
            return screen { title = "S", menu({ toggle { key = "A", text = "A" }, bad("B"), bad("C", "c"), 5, toggle { text = "D", key = "d", default = "x" } }) }
            """)
        XCTAssertEqual(found.map(\.path), [
            "sections[1].rows[4]", "sections[1].rows[2].detial", "sections[1].rows[3](c).detial", "sections[1].rows[5].default",
        ], found.map(\.description).joined(separator: "\n"))
    }
}
