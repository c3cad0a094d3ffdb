import XCTest
import ScreenModel

/// Kconfig's expression syntax: precedence, comparisons, constants, errors.
final class RuleExpressionTests: XCTestCase {
    func testPrecedenceOrThenAndThenNot() throws {
        let e = try RuleExpression.parse("A || B && !C")
        XCTAssertEqual(e, .or(.symbol("A"), .and(.symbol("B"), .not(.symbol("C")))))
        XCTAssertEqual(e.description, "A || B && !C")
        XCTAssertEqual(try RuleExpression.parse("(A || B) && C").description, "(A || B) && C")
    }

    func testComparisonsBindTighterThanNot() throws {
        XCTAssertEqual(try RuleExpression.parse("!A = y"), .not(.compare(.equal, .symbol("A"), .symbol("y"))))
        XCTAssertEqual(try RuleExpression.parse("NR_CPUS >= 64"), .compare(.greaterOrEqual, .symbol("NR_CPUS"), .symbol("64")))
        XCTAssertEqual(try RuleExpression.parse("A!=\"x y\""), .compare(.unequal, .symbol("A"), .constant("x y")))
    }

    func testNamesLeaveOutConstants() throws {
        XCTAssertEqual(try RuleExpression.parse("A && (m || B = 0x10) && \"s\" != A").names, ["A", "B"])
    }

    func testErrorsSayWhere() {
        XCTAssertThrowsError(try RuleExpression.parse("A &&")) { XCTAssertTrue("\($0)".contains("expected a symbol")) }
        XCTAssertThrowsError(try RuleExpression.parse("(A || B")) { XCTAssertTrue("\($0)".contains("expected \")\"")) }
        XCTAssertThrowsError(try RuleExpression.parse("A B")) { XCTAssertTrue("\($0)".contains("unexpected")) }
        XCTAssertThrowsError(try RuleExpression.parse("")) { XCTAssertTrue("\($0)".contains("empty")) }
        XCTAssertThrowsError(try RuleExpression.parse("\"open"))
    }

    func testTristateLogic() {
        XCTAssertEqual(Tristate.m && .y, .m)
        XCTAssertEqual(Tristate.m || .n, .m)
        XCTAssertEqual(!Tristate.m, .m)
        XCTAssertEqual(!Tristate.y, .n)
    }
}
