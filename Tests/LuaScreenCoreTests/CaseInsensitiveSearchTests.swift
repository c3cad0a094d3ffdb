import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore

/// `find` and `store PATTERN` search with CaseInsensitiveNeedle: its byte search of ASCII
/// texts must answer exactly what `text.lowercased().contains(needle.lowercased())` does,
/// for every text (ASCII or not, CR LF, combining marks, case mappings that change length).
/// The library has no Foundation, so its `contains` is the standard library's
/// (`firstRange(of:) != nil`); here XCTest brings Foundation, whose `contains` answers
/// otherwise for a lone combining mark, so the reference is spelt `firstRange(of:)`.
final class CaseInsensitiveSearchTests: XCTestCase {
    private func contains(_ text: String, _ needle: String) -> Bool { text.lowercased().firstRange(of: needle.lowercased()) != nil }

    private let texts = [
        "", "a", "A", "Toggle 99998", "TOGGLE 9", "toggle", "Wi-Fi", "wi-fi network", "x\r\ny", "x\ny", "x\r",
        "\r\n", "e\u{301}", "caf\u{E9}", "cafe\u{301}", "CAF\u{C9}", "\u{130}stanbul", "\u{212A}elvin", "stra\u{DF}e",
        "STRASSE", "\u{3A3}\u{39F}\u{3A3}", "ab\u{0}cd", "tab\there", "\u{1F600} smile", "node_modules", "editor.font_size",
    ]
    private let needles = [
        "a", "A", "toggle 9", "Toggle 99998", "9999", "wi-f", "-", " ", "\n", "\r", "\r\n", "x\ny", "y", "e", "\u{301}",
        "caf\u{E9}", "cafe", "caf", "i", "\u{130}", "k", "\u{212A}", "ss", "\u{DF}", "\u{3C3}", "\u{0}", "b\u{0}c", "\t",
        "smile", "\u{1F600}", "_mod", "font_size", "ab", "xyzzy", "STRASSE",
    ]

    func testItAnswersWhatLowercasedContainsAnswers() {
        for n in needles {
            let needle = CaseInsensitiveNeedle(n)
            XCTAssertEqual(needle.lowered, n.lowercased())
            for t in texts {
                XCTAssertEqual(needle.found(in: t), contains(t, n),
                               "needle \(n.unicodeScalars.map(\.value)) in text \(t.unicodeScalars.map(\.value))")
            }
        }
    }

    func testTextAndDetailAnswerAsTheirJoinedForm() {
        for n in needles {
            let needle = CaseInsensitiveNeedle(n)
            for t in texts {
                for d in [nil, "on", "A\r", "\ny"] + texts.prefix(12).map(Optional.some) {
                    XCTAssertEqual(needle.found(inText: t, detail: d), contains(t + "\n" + (d ?? ""), n),
                                   "needle \(n.unicodeScalars.map(\.value)) in \(t.unicodeScalars.map(\.value)) + \(String(describing: d))")
                }
            }
        }
    }

    /// Each row is matched against its own declared row (help, key, id) on every screen,
    /// sections hidden or not, texts translated or not ASCII.
    func testFindMatchesEachRowsOwnFields() throws {
        let s = try openSession("""
            return screen { id = "root", title = "Root",
              section { id = "one", row { id = "plain", text = "Plain" },
                        toggle { id = "t1", text = "Caf\u{E9}", key = "cafe.key", default = false, help = "Strong coffee" } },
              section { id = "two", visible = false,
                        row { id = "hidden_row", text = "Hidden", help = "Needle in help" },
                        row { text = "Next", push = screen { id = "child", title = "Child",
                          section { row { id = "needle_id", text = "Deep" }, toggle { text = "Other", key = "needle.key", default = false } } } } },
            }
            """)
        let byHelp = s.find("NEEDLE in")
        XCTAssertEqual(byHelp.map(\.row), ["hidden_row"])
        XCTAssertEqual(byHelp.first?.matched, "help")
        XCTAssertEqual(byHelp.first?.hidden, true)
        let needles = s.find("needle")
        XCTAssertEqual(needles.map(\.row), ["hidden_row", "needle_id", "needle.key"])
        XCTAssertEqual(needles.map(\.matched), ["help", "id needle_id", "key needle.key"])
        XCTAssertEqual(s.find("CAF\u{C9}").map(\.row), ["t1"])
        XCTAssertEqual(s.find("cafe.").map(\.matched), ["key cafe.key"])
        XCTAssertEqual(s.find("strong").map(\.matched), ["help"])
        XCTAssertEqual(s.find("off").map(\.row), ["t1", "needle.key"], "a toggle's shown value is its detail")
    }
}
