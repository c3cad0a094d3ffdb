import XCTest
import LuaScreen
import LuaScreenCore
import LuaScreenTestSupport

/// The session's registry of screens and bound keys: what loading read, added to by rows and
/// screens a script makes while it runs, replaced whole by a reload.
final class RegistryTests: XCTestCase {
    let folder = ScriptFolder()
    let script = """
        return screen { id = "main", title = "Main",
          section { id = "sec",
            toggle { key = "wifi", text = "Wi-Fi" },
            button { id = "add", text = "Add", on_select = function(ctx)
              ctx:insert_row("sec", 1, toggle { key = "extra", text = "Extra" })
            end },
            button { id = "open", text = "Open", on_select = function(ctx)
              ctx:push(screen { id = "made", title = "Made", section { toggle { key = "deep", text = "Deep" } } })
            end },
          },
        }
        """

    func testRunTimeRowsAndScreensAreRegisteredAndAReloadStartsOver() throws {
        let path = folder.write("registry.lua", script)
        let s = try Session.open(path: path, options: SessionOptions(print: { _ in }))
        defer { s.close() }
        XCTAssertEqual(s.boundKeys, ["wifi"])
        XCTAssertEqual(s.registry.screenIDs, ["main"])
        try s.select("add")
        XCTAssertEqual(s.boundKeys, ["extra", "wifi"])
        try s.select("open")
        XCTAssertEqual(s.currentScreenID, "made")
        XCTAssertEqual(s.registry.screenIDs, ["main", "made"])
        XCTAssertEqual(s.boundKeys, ["deep", "extra", "wifi"])
        try s.reloadScript()
        XCTAssertEqual(s.boundKeys, ["wifi"], "a reload reads the script again: a new registry")
        XCTAssertEqual(s.registry.screenIDs, ["main"])
    }
}
