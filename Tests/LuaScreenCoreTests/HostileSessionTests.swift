import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaRuntime
import ScreenModel

/// Callbacks that call the host from places it did not expect: coroutines, recursion through
/// on_appear. No crash, and the session stays usable.
final class HostileSessionTests: XCTestCase {
    /// ctx methods called from inside coroutine.wrap used to hand the validator an index into
    /// the coroutine's stack, which it read on the main thread's: SIGSEGV in liblua.
    func testCtxMethodsWorkFromACoroutine() throws {
        let session = try openSession("""
            return screen { id = "main", title = "Main",
              section { id = "s",
                row { text = "Insert", on_select = function(ctx)
                  coroutine.wrap(function() ctx:insert_row("s", 1, row { id = "new", text = "From a coroutine" }) end)()
                end },
                row { text = "Update", on_select = function(ctx)
                  coroutine.wrap(function() ctx:update_row("insert", { detail = "updated" }) end)()
                end },
                row { text = "Section", on_select = function(ctx)
                  coroutine.wrap(function() ctx:insert_section(1, section { id = "t", header = "T", row { text = "In T" } }) end)()
                end },
                row { text = "Store", on_select = function(ctx)
                  local co = coroutine.create(function() ctx.store.flag = true; coroutine.yield(ctx.store.flag); ctx:alert("later") end)
                  assert(select(2, coroutine.resume(co)) == true)
                  coroutine.resume(co)
                end },
                row { text = "Push", on_select = function(ctx)
                  coroutine.wrap(function() ctx:push(screen { id = "child", title = "Child", section { row { text = "x" } } }) end)()
                end },
              } }
            """)
        defer { session.close() }
        try session.select("Insert")
        XCTAssertEqual(session.currentScreen().sections.flatMap(\.rows).first?.text, "From a coroutine")
        try session.select("Update")
        XCTAssertEqual(session.currentScreen().sections.flatMap(\.rows).first { $0.id == "insert" }?.detail, "updated")
        try session.select("Section")
        XCTAssertEqual(session.currentScreen().sections.first?.header, "T")
        try session.select("Store")
        XCTAssertEqual(session.storeValues().first { $0.key == "flag" }?.value, .bool(true))
        XCTAssertEqual(session.messages.last, "later")
        try session.select("Push")
        XCTAssertEqual(session.path, ["main", "child"])
    }

    /// A host error raised back into a coroutine is catchable there, with the script's line.
    func testHostErrorsReachTheCoroutine() throws {
        let session = try openSession("""
            return screen { id = "main", title = "Main", section { id = "s",
              row { text = "Bad", on_select = function(ctx)
                local ok, message = pcall(coroutine.wrap(function() ctx:remove_row("nothing") end))
                assert(not ok)
                ctx:alert(message)
              end } } }
            """)
        defer { session.close() }
        try session.select("Bad")
        let message = try XCTUnwrap(session.messages.last)
        XCTAssertTrue(message.contains("s.lua:3:") && message.contains("no row \"nothing\""), message)
    }

    /// on_appear pushing its own screen again, through a coroutine each time: the recursion
    /// ends in an error (Lua's C-stack limit), not a crash, and nothing is kept.
    func testRecursionThroughTheHostAndCoroutinesEndsInAnError() throws {
        let session = try openSession("""
            return app { root = "main", screens = {
              screen { id = "main", title = "Main", section {
                row { text = "Coroutines", on_select = function(ctx) coroutine.wrap(function() ctx:push("a") end)() end },
                row { text = "Direct", on_select = function(ctx) ctx:push("b") end },
              } },
              screen { id = "a", title = "A", on_appear = function(ctx) coroutine.wrap(function() ctx:push("a") end)() end,
                       section { row { text = "x" } } },
              screen { id = "b", title = "B", on_appear = function(ctx) ctx:push("b") end, section { row { text = "x" } } },
            } }
            """)
        defer { session.close() }
        for row in ["Coroutines", "Direct"] {
            XCTAssertThrowsError(try session.select(row), row) { error in
                XCTAssertEqual((error as? SessionError)?.kind, .script, "\(error)")
            }
            XCTAssertEqual(session.path, ["main"], row)
        }
    }
}
