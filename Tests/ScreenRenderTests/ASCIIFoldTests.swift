import XCTest
import ScreenModel
import ScreenRender
import ScreenModel

final class ASCIIFoldTests: XCTestCase {
    func testTablesCoverTheirBlocks() {
        XCTAssertEqual(latin1.count, 0x100 - 0xC0)
        XCTAssertEqual(latinExtendedA.count, 0x180 - 0x100)
        XCTAssertEqual(asciiFold("\u{152}\u{153}\u{17D}\u{17F}\u{141}"), "OEoeZsL")
    }

    func testFolds() {
        XCTAssertEqual(asciiFold("Plain text"), "Plain text")
        XCTAssertEqual(asciiFold("Café crème brûlée, Ærø, Straße"), "Cafe creme brulee, AEro, Strasse")
        XCTAssertEqual(asciiFold("cafe\u{301}"), "cafe")
        XCTAssertEqual(asciiFold("“Quoted” — it’s…"), "\"Quoted\" - it's...")
        XCTAssertEqual(asciiFold("••••"), "****")
        XCTAssertEqual(asciiFold("ＡＢＣ１"), "ABC1")
        XCTAssertEqual(asciiFold("設定 🙂 👩‍💻"), "?? ? ?")
        XCTAssertEqual(asciiFold("a\u{200B}b\u{1B}c"), "abc")
        for s in ["設定を変更する", "🇯🇵", "e\u{301}", "Ω≈ç√∫", "\u{10FFFF}"] {
            XCTAssertTrue(asciiFold(s).unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, s)
        }
    }

    func testSanitize() {
        XCTAssertEqual(sanitize("a\u{1B}[31mb"), "a\\x1b[31mb")
        XCTAssertEqual(sanitize("one\ntwo\r\nthree\tfour", lineBreaks: .space), "one two three four")
        XCTAssertEqual(sanitize("one\ntwo\r\nthree\rfour", lineBreaks: .paragraph), "one\ntwo\nthree\nfour")
        XCTAssertEqual(sanitize("one\ntwo\tthree\r"), "one\ntwo\tthree\\x0d")
        XCTAssertEqual(sanitize("one\ntwo\t", lineBreaks: .escape), "one\\x0atwo\\x09")
        XCTAssertEqual(sanitize("bell\u{7}\u{9B}2J\u{7F}"), "bell\\x07\\u{9B}2J\\x7f")
        XCTAssertEqual(sanitize("abc\u{202E}fed\u{2066}x\u{2069}"), "abc\\u{202E}fed\\u{2066}x\\u{2069}")
        // Neighbours of the escaped ranges stay as they are.
        XCTAssertEqual(sanitize("£ \u{A0}\u{2029}\u{202F}\u{2065}\u{206A}設定 e\u{301}"), "£ \u{A0}\u{2029}\u{202F}\u{2065}\u{206A}設定 e\u{301}")
        // OSC 52 (clipboard) and a window title: nothing raw reaches the terminal.
        let osc = sanitize("\u{1B}]52;c;aGk=\u{7}\u{1B}]0;pwned\u{1B}\\")
        XCTAssertFalse(osc.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, osc)
    }
}

final class LargeScreenTests: XCTestCase {
    /// A generated screen of 100,000 rows renders every row, the last one whole. (How fast is
    /// measured by `scripts/bench`, not here.)
    func testALargeScreenRendersEveryRow() {
        let rows = (1...100_000).map { i in
            Fixtures.row("Row number \(i)", id: "r\(i)", detail: i % 2 == 0 ? "détail \(i)" : "value",
                         accessory: .disclosure, number: i)
        }
        let big = screen(rows, header: "Many")
        let lines = render(big, width: 80)
        XCTAssertEqual(lines.count, 3 + 1 + 100_000)
        XCTAssertTrue(lines.last!.hasPrefix("100000 Row number 100000"))
        XCTAssertEqual(displayWidth(lines.last!), 80)
    }
}

final class LineCountTests: XCTestCase {
    /// The pager counts lines without drawing rows: the count must be what render gives.
    func testLineCountIsTheNumberOfRenderedLines() {
        let screens = [Fixtures.settings, Fixtures.kitchenSink, Fixtures.stress,
                       ResolvedScreen(id: "e", title: "", sections: []),
                       ResolvedScreen(id: "t", title: "Only a title", sections: []),
                       screen([], header: "Empty section", footer: nil)]
        for screen in screens {
            for width in [1, 12, 20, 40, 80, 120] {
                for ascii in [false, true] {
                    let renderer = TextRenderer(options: RenderOptions(width: width, ascii: ascii))
                    XCTAssertEqual(renderer.lineCount(screen), renderer.render(screen).count, "\(screen.id) at \(width)")
                }
            }
        }
    }
}

/// Issue 24: the renderer's words in another language, folded under --ascii.
final class TranslatedWordsTests: XCTestCase {
    func testTranslatedWordsAreFoldedToASCII() {
        var row = ResolvedRow(id: "t", kind: .toggle, text: "Grüße", detail: nil, icon: nil, style: .value1,
                              accessory: .none, enabled: false, visible: true, selectable: true, key: "t", value: .bool(true))
        row.toggleOn = true
        let screen = ResolvedScreen(id: "s", title: "S", sections: [ResolvedSection(id: "a", header: nil, footer: nil, rows: [row])])
        let text = TextRenderer(options: RenderOptions(width: 40, ascii: true, color: false,
                                                       words: ["on": "eingeschält", "disabled": "gesperrt ä"])).renderText(screen)
        XCTAssertTrue(text.allSatisfy(\.isASCII), text)
        XCTAssertTrue(text.contains("[x] eingeschalt"), text)
        XCTAssertTrue(text.contains("(gesperrt a)"), text)
    }
}
