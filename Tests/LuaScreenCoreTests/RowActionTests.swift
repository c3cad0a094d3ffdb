import XCTest
import LuaScreen
import LuaScreenCore
import LuaScreenTestSupport
import ScreenModel

/// SPEC §8: a row's `actions`.
final class RowActionTests: XCTestCase {
    let script = """
        return screen { id = "a", title = "Mail",
          section {
            row { text = "Inbox", detail = "3",
                  actions = {
                    { text = "Mark all read", on_select = function(ctx) ctx:alert("read") end },
                    { id = "empty", text = "Empty", destructive = true,
                      confirm = function(ctx) return "Empty " .. ctx.row.text .. "?" end,
                      on_select = function(ctx) ctx:alert("emptied") end },
                    { id = "boom", text = "Fail", on_select = function(ctx) ctx:alert("x"); error("nope") end },
                  } },
            row { text = "Off", enabled = false, actions = { { text = "Go", on_select = function() end } } },
            row { text = "Plain" },
          } }
        """

    func testListingRunningAndConfirming() throws {
        let s = try openSession(script)
        XCTAssertEqual(try s.actions("Inbox").map(\.id), ["mark_all_read", "empty", "boom"])
        try s.runAction("Inbox", id: "mark_all_read")
        XCTAssertEqual(s.messages, ["read"])
        XCTAssertThrowsError(try s.runAction("Inbox", id: "empty")) {
            XCTAssertEqual(($0 as? SessionError)?.kind, .needsConfirmation("Empty Inbox?"))
        }
        try s.runAction("Inbox", id: "empty", answer: false)
        XCTAssertEqual(s.messages, ["read"])
        try s.runAction("Inbox", id: "empty", answer: true)
        XCTAssertEqual(s.messages, ["read", "emptied"])
        XCTAssertThrowsError(try s.runAction("Inbox", id: "boom"))
        XCTAssertEqual(s.messages.count, 2, "a failing action is rolled back")
        XCTAssertThrowsError(try s.runAction("Inbox", id: "emtpy")) { XCTAssertTrue("\($0)".contains("did you mean \"empty\""), "\($0)") }
        XCTAssertThrowsError(try s.actions("Off")) { XCTAssertTrue("\($0)".contains("disabled"), "\($0)") }
        XCTAssertThrowsError(try s.actions("Plain"))
        XCTAssertTrue(try s.help("Inbox").formatted.contains("actions: mark_all_read (Mark all read), empty (Empty, destructive), boom (Fail)"))
    }

    func testDumpAddsActionsOnlyToRowsThatHaveThem() throws {
        let s = try openSession(script)
        let json = s.dump().serialized(pretty: false)
        XCTAssertTrue(json.contains(#""actions":[{"id":"mark_all_read","text":"Mark all read","destructive":false}"#), json)
        XCTAssertEqual(json.components(separatedBy: "\"actions\"").count - 1, 2)
    }

    func testActionDiagnostics() {
        let d = diagnostics("""
            return screen { title = "T", section {
              row { text = "A", actions = { { text = "Go" }, { on_select = function() end }, { text = "Go", on_select = function() end, destrutive = true } } },
              row { text = "B", actions = "x" },
            } }
            """).map { $0.description }
        XCTAssertTrue(d.contains { $0.contains("actions[1]: missing required field \"on_select\"") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("actions[2]: missing required field \"text\"") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("unknown field \"destrutive\" (did you mean \"destructive\"?)") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("actions: expected a list of { text =, on_select = } tables") }, "\(d)")
    }
}
