import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import ScreenRender

/// SPEC §8: `choice { multiple = true }` and the `list` kind.
final class ListValueTests: XCTestCase {
    let script = """
        return screen { id = "r", title = "Reader",
          section {
            choice { text = "Sync folders", key = "folders", multiple = true, max_selected = 3, min_selected = 1,
                     options = { "Books", "Articles", { value = "comics", text = "Comics" }, "Papers" }, default = { "Books" } },
            list { text = "Dictionaries", key = "dicts", unique = true, max_items = 3,
                   validate = function(item, ctx) if item:find("%d") then return "no digits in " .. item end end },
            button { text = "Bad", on_select = function(ctx) ctx.store.folders = { "Books", "Nope" } end },
            button { text = "Many", on_select = function(ctx) ctx.store.dicts = { "a", "b", "c", "d" } end },
            button { text = "Good", on_select = function(ctx) ctx.store.folders = { "Papers", "Books" } end },
          } }
        """

    func testMultipleChoiceValuesKeepOptionOrderAndLimits() throws {
        let s = try openSession(script)
        XCTAssertEqual(s.value(for: "folders"), .list([.string("Books")]))
        try s.select("Sync folders")
        XCTAssertEqual(s.path, ["r", "folders"])
        try s.select("Comics")
        try s.select("Articles")
        XCTAssertEqual(s.store.value(for: "folders"), .list([.string("Books"), .string("Articles"), .string("comics")]))
        XCTAssertEqual(s.currentScreen().sections[0].rows.filter { $0.accessory == .checkmark }.count, 3)
        XCTAssertThrowsError(try s.select("Papers")) { XCTAssertTrue("\($0)".contains("at most 3 options"), "\($0)") }
        try s.select("Books")
        try s.select("Articles")
        XCTAssertThrowsError(try s.select("Comics")) { XCTAssertTrue("\($0)".contains("at least 1 option"), "\($0)") }
        try s.back()
        try s.set("Sync folders", text: "papers, Books")
        XCTAssertEqual(s.store.value(for: "folders"), .list([.string("Books"), .string("Papers")]))
        XCTAssertEqual(try s.lookup("Sync folders").detail, "Books, Papers")
        XCTAssertThrowsError(try s.set("Sync folders", text: "Books, nope"))
        XCTAssertEqual(s.store.value(for: "folders"), .list([.string("Books"), .string("Papers")]), "one unknown item refuses the whole set")
        XCTAssertThrowsError(try s.select("Bad"))
        try s.select("Good")
        XCTAssertEqual(s.store.value(for: "folders"), .list([.string("Books"), .string("Papers")]))
        try s.set("Sync folders", value: .list([.string("Articles")]))
        XCTAssertEqual(s.store.value(for: "folders"), .list([.string("Articles")]))
    }

    func testRenderFallsBackToACount() throws {
        let s = try openSession(script, store: [("folders", .list([.string("Books"), .string("Articles"), .string("Papers")]))])
        let narrow = TextRenderer(options: RenderOptions(width: 30, ascii: false, color: false)).renderText(s.currentScreen())
        XCTAssertTrue(narrow.contains("3 selected"), narrow)
        XCTAssertEqual(try s.lookup("Sync folders").detail, "Books, Articles, Papers", "row() keeps the joined texts")
    }

    func testListEdits() throws {
        let s = try openSession(script)
        XCTAssertEqual(try s.lookup("Dictionaries").detail, "none")
        try s.addItem("Dictionaries", "Webster")
        try s.select("Dictionaries")
        XCTAssertEqual(s.path, ["r", "dicts"])
        try s.addItem(nil, "Oxford")
        try s.addItem("dicts", "Collins")
        XCTAssertThrowsError(try s.addItem(nil, "Extra")) { XCTAssertTrue("\($0)".contains("at most 3 items"), "\($0)") }
        XCTAssertThrowsError(try s.addItem(nil, "Oxford"))
        try s.removeItem(nil, at: 3)
        XCTAssertThrowsError(try s.addItem(nil, "Web2")) { XCTAssertTrue("\($0)".contains("no digits in Web2"), "\($0)") }
        try s.moveItem(nil, from: 2, to: 1)
        XCTAssertEqual(s.store.value(for: "dicts"), .list([.string("Oxford"), .string("Webster")]))
        XCTAssertThrowsError(try s.moveItem(nil, from: 1, to: 5))
        XCTAssertEqual(s.currentScreen().sections[0].rows.map(\.text), ["Oxford", "Webster"])
        try s.select("1")
        XCTAssertEqual(s.path, ["r", "dicts"], "selecting an item does nothing")
        try s.back()
        XCTAssertEqual(try s.lookup("Dictionaries").detail, "2 items")
        XCTAssertThrowsError(try s.select("Many"))
        try s.set("Dictionaries", text: "a, b")
        XCTAssertEqual(s.store.value(for: "dicts"), .list([.string("a"), .string("b")]))
    }

    func testALongListRendersOnePageAtATime() throws {
        let items = (1...10_000).map { StoreValue.string("word \($0)") }
        let s = try openSession("""
            return screen { id = "r", title = "Reader", section { list { text = "Dictionaries", key = "dicts" } } }
            """, store: [("dicts", .list(items))])
        XCTAssertEqual(try s.lookup("Dictionaries").detail, "10000 items")
        try s.select("Dictionaries")
        let page = s.page(3, rowsPerPage: 20)
        XCTAssertEqual(page.count, 500)
        XCTAssertEqual(page.screen.sections[0].rows.count, 20)
        XCTAssertEqual(page.screen.sections[0].rows.first?.text, "word 41")
        XCTAssertEqual(page.screen.sections[0].rows.first?.number, 41)
    }

    func testListDiagnostics() {
        let d = diagnostics("""
            return screen { title = "T", section {
              choice { text = "A", key = "a", multiple = true, options = { "x", "y" }, default = { "z" } },
              choice { text = "B", key = "b", multiple = true, options = { "x" }, min_selected = 2, max_selected = 1 },
              list { text = "C", key = "c", max_items = 0, uniq = true },
              list { text = "D", key = "d", default = "x" },
            } }
            """).map { $0.description }
        XCTAssertTrue(d.contains { $0.contains("the default holds \"z\", which is not among the options") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("min_selected (2) is greater than max_selected (1)") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("max_items must be a whole number of at least 1") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("unknown field \"uniq\" (did you mean \"unique\"?)") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("default: expected a list of strings") }, "\(d)")
    }

    func testListsRoundTripThroughTheFileStore() throws {
        let folder = ScriptFolder()
        let path = folder.url.appendingPathComponent("store.json").path
        let store = try FileStore.open(path: path)
        try store.commit([("dicts", .list([.string("Oxford"), .integer(3), .number(2.5)]))])
        let again = try FileStore.open(path: path)
        XCTAssertEqual(again.value(for: "dicts"), .list([.string("Oxford"), .integer(3), .number(2.5)]))
    }
}
