import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// The indexes a lookup answers from (rows by id and by text, made once per structure) and
/// `find` must never answer from a screen that has changed: a row edited, inserted or
/// removed through ctx, a reload, a visibility that changed with a value are all seen
/// by the next lookup (issue 26: no result may depend on a cache a change can make stale).
final class LookupStalenessTests: XCTestCase {
    private let source = """
        return app { screens = { screen { id = "main", title = "Main",
          section { id = "s",
            row { id = "a", text = "Alpha", on_select = function() end },
            row { id = "b", text = "Beta", on_select = function() end },
            row { text = "Rename", on_select = function(ctx) ctx:update_row("b", { text = "Gamma" }) end },
            row { text = "Insert", on_select = function(ctx) ctx:insert_row("s", 1, { id = "z", text = "Zeta", on_select = function() end }) end },
            row { text = "Remove", on_select = function(ctx) ctx:remove_row("a") end },
          },
        } } }
        """

    private func id(_ s: Session, _ ref: String) -> String? { try? s.lookup(ref).id }

    func testRowEditsThroughCtxAreSeen() throws {
        let s = try openSession(source)
        defer { s.close() }
        // Every index made: by number, id, text, case and prefix, and by RowID.
        XCTAssertEqual(id(s, "Beta"), "b")
        XCTAssertEqual(id(s, "b"), "b")
        XCTAssertEqual(id(s, "bet"), "b")
        XCTAssertEqual(id(s, "1"), "a")
        XCTAssertEqual(try s.lookup(RowID(screen: "main", row: "a")).id, "a")
        try s.select("Rename")
        XCTAssertEqual(id(s, "Gamma"), "b")
        XCTAssertEqual(id(s, "gam"), "b")
        XCTAssertNil(id(s, "Beta"))
        XCTAssertNil(id(s, "bet"))
        try s.select("Insert")
        XCTAssertEqual(id(s, "Zeta"), "z")
        XCTAssertEqual(id(s, "z"), "z")
        XCTAssertEqual(id(s, "1"), "z")
        XCTAssertEqual(try s.lookup(RowID(screen: "main", row: "z")).id, "z")
        try s.select("Remove")
        XCTAssertNil(id(s, "a"))
        XCTAssertNil(id(s, "Alpha"))
        XCTAssertThrowsError(try s.lookup(RowID(screen: "main", row: "a")))
        XCTAssertEqual(id(s, "2"), "b")
    }

    func testAReloadIsSeen() throws {
        let folder = ScriptFolder()
        let s = try openSession(source, folder: folder)
        defer { s.close() }
        XCTAssertEqual(id(s, "Alpha"), "a")
        XCTAssertEqual(id(s, "a"), "a")
        _ = folder.write("s.lua", source.replacingOccurrences(of: "\"Alpha\"", with: "\"Omega\"")
            .replacingOccurrences(of: "id = \"a\"", with: "id = \"o\""))
        _ = try s.reloadScript()
        XCTAssertNil(id(s, "Alpha"))
        XCTAssertNil(id(s, "a"))
        XCTAssertEqual(id(s, "Omega"), "o")
        XCTAssertEqual(id(s, "o"), "o")
        XCTAssertEqual(s.find("omega").map(\.row), ["o"])
    }

    func testAVisibilityThatChangesWithAValueIsSeen() throws {
        let s = try openSession("""
            return app { screens = { screen { id = "main", title = "Main", section {
              row { type = "toggle", id = "show", text = "Show", key = "show", default = false },
              row { id = "late", text = "Late row", on_select = function() end,
                    visible = function(ctx) return ctx.store.show end },
            } } } }
            """)
        defer { s.close() }
        XCTAssertNil(id(s, "Late row"))
        XCTAssertNil(id(s, "late"))
        XCTAssertEqual(s.find("Late").map(\.hidden), [true])
        try s.select("Show")
        XCTAssertEqual(id(s, "Late row"), "late")
        XCTAssertEqual(id(s, "late"), "late")
        XCTAssertEqual(id(s, "2"), "late")
        XCTAssertEqual(s.find("Late").map(\.hidden), [false])
    }

    func testFindSeesAChangedValue() throws {
        let s = try openSession("""
            return app { screens = { screen { id = "main", title = "Main", section {
              row { type = "toggle", id = "t", text = "Toggle", key = "t", default = false },
              row { type = "input", id = "name", text = "Name", key = "name", default = "" },
            } } } }
            """)
        defer { s.close() }
        XCTAssertEqual(s.find("off").map(\.row), ["t"])
        XCTAssertEqual(s.find("zebra").count, 0)
        try s.select("Toggle")
        try s.set("Name", text: "zebra")
        XCTAssertEqual(s.find("off").count, 0)
        XCTAssertEqual(s.find("on").map(\.row), ["t"])
        XCTAssertEqual(s.find("zebra").map(\.row), ["name"])
    }
}
