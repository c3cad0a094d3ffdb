import XCTest
import LuaScreen
import LuaScreenCore
import LuaScreenTestSupport

/// `help REF` through the public API: a number row's range is worded as the REPL's prompt
/// words it, and a secure input's value and default are masked.
final class RowHelpTests: XCTestCase {
    let script = """
        return app { root = "main", screens = {
          screen { id = "main", title = "Main",
            section {
              number { text = "Font size", key = "font", default = 14, min = 10, max = 30, step = 2, unit = "pt" },
              number { text = "Offset", key = "offset", default = 0, min = -5 },
              number { text = "Scale", key = "scale", default = 1, max = 4, step = 0.5 },
              number { text = "Free", key = "free", default = 3 },
              input { text = "Password", key = "pw", default = "hunter2", secure = true },
            },
          },
        } }
        """

    func testANumberRowsRangeAndASecureInputsMask() throws {
        let s = try openSession(script)
        let font = try s.help("Font size").formatted, offset = try s.help("Offset").formatted, scale = try s.help("Scale").formatted
        XCTAssertTrue(font.contains("\n10 to 30, step 2, unit pt\n"), font)
        XCTAssertTrue(offset.contains("\nat least -5\n"), offset)
        XCTAssertTrue(scale.contains("\nat most 4, step 0.5\n"), scale)
        let free = try s.help("Free").formatted
        XCTAssertFalse(free.contains(" to ") || free.contains("at least") || free.contains("at most"), free)
        let secret = try s.help("Password").formatted
        XCTAssertTrue(secret.contains("value: \(Binding.secureMask)") && secret.contains("default: \(Binding.secureMask)"), secret)
        XCTAssertFalse(secret.contains("hunter2"), secret)
    }
}
