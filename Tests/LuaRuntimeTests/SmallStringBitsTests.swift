import XCTest
import LuaRuntime

/// The small strings' bits are read only where their layout is the one checked: on this
/// platform it is (else the copy of a screen's strings takes the slower way, unseen).
final class SmallStringBitsTests: XCTestCase {
    func testTheLayoutIsReadableHere() {
        XCTAssertTrue(SmallStringBits.readable)
    }

    func testStringsWrittenInTheirWordsAreTheStandardLibrarysOwn() throws {
        XCTAssertTrue(SmallStringBits.makeable)
        for text in ["", "a", "Toggle 99998", "exactly15bytes!"] {
            let made = try XCTUnwrap(Array(text.utf8).withUnsafeBytes { SmallStringBits.make(ascii: $0.baseAddress!, count: $0.count) })
            XCTAssertEqual(made, text)
            XCTAssertEqual(Set([made, text]).count, 1)
            XCTAssertEqual(made + "!", text + "!")
        }
        XCTAssertNil(Array("exactly16bytes!!".utf8).withUnsafeBytes { SmallStringBits.make(ascii: $0.baseAddress!, count: $0.count) })
    }

    func testOnlySmallASCIIStringsAreRead() {
        for text in ["", "a", "Toggle 99998", "exactly15bytes!"] {
            let read = SmallStringBits.ascii(text)
            XCTAssertEqual(read?.count, text.utf8.count, text)
        }
        for text in ["exactly16bytes!!", "caf\u{E9}", "\u{212A}", "a long string of more than fifteen bytes"] {
            XCTAssertNil(SmallStringBits.ascii(text), text)
        }
    }
}
