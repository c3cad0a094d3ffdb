import XCTest
import LuaScreenCore

/// A reference by text is looked up in a lowercased FlatStrings: its byte tests of ASCII texts must
/// answer exactly what `text.lowercased().hasPrefix(lower)` and `== lower` answer, for
/// every text and reference (ASCII or not, CR LF, combining marks, canonical equivalents
/// of ASCII such as U+037E for ";", case maps that change length).
final class LoweredFlatStringsTests: XCTestCase {
    private let texts = [
        "", "a", "A", "Toggle 99998", "TOGGLE 9", "Toggle 9", "toggle", "Wi-Fi", "wi-fi network", "x\r\ny", "x\ny",
        "x\r", "\r\n", "e\u{301}", "caf\u{E9}", "cafe\u{301}", "cafe", "CAF\u{C9}", "\u{130}stanbul", "\u{212A}elvin",
        "kelvin", "stra\u{DF}e", "STRASSE", "\u{3A3}\u{39F}\u{3A3}", "ab\u{0}cd", "tab\there", "\u{1F600} smile", ";",
        "a;b", "a\u{37E}b", "Nothing", "Toggle 9",
        // Longer than FlatStrings.Builder.short: kept as written, lowercased when searched.
        String(repeating: "Vv", count: 200), "V" + String(repeating: "v", count: 299), String(repeating: "\u{C9}t\u{E9}", count: 120),
    ]
    private let references = [
        "a", "A", "toggle 9", "Toggle 99998", "TOGGLE", "9999", "wi-f", "x", "x\r", "x\r\n", "\r", "e", "\u{301}",
        "caf\u{E9}", "cafe", "caf", "i", "\u{130}", "k", "\u{212A}", "kelvin", "ss", "\u{DF}", "\u{3C3}", "\u{0}",
        "ab\u{0}", "\u{37E}", ";", "a\u{37E}", "a;", "\u{1F600}", "Nothing like it", "Nothing like", "xyzzy",
        "vv", "VVV", String(repeating: "vv", count: 200), "v" + String(repeating: "v", count: 299), "\u{E9}t",
    ]

    func testItAnswersWhatLowercasedHasPrefixAndEqualAnswer() {
        let table = FlatStrings(texts, lowercased: true)
        for reference in references {
            let lower = reference.lowercased()
            let prefixed = texts.indices.filter { texts[$0].lowercased().hasPrefix(lower) }
            let equal = texts.indices.filter { texts[$0].lowercased() == lower }
            for keep in [0, 1, 3, 100] {
                let found = table.matches(lower, keep: keep, original: { texts[$0] })
                let what = "reference \(reference.unicodeScalars.map(\.value)), keep \(keep)"
                XCTAssertEqual(found.first, Array(prefixed.prefix(keep)), what)
                XCTAssertEqual(found.count, prefixed.count, what)
                XCTAssertEqual(found.exactCount, equal.count, what)
                if equal.isEmpty { XCTAssertNil(found.exact, what) } else { XCTAssertTrue(equal.contains(found.exact ?? -1), what) }
            }
        }
    }

    func testAnEmptyListMatchesNothing() {
        let found = FlatStrings([], lowercased: true).matches("a", keep: 8, original: { _ in "" })
        XCTAssertEqual(found.count, 0)
        XCTAssertEqual(found.first, [])
        XCTAssertNil(found.exact)
    }
}

/// The same, on ASCII texts only (lowercased 8 bytes at a time as they are copied).
final class LoweredASCIIFlatStringsTests: XCTestCase {
    func testItAnswersWhatLowercasedHasPrefixAndEqualAnswer() {
        let texts = ["", "a", "A", "Toggle 99998", "TOGGLE 9", "Toggle 9", "@[`{", "AZaz@[`{ 0123456789 ~!", "ZZZZZZZZZZZZZZZZZ",
                     "x\r\ny", "\u{7F}\u{1}A", "Toggle 9"]
        let table = FlatStrings(texts, lowercased: true)
        for reference in ["a", "toggle 9", "toggle 99998", "@[`{", "az", "azaz@[`{ 0123456789 ~!", "zzzzzzzzzzzzzzzzz",
                          "zzzzzzzzz", "x", "\u{7F}\u{1}a", "@", "["] {
            let lower = reference.lowercased()
            let prefixed = texts.indices.filter { texts[$0].lowercased().hasPrefix(lower) }
            let equal = texts.indices.filter { texts[$0].lowercased() == lower }
            let found = table.matches(lower, keep: 100, original: { texts[$0] })
            XCTAssertEqual(found.first, prefixed, reference)
            XCTAssertEqual(found.exactCount, equal.count, reference)
        }
    }
}
