import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaRuntime
import ScreenModel

/// SPEC §7 through the public API: one instruction budget an action, and copies out of Lua
/// bounded by the cap.
final class ActionBudgetTests: XCTestCase {
    private let spin = """
        return screen { title = "Spin", section {
          button { id = "spin", text = "Spin", on_select = function() for i = 1, 3000000 do end end },
          row { id = "dyn", text = "Dyn", detail = function() return "fine" end },
        } }
        """

    /// The looping field functions of one screen share its budget: the first spends it and
    /// every later one fails at once (before, each got ten million instructions).
    func testFieldFunctionsOfAScreenShareOneBudget() {
        let rows = (1...40).map { "row { text = \"r\($0)\", detail = function() while true do end end }," }.joined(separator: "\n")
        let problems = diagnostics("return screen { title = \"Loops\", section {\n\(rows)\n} }")
        XCTAssertEqual(problems.count, 40)
        XCTAssertTrue(problems.allSatisfy { $0.message.contains("instruction limit exceeded") }, "\(problems.first!)")
    }

    /// Each session call is an action of its own; `action` makes several calls one.
    func testSessionActionSharesTheBudgetOfItsCalls() throws {
        let session = try openSession(spin)
        defer { session.close() }
        for _ in 1...4 { try session.select("spin") }  // 3,000,000 instructions each: fits alone
        XCTAssertThrowsError(try session.action { for _ in 1...4 { try session.select("spin") } }) { error in
            XCTAssertTrue("\(error)".contains("instruction limit exceeded"), "\(error)")
        }
        // The next action has a budget again.
        try session.select("spin")
        XCTAssertEqual(try session.lookup("dyn").detail, "fine")
    }

    /// A field function reading an 8 MiB key 40 times (each read a copy in the host) ends in a
    /// memory error naming the script's line, not in a crash.
    func testCopiesOutOfLuaAreBoundedByTheCap() {
        let rows = (1...40).map { "row { text = \"r\($0)\", detail = function(ctx) return tostring(ctx.store[k]) end }," }
            .joined(separator: "\n")
        let problems = diagnostics("local k = string.rep(\"k\", 8 << 20)\nreturn screen { title = \"Keys\", section {\n\(rows)\n} }")
        let memory = problems.filter { $0.message.contains("memory limit exceeded") }
        XCTAssertFalse(memory.isEmpty, "\(problems.prefix(3))")
        XCTAssertTrue(memory.allSatisfy { $0.line != nil && $0.line! >= 3 }, "\(memory.first!)")
    }

    /// What a session keeps across actions (rows inserted by callbacks) counts against later
    /// copies: inserting 4 MiB rows command after command ends in a memory error.
    func testKeptRowsCountAcrossActions() throws {
        let session = try openSession("""
            local v = string.rep("v", 4 << 20)
            local n = 0
            return screen { title = "Rows", section { id = "s",
              button { id = "add", text = "Add", on_select = function(ctx)
                n = n + 1
                ctx:insert_row("s", 1, row { id = "r" .. n, text = v })
              end },
            } }
            """)
        defer { session.close() }
        var failure: Error?
        for _ in 1...40 {
            do { try session.select("add") } catch { failure = error; break }
        }
        let error = try XCTUnwrap(failure)
        XCTAssertTrue("\(error)".contains("memory limit exceeded"), "\(error)")
    }

    /// Alerts stay in `messages` for the session's life: they count against later copies too.
    func testKeptAlertsCountAcrossActions() throws {
        let session = try openSession("""
            local v = string.rep("a", 4 << 20)
            return screen { title = "Alerts", section {
              button { id = "say", text = "Say", on_select = function(ctx) ctx:alert(v) end },
            } }
            """)
        defer { session.close() }
        var failure: Error?
        for _ in 1...40 {
            do { try session.select("say") } catch { failure = error; break }
        }
        let error = try XCTUnwrap(failure)
        XCTAssertTrue("\(error)".contains("memory limit exceeded"), "\(error)")
        XCTAssertLessThan(session.messages.count, 17)
    }

    /// Rows of a screen that was left are let go of: pushing, filling and leaving a screen
    /// again and again never runs out.
    func testRowsOfALeftScreenAreForgotten() throws {
        let session = try openSession("""
            local v = string.rep("v", 4 << 20)
            local n = 0
            return screen { title = "Root", section {
              row { id = "child", text = "Child", push = screen { id = "child", title = "Child", section { id = "s",
                button { id = "add", text = "Add", on_select = function(ctx)
                  n = n + 1
                  ctx:insert_row("s", 1, row { id = "r" .. n, text = v })
                end },
              } } },
            } }
            """)
        defer { session.close() }
        for _ in 1...30 {
            try session.select("child")
            try session.select("add")
            try session.select("add")
            try session.back()
        }
        XCTAssertEqual(session.path.count, 1)  // back at the root, 240 MiB of rows later
    }
}
