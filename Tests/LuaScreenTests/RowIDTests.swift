import XCTest
import LuaScreen
import LuaScreenTestSupport

/// A program names rows by `RowID`: by ids, never read as a number or a text.
final class RowIDTests: XCTestCase {
    let folder = ScriptFolder()
    let script = """
        return app { root = "main", screens = {
          screen { id = "main", title = "Main",
            section {
              row { id = "2", text = "Second by id", on_select = function(ctx) ctx:alert("id 2") end },
              row { id = "first", text = "2", on_select = function(ctx) ctx:alert("first") end },
              toggle { key = "wifi", text = "Wi-Fi", default = false },
              number { key = "size", text = "Size", default = 3, step = 1 },
              input { key = "name", text = "Name" },
              row { id = "net", text = "Network", push = "net", enabled = function(ctx) return ctx.store.wifi end },
              row { id = "ghost", text = "Ghost", visible = false },
            },
          },
          screen { id = "net", title = "Net", section { row { id = "back", text = "Back", on_select = function(ctx) ctx:alert("back") end } } },
        } }
        """

    func open() throws -> Session {
        try Session.open(path: folder.write("rows.lua", script), options: SessionOptions(print: { _ in }))
    }

    func testAnIDThatLooksLikeANumberNamesTheRowNotThePosition() throws {
        let s = try open()
        defer { s.close() }
        try s.select(RowID(screen: "main", row: "2"))
        XCTAssertEqual(s.messages, ["id 2"])
        try s.select("2")  // a REF: 2 is the row numbered 2
        XCTAssertEqual(s.messages, ["id 2", "first"])
        XCTAssertEqual(try s.lookup(RowID(screen: "main", row: "first")).text, "2")
    }

    func testTheTypedMethodsActAsTheirREFTwins() throws {
        let s = try open()
        defer { s.close() }
        let wifi = try s.rowID(of: s.lookup("Wi-Fi"))
        XCTAssertEqual(wifi, RowID(screen: "main", row: "wifi"))
        try s.select(wifi)
        XCTAssertEqual(s.storeValues().first { $0.key == "wifi" }?.value, .bool(true))
        let size = RowID(screen: "main", row: "size")
        try s.increment(size)
        try s.increment(size)
        try s.decrement(size)
        XCTAssertEqual(s.storeValues().first { $0.key == "size" }?.value, .integer(4))
        try s.set(size, text: "9")
        XCTAssertEqual(s.storeValues().first { $0.key == "size" }?.value, .integer(9))
        try s.reset(size)
        XCTAssertEqual(s.storeValues().first { $0.key == "size" }?.value, .integer(3))
        try s.set(RowID(screen: "main", row: "name"), value: .string(" Ada "))
        XCTAssertEqual(s.storeValues().first { $0.key == "name" }?.value, .string(" Ada "))
        XCTAssertEqual(try s.help(RowID(screen: "main", row: "size")).row?.id, "size")
        try s.select(RowID(screen: "main", row: "net"))
        XCTAssertEqual(s.currentScreenID, "net")
    }

    func testRowsOfAnotherScreenAndHiddenRowsAreRefused() throws {
        let s = try open()
        defer { s.close() }
        XCTAssertThrowsError(try s.select(RowID(screen: "net", row: "back"))) { error in
            XCTAssertTrue("\(error)".contains("the screen shown is \"main\""), "\(error)")
        }
        XCTAssertThrowsError(try s.select(RowID(screen: "main", row: "nothing")))
        let ghost = RowID(screen: "main", row: "ghost")
        XCTAssertThrowsError(try s.select(ghost))
        XCTAssertFalse(try s.lookup(ghost, includeHidden: true).visible)
        guard case .unmet(let unmet)? = try s.why(ghost).findings.first else { return XCTFail() }
        XCTAssertEqual(unmet.state, .hidden)
        XCTAssertThrowsError(try s.select(RowID(screen: "main", row: "net"))) { error in
            XCTAssertTrue("\(error)".contains("disabled"), "\(error)")
        }
    }

    func testAFoundRowIsSelectedByItsRowID() throws {
        let s = try open()
        defer { s.close() }
        let found = try XCTUnwrap(s.find("Back").first)
        XCTAssertEqual(found.rowID, RowID(screen: "net", row: "back"))
        // go follows the rows a person could select: "Network" is disabled while Wi-Fi is off.
        XCTAssertThrowsError(try s.go(to: found.path))
        try s.set("wifi", text: "on")
        try s.go(to: found.path)
        try s.select(found.rowID)
        XCTAssertEqual(s.messages, ["back"])
    }
}
