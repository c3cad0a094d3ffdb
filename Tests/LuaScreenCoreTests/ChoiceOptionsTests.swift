import XCTest
import LuaScreen
import LuaScreenTestSupport

/// Selecting a choice runs its `options` function once, and a failure is one clear error.
final class ChoiceOptionsTests: XCTestCase {
    /// A choice whose options function fails on every odd call and counts its calls in a
    /// global; `detail` is given so that drawing the row never runs the function.
    let flaky = """
        calls = 0
        return app { root = "main", screens = {
          screen { id = "main", title = "Main",
            section {
              choice { id = "c", text = "Colour", key = "colour", default = "red", detail = "pick one",
                       options = function(ctx)
                         calls = calls + 1
                         if calls % 2 == 1 then error("options are not ready") end
                         return { "red", "blue" }
                       end },
            },
          },
        } }
        """

    func testAFailingOptionsFunctionRunsOnceAndIsOneError() throws {
        let s = try openSession(flaky)
        XCTAssertEqual(try s.evaluate("calls", expression: true), "0")
        XCTAssertThrowsError(try s.select("c")) { error in
            let message = (error as? SessionError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("options are not ready"), message)
        }
        XCTAssertEqual(try s.evaluate("calls", expression: true), "1", "the options function ran more than once")
        XCTAssertEqual(s.path, ["main"])
        // The next selection runs it once more (its second call, which succeeds): the picker opens.
        try s.select("c")
        XCTAssertEqual(try s.evaluate("calls", expression: true), "2")
        XCTAssertEqual(s.path, ["main", "c"])
    }
}
