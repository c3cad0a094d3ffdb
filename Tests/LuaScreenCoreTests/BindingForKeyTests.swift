import XCTest
import LuaScreen
import LuaScreenTestSupport

/// `Session.binding(forKey:)` answers with the binding of the first row bound to the key,
/// the declared screens in their order: rows sharing a key may differ in what the rules
/// do not compare (`secure`, `unit`, `placeholder`), and the first one's answer is given.
final class BindingForKeyTests: XCTestCase {
    func testTheFirstRowBoundToAKeyDescribesIt() throws {
        let s = try openSession("""
            return app { root = "a", screens = {
              screen { id = "a", title = "A", section {
                input { text = "Secret", key = "pass", secure = true },
                input { id = "again", text = "Again", key = "pass" },
                input { text = "Name", key = "name", placeholder = "first" },
                number { text = "Size", key = "size", min = 1, max = 9, step = 2, default = 3, unit = "cm" },
                row { text = "More", push = "b" } } },
              screen { id = "b", title = "B", section {
                input { text = "Name again", key = "name", placeholder = "second", secure = true },
                number { text = "Size again", key = "size", min = 1, max = 9, step = 2, default = 3, unit = "in" },
                toggle { text = "Only here", key = "only", default = true } } },
            } }
            """)
        for _ in 0..<2 {  // the first answer builds the table, the second reads it
            XCTAssertEqual(s.binding(forKey: "pass")?.secure, true)
            XCTAssertEqual(s.binding(forKey: "name")?.placeholder, "first")
            XCTAssertEqual(s.binding(forKey: "name")?.secure, false)
            XCTAssertEqual(s.binding(forKey: "size")?.unit, "cm")
            XCTAssertEqual(s.binding(forKey: "size")?.step, 2)
            XCTAssertEqual(s.binding(forKey: "only")?.key, "only")
            XCTAssertNil(s.binding(forKey: "nothing"))
            XCTAssertNil(s.binding(forKey: "Pass"))
        }
        try s.select("More")
        XCTAssertEqual(s.binding(forKey: "name")?.placeholder, "first")
        XCTAssertEqual(s.binding(forKey: "only")?.defaultValue, .bool(true))
    }
}
