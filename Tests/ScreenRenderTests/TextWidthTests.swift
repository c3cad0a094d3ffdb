import XCTest
import ScreenRender

final class TextWidthTests: XCTestCase {
    func testASCII() {
        XCTAssertEqual(displayWidth(""), 0)
        XCTAssertEqual(displayWidth("Settings"), 8)
        XCTAssertEqual(displayWidth("a\tb\u{7F}"), 2, "controls take no column")
    }

    func testWideCombiningAndEmoji() {
        XCTAssertEqual(displayWidth("設定を変更する"), 14)
        XCTAssertEqual(displayWidth("e\u{301}te\u{301}"), 3, "combining marks take no column")
        XCTAssertEqual(displayWidth("café"), 4)
        XCTAssertEqual(displayWidth("🙂"), 2)
        XCTAssertEqual(displayWidth("❤️"), 2, "VS16 makes an emoji presentation")
        XCTAssertEqual(displayWidth("👍🏽"), 2, "skin tone")
        XCTAssertEqual(displayWidth("👩‍💻"), 2, "ZWJ sequence")
        XCTAssertEqual(displayWidth("🇯🇵"), 2, "flag")
        XCTAssertEqual(displayWidth("1️⃣"), 2, "keycap")
        XCTAssertEqual(displayWidth("한국어"), 6)
    }

    /// Texts of ASCII and the scalars `displayWidth` sums one by one: each such scalar is a
    /// grapheme cluster of its own next to any of them, so the sum is the sum over clusters.
    func testStandaloneScalarsSumLikeClusters() {
        var checked = 0
        for v in UInt32(0x80)..<0x2800 where standsAlone(v) {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let c = String(Character(scalar))
            let text = "a" + c + "b" + c + c + "\r\n" + c + "\u{7F}" + c
            XCTAssertEqual(text.count, text.unicodeScalars.count - 1, "U+\(String(v, radix: 16)) joins a neighbour")
            XCTAssertEqual(displayWidth(text), text.reduce(0) { $0 + clusterWidth($1) }, "U+\(String(v, radix: 16))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 2_000)
        // A joining scalar next to them takes the cluster path.
        XCTAssertEqual(displayWidth("✓\u{301} ─"), 3)
        XCTAssertEqual(displayWidth("─\u{200D}─"), "─\u{200D}─".reduce(0) { $0 + clusterWidth($1) })
    }

    func testUIGlyphsAreOneColumn() {
        for glyph in ["›", "✓", "✗", "●", "○", "─", "…", "•"] {
            XCTAssertEqual(displayWidth(glyph), 1, glyph)
        }
    }

    func testTruncate() {
        XCTAssertEqual(truncate("Hello", toWidth: 5), "Hello")
        XCTAssertEqual(truncate("Hello world", toWidth: 8), "Hello w…")
        XCTAssertEqual(truncate("Hello world", toWidth: 7), "Hello…", "no space before the ellipsis")
        XCTAssertEqual(truncate("Hello world", toWidth: 8, ellipsis: "..."), "Hello...")
        XCTAssertEqual(truncate("Hello", toWidth: 0), "")
        XCTAssertEqual(truncate("Hello", toWidth: 2, ellipsis: "..."), "..")
        // Never splits a wide character: one column shorter instead.
        let cut = truncate("設定を変更する", toWidth: 6)
        XCTAssertEqual(cut, "設定…")
        XCTAssertEqual(displayWidth(cut), 5)
        XCTAssertEqual(truncate("設定を変更する", toWidth: 7), "設定を…")
        // Never splits a cluster.
        XCTAssertEqual(truncate("e\u{301}e\u{301}e\u{301}e\u{301}", toWidth: 3), "e\u{301}e\u{301}…")
        XCTAssertEqual(truncate("👩‍💻👩‍💻👩‍💻", toWidth: 4), "👩‍💻…")
        for width in 0...16 {
            XCTAssertLessThanOrEqual(displayWidth(truncate("a設定🙂を変e\u{301}更する", toWidth: width)), width)
        }
    }

    func testWrap() {
        XCTAssertEqual(wrap("Thanks for using our app!", width: 10), ["Thanks for", "using our", "app!"])
        XCTAssertEqual(wrap("one\ntwo three", width: 20), ["one", "two three"])
        XCTAssertEqual(wrap("a\n\nb", width: 20), ["a", "", "b"])
        XCTAssertEqual(wrap("", width: 20), [""])
        XCTAssertEqual(wrap("ab   cd", width: 20), ["ab cd"])
        XCTAssertEqual(wrap("x abcdefghij", width: 4), ["x", "abcd", "efgh", "ij"])
        XCTAssertEqual(wrap("設定を変更する", width: 5), ["設定", "を変", "更す", "る"])
        for width in 1...30 {
            for line in wrap("The quick brown fox 設定を変更する jumps over\nthe lazy 🙂 dog", width: width) {
                XCTAssertLessThanOrEqual(displayWidth(line), max(width, 2))
                if width >= 2 { XCTAssertLessThanOrEqual(displayWidth(line), width) }
            }
        }
    }
}
