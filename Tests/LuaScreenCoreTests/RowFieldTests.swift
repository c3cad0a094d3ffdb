import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore

/// `RowField.name` is a stored table (no reflection at each open): it must name each case as
/// the script spells it, the case's Swift name in snake case (`default_` is `default`), and
/// `RowField(name:)` must find it back.
final class RowFieldTests: XCTestCase {
    func testEachFieldIsNamedAsTheScriptSpellsIt() {
        for field in RowField.allCases {
            var snake = ""
            for c in "\(field)" where c != "_" {
                snake += c.isUppercase ? "_" + c.lowercased() : String(c)
            }
            XCTAssertEqual(field.name, snake, "\(field)")
            XCTAssertEqual(RowField(name: field.name), field)
        }
    }
}
