import XCTest
import LuaScreenCore

/// Rows are found by id and by text through FlatStrings: its byte search of ASCII strings
/// must answer exactly what `firstIndex(of:)` (String's `==`, canonical equivalence) answers,
/// for every string and reference: ASCII or not, CR LF, combining marks, canonical
/// equivalents of ASCII (U+212A for "K", U+037E for ";", U+1FEF for "`"), long and empty ones.
final class FlatStringsTests: XCTestCase {
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
            let table = FlatStrings(list)
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
        let table = FlatStrings(list)
        for n in [0, 1, 2999, 3000, 4999, 6000] {
            let reference = "toggle_\(n)"
            XCTAssertEqual(table.first(reference), list.firstIndex(of: reference))
        }
    }

    /// Lowercased, the same answers: `first(_:original:)` confirms a candidate with the text
    /// as written.
    func testALowercasedListFindsWhatFirstIndexOfFinds() {
        for list in [texts, texts.filter { $0.utf8.allSatisfy { $0 < 0x80 } }, texts.reversed()] {
            let table = FlatStrings(list, lowercased: true)
            XCTAssertEqual(table.count, list.count)
            for reference in references + list + list.map({ $0.uppercased() }) {
                XCTAssertEqual(table.first(reference, original: { list[$0] }), list.firstIndex(of: reference),
                               "reference \(reference.unicodeScalars.map(\.value))")
            }
        }
    }

    /// Strings of every length from 0 to 40 (the copy goes by 1, 4 and 8 bytes), one byte
    /// changed at each place: no two are found for each other.
    func testEveryLengthAndEveryByte() {
        var list: [String] = []
        for n in 0...40 {
            let base = (0..<n).map { i in Character(Unicode.Scalar(UInt8(0x41 + i % 26))) }
            list.append(String(base))
            for i in 0..<n {
                var changed = base
                changed[i] = "z"
                list.append(String(changed))
            }
        }
        list.append(String(repeating: "x", count: 300))
        list.append(String(repeating: "x", count: 299) + "y")
        for lowercased in [false, true] {
            let table = FlatStrings(list, lowercased: lowercased)
            for (n, text) in list.enumerated() {
                let found = lowercased ? table.first(text, original: { list[$0] }) : table.first(text)
                XCTAssertEqual(found, list.firstIndex(of: text), "\(text) \(n) lowercased \(lowercased)")
                if !lowercased { XCTAssertEqual(table.text(at: n), text) }
            }
            XCTAssertNil(lowercased ? table.first("nothing", original: { list[$0] }) : table.first("nothing"))
        }
    }

    func testAnEmptyListFindsNothing() {
        XCTAssertNil(FlatStrings([]).first(""))
        XCTAssertNil(FlatStrings([]).first("a"))
    }
}
