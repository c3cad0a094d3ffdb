import XCTest
import LuaScreenCore

/// Rows are found by id and by text through TextPositions: its byte table of ASCII strings
/// must answer exactly what `firstIndex(of:)` (String's `==`, canonical equivalence) answers,
/// for every string and reference: ASCII or not, CR LF, combining marks, canonical
/// equivalents of ASCII (U+212A for "K", U+037E for ";", U+1FEF for "`"), long and empty ones.
final class TextPositionsTests: XCTestCase {
    private let texts = [
        "", "a", "A", "Toggle 99998", "TOGGLE 9", "Toggle 9", "toggle", "Wi-Fi", "x\r\ny", "x\ny", "x\r", "\r\n",
        "e\u{301}", "caf\u{E9}", "cafe\u{301}", "cafe", "\u{212A}elvin", "Kelvin", "K", "\u{212A}", ";", "a\u{37E}b",
        "a;b", "`", "ab\u{0}cd", "\u{1F600} smile", "toggle_99998", "a long id of more than sixteen bytes",
        "a long id of more than sixteen bytes", "Toggle 9", "", "exactly8", "exactly8", "exactly16bytes!!",
    ]
    private let references = [
        "", "a", "A", "Toggle 9", "TOGGLE 9", "toggle", "x\r\ny", "x\ny", "x\r", "\r\n", "\r", "e\u{301}", "\u{E9}",
        "caf\u{E9}", "cafe\u{301}", "cafe", "Kelvin", "\u{212A}elvin", "K", "\u{212A}", "k", "\u{37E}", ";",
        "a;b", "a\u{37E}b", "\u{1FEF}", "`", "ab\u{0}cd", "ab", "\u{1F600} smile", "toggle_99998", "toggle_9999",
        "a long id of more than sixteen bytes", "a long id of more than sixteen byte", "exactly8", "exactly16bytes!!",
        "Nothing like it",
    ]

    func testItFindsWhatFirstIndexOfFinds() {
        for list in [texts, texts.filter { $0.utf8.allSatisfy { $0 < 0x80 } }, texts.reversed()] {
            let table = TextPositions(list)
            XCTAssertEqual(table.count, list.count)
            for (n, text) in list.enumerated() { XCTAssertEqual(table.text(at: n).unicodeScalars.map(\.value), text.unicodeScalars.map(\.value)) }
            for reference in references + list {
                XCTAssertEqual(table.first(reference), list.firstIndex(of: reference),
                               "reference \(reference.unicodeScalars.map(\.value))")
            }
        }
    }

    func testManyStrings() {
        let list = (1...5000).map { "toggle_\($0 % 3000)" }
        let table = TextPositions(list)
        for n in [0, 1, 2999, 3000, 4999, 6000] {
            let reference = "toggle_\(n)"
            XCTAssertEqual(table.first(reference), list.firstIndex(of: reference))
        }
    }

    func testAnEmptyListFindsNothing() {
        XCTAssertNil(TextPositions([]).first(""))
        XCTAssertNil(TextPositions([]).first("a"))
    }
}
