import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore
import ScreenModel

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

    /// The fields a kind of row accepts (a mask made from cases) are those `FieldNames` lists.
    func testAllowedFieldsAreTheNamedOnes() {
        for kind in RowKind.allCases {
            let named = FieldNames.row(kind).map { RowField(name: $0) }
            XCTAssertFalse(named.contains(nil), "\(kind)")
            XCTAssertEqual(RowField.allowed(for: kind), named.reduce(UInt64(0)) { $0 | (1 << UInt64($1!.rawValue)) }, "\(kind)")
        }
    }
}
