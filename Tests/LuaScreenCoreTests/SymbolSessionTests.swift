import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore
import ScreenModel

/// Symbols in a session (docs/dependencies.md): the loader's diagnostics for rule fields, the
/// effective value through the store, refusals, reasons, `why`, `find`, the `.config` store.
final class SymbolSessionTests: XCTestCase {
    private let app = """
    return app { root = "main", modules = "MODULES", screens = {
      screen { id = "main", title = "Policy", section {
        toggle { key = "MODULES", text = "Modules" },
        toggle { key = "A", text = "A", select = { "B" } },
        toggle { key = "B", text = "B", depends = "C" },
        toggle { key = "C", text = "C" },
        tristate { key = "T", text = "T", depends = "C", defaults = { { "y", when = "A" } } },
        number { key = "N", text = "N", ranges = { { 1, 10 } }, defaults = { { 5 } } },
        row { text = "More", depends = "A", push = screen { id = "more", title = "More", section {
          symbol { key = "H", kind = "int", defaults = { { "N" } } },
        } } },
      } },
    } }
    """

    func testBadRulesAreDiagnosedWithTheirLine() {
        let found = diagnostics("""
        return screen { id = "s", title = "S", section {
          toggle { key = "A", text = "A", depends = "B &&" },
          symbol { key = "X" },
          tristate { text = "T" },
          toggle { key = "D", text = "D", select = { 3 } },
        } }
        """)
        let lines = found.map { "\($0.line ?? 0): \($0.message)" }
        XCTAssertTrue(lines.contains { $0.hasPrefix("2: depends: expected a symbol at the end") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("3: missing required field \"kind\"") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("4: missing required field \"key\"") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("5: ") && $0.contains("expected a symbol's name") }, "\(lines)")
    }

    func testEffectiveValuesReasonsAndRefusals() throws {
        let s = try openSession(app)
        defer { s.close() }
        XCTAssertEqual(s.storeValues().first { $0.key == "T" }?.value, .string("n"))
        try s.set("A", text: "on")
        XCTAssertEqual(s.storeValues().first { $0.key == "B" }?.value, .bool(true))
        let b = try XCTUnwrap(s.currentScreen().sections[0].rows.first { $0.id == "B" })
        XCTAssertFalse(b.visible)  // selected past its dependency: shown nowhere, still y
        XCTAssertEqual(b.symbol?.reason, "selected by A")
        XCTAssertThrowsError(try s.setSymbol("B", text: "n")) { XCTAssertTrue("\($0)".contains("hidden")) }
        XCTAssertThrowsError(try s.setSymbol("N", text: "11")) { XCTAssertTrue("\($0)".contains("out of range for N (1 to 10)")) }
        try s.setSymbol("CONFIG_C", text: "y")
        XCTAssertEqual(s.storeValues().first { $0.key == "T" }?.value, .string("y"))
        XCTAssertThrowsError(try s.setSymbol("T", text: "m")) { XCTAssertTrue("\($0)".contains("MODULES is n")) }
        try s.setSymbol("MODULES", text: "y")
        try s.setSymbol("T", text: "m")
        XCTAssertEqual(s.storeValues().first { $0.key == "T" }?.value, .string("m"))
        XCTAssertEqual(s.explainSymbol("B")?.filter { $0.hasPrefix("  -") }, ["  - A [=y]"])
    }

    /// A window of rows (the preview's, the REPL's pages) leaves out what the rules hide, as
    /// the whole screen does: the rows' `visible` fields alone cannot say it.
    func testAWindowOfRowsShowsWhatTheRulesShow() throws {
        let s = try openSession(app)
        defer { s.close() }
        let shown = { s.rows(from: 0, count: 50).screen.sections.flatMap(\.rows).map(\.id) }
        XCTAssertEqual(shown(), ["MODULES", "A", "C", "N"])
        XCTAssertEqual(shown(), s.currentScreen().sections[0].rows.filter(\.visible).map(\.id))
        try s.set("C", text: "on")
        XCTAssertEqual(shown(), ["MODULES", "A", "B", "C", "T", "N"])
        XCTAssertEqual(s.rows(from: 0, count: 50).total, 6)
    }

    func testFindListsSymbolsByNameAndPromptHiddenOnesToo() throws {
        let s = try openSession(app)
        defer { s.close() }
        let found = s.find("h")
        XCTAssertEqual(found.map { "\($0.titles.joined(separator: " › ")) › \($0.text) \($0.hidden) \($0.matched ?? "")" },
                       ["Policy › More › H true symbol H"])
    }

    func testAConfigStoreIsReadAndWrittenAsConfDoes() throws {
        let folder = ScriptFolder()
        let path = folder.write("s.lua", app)
        let config = folder.write("x.config", "CONFIG_A=y\nCONFIG_N=50\nCONFIG_Q=y\n")
        let store = try StoreChoice.open(given: config, scriptPath: path)
        let s = try Session.open(path: path, options: SessionOptions(store: store, print: { _ in }))
        XCTAssertEqual(s.storeWarnings, ["\(config): line 3: unknown symbol: Q"])
        XCTAssertEqual(s.storeValues().first { $0.key == "N" }?.value, .integer(5))  // out of range: forgotten
        try s.setSymbol("C", text: "y")
        s.close()
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), """
        #
        # Automatically generated file; DO NOT EDIT.
        # Policy
        #
        # CONFIG_MODULES is not set
        CONFIG_A=y
        CONFIG_B=y
        CONFIG_C=y
        CONFIG_T=y
        CONFIG_N=5

        #
        # More
        #
        CONFIG_H=5
        # end of More

        """)
    }

    func testAMenuconfigSymbolOpensItsScreenAndShowsWhileARowUnderItDoes() throws {
        let s = try openSession("""
        return app { root = "main", screens = { screen { id = "main", title = "T", section {
          toggle { key = "S", text = "Parent", prompt_if = "P", defaults = { { "y" } },
                   push = screen { id = "kids", title = "Kids", section { toggle { key = "K", text = "Kid", depends = "S" } } } },
          toggle { key = "P", text = "P" },
          row { text = "Note", depends = "P" },
        } } } }
        """)
        defer { s.close() }
        XCTAssertTrue(s.loadWarnings.isEmpty, "\(s.loadWarnings)")
        let parent = try XCTUnwrap(s.currentScreen().sections[0].rows.first { $0.id == "S" })
        XCTAssertTrue(parent.visible)  // its prompt is hidden (P is n), but Kid shows under it
        XCTAssertEqual(s.explainSymbol("Note"), ["Comment: Note [hidden]", "  Depends on: P [=n]"])
        XCTAssertThrowsError(try s.setSymbol("S", text: "n"))
        try s.select("Parent")
        XCTAssertEqual(s.currentScreen().id, "kids")
    }
}
