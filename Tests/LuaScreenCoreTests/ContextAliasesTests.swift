import XCTest
import LuaScreenCore

/// A callback's ctx named otherwise is read as ctx inside that function, and nowhere else.
final class ContextAliasesTests: XCTestCase {
    private func lines(_ text: String) -> [String] {
        ContextAliases.lines(of: Array(text.utf8)).map { "\($0.0):\($0.1)" }
    }

    func testTheAliasIsWrittenCtxInsideItsCallbackOnly() {
        let text = """
            local function f(c) return c.name end
            row { detail = function(c) return c.store.x .. ("c.y") end,
              on_select = function(c)
                if c.store.y then c:push("a") end
                table.sort(t, function(a, c) return c.z end)
              end }
            local _ = c.after
            """
        XCTAssertEqual(lines(text), ["2:row { detail = function(c) return ctx.store.x .. (\"c.y\") end,",
                                     "4:    if ctx.store.y then ctx:push(\"a\") end"])
    }

    func testEveryCallbackNamingItCtxNeedsNoPass() {
        XCTAssertEqual(lines("row { detail = function(ctx) return ctx.x end }"), [])
        XCTAssertEqual(lines("input { validate = function(v, ctx) return ctx.x end }"), [])
        XCTAssertEqual(lines("input { validate = function(v, k) return k:tr(v) end }"), ["1:input { validate = function(v, k) return ctx:tr(v) end }"])
    }
}
