import XCTest
import ScreenModel
import ScreenRender

final class TextRendererTests: XCTestCase {
    typealias F = Fixtures

    // MARK: Fitting the width

    func testEveryLineFitsAtEveryWidth() {
        for screen in [F.settings, F.kitchenSink, F.stress] {
            for width in [20, 21, 25, 33, 40, 47, 60, 79, 80, 120] {
                for ascii in [false, true] {
                    for color in [false, true] {
                        for line in render(screen, width: width, ascii: ascii, color: color) {
                            let plain = stripANSI(line)
                            XCTAssertLessThanOrEqual(displayWidth(plain), width, "\(width) \(ascii): \(plain)")
                            XCTAssertFalse(plain.hasSuffix(" "), "trailing space: \(plain)")
                            XCTAssertFalse(plain.contains("\n"))
                        }
                    }
                }
            }
        }
    }

    /// The columns of several widths measured at once are each width's own columns.
    func testColumnsAtSeveralWidthsAreEachWidthsOwn() {
        let widths = [20, 21, 40, 47, 80, 200]
        for screen in [F.settings, F.kitchenSink, F.stress] {
            for ascii in [false, true] {
                let renderers = widths.map { TextRenderer(options: RenderOptions(width: $0, ascii: ascii)) }
                XCTAssertEqual(renderers[0].columns(of: screen, atWidths: widths).map(\.key),
                               renderers.map { $0.columns(of: screen).key }, "\(screen.id) ascii \(ascii)")
            }
        }
    }

    func testWidthIsClamped() {
        XCTAssertEqual(RenderOptions(width: 5).width, 20)
        XCTAssertEqual(RenderOptions(width: -1).width, 20)
        XCTAssertEqual(RenderOptions().width, 80)
        XCTAssertEqual(RenderOptions(width: Int.max).width, RenderOptions.maximumWidth)
        var options = RenderOptions(width: 60)
        options.width = 3
        XCTAssertEqual(options.width, 20)
        for line in render(F.kitchenSink, width: 3) { XCTAssertLessThanOrEqual(displayWidth(line), 20) }
    }

    func testWideTextIsCutWithoutSplittingCharacters() {
        let rows = [F.row("設定を変更する設定を変更する", detail: "変更済み変更済み", accessory: .disclosure, number: 1)]
        for width in 20...40 {
            let l = line(containing: "設定", in: render(screen(rows), width: width))
            XCTAssertLessThanOrEqual(displayWidth(l), width)
            XCTAssertTrue(l.contains("…"))
            XCTAssertTrue(l.hasSuffix("›"))
            // Every cluster is whole: re-joining the characters gives the same scalars.
            XCTAssertEqual(l.unicodeScalars.count, l.map { $0.unicodeScalars.count }.reduce(0, +))
        }
    }

    // MARK: ASCII

    func testASCIIModeIsPureASCII() {
        let asciiOnly = screen([F.row("Plain", detail: "text", accessory: .detailDisclosure, number: 1),
                                F.toggle("Switch", on: true, number: 2), F.toggle("Other", on: false, number: 3),
                                F.row("Off", enabled: false, number: 4), F.row("Bad", number: 5, error: "boom"),
                                F.row("Check", accessory: .checkmark, number: 6)],
                               header: "Header", footer: "Footer")
        for s in [F.settings, F.kitchenSink, F.stress, asciiOnly] {
            for width in [20, 40, 60, 120] {
                for line in render(s, width: width, ascii: true) {
                    for scalar in line.unicodeScalars {
                        XCTAssertTrue(scalar.value >= 0x20 && scalar.value < 0x7F, "\(scalar.value) in \(line)")
                    }
                }
            }
        }
        let lines = render(asciiOnly, width: 40, ascii: true)
        XCTAssertEqual(lines[1], "====")
        XCTAssertTrue(line(containing: "Plain", in: lines).hasSuffix("text (i) >"))
        XCTAssertTrue(line(containing: "Switch", in: lines).hasSuffix("[x] on"))
        XCTAssertTrue(line(containing: "Other", in: lines).hasSuffix("[ ] off"))
        XCTAssertTrue(line(containing: "Check", in: lines).hasSuffix("*"))
        XCTAssertTrue(line(containing: "Bad", in: lines).contains("! Bad"))
    }

    func testASCIIModeFoldsScriptText() {
        let lines = render(screen([F.row("Café crème…", detail: "••••", number: 1)]), ascii: true)
        XCTAssertTrue(line(containing: "Cafe creme...", in: lines).hasSuffix("****"))
    }

    // MARK: Title, sections

    func testTitleUnderlinedAndFollowedByABlankLine() {
        let lines = render(F.settings)
        XCTAssertEqual(Array(lines.prefix(3)), ["Settings", "────────", ""])
        let long = ResolvedScreen(id: "l", title: String(repeating: "Long title ", count: 10), sections: [])
        let cut = render(long, width: 30)
        XCTAssertEqual(displayWidth(cut[0]), 30)
        XCTAssertTrue(cut[0].hasSuffix("…"))
        XCTAssertEqual(cut[1], String(repeating: "─", count: 30))
    }

    func testTheSpecExample() {
        XCTAssertEqual(render(F.settings, width: 40), [
            "Settings",
            "────────",
            "",
            "Account",
            " 1 @ Profile                           ›",
            " 2   Notifications                  ● on",
            "     Version                       2.0.0",
            "",
            "About",
            " 3   Sign Out",
            "     Thanks for using our app!",
        ])
    }

    func testRenderTextEndsWithNewline() {
        let text = TextRenderer(options: RenderOptions(width: 40)).renderText(F.settings)
        XCTAssertTrue(text.hasSuffix("2.0.0\n\nAbout\n 3   Sign Out\n     Thanks for using our app!\n"))
        XCTAssertEqual(text, render(F.settings, width: 40).joined(separator: "\n") + "\n")
    }

    func testEmptySectionShowsHeaderAndFooter() {
        let s = ResolvedScreen(id: "s", title: "T", sections: [
            ResolvedSection(id: "a", header: "Rows", footer: nil, rows: [F.row("One", number: 1)]),
            ResolvedSection(id: "b", header: "Nothing yet", footer: "Rows arrive later.", rows: []),
            ResolvedSection(id: "c", header: nil, footer: nil, rows: []),
        ])
        XCTAssertEqual(render(s), ["T", "─", "", "Rows", " 1 One", "", "Nothing yet", "   Rows arrive later."])
    }

    func testHiddenRowsAndSectionsAreNotDrawn() {
        let lines = render(F.kitchenSink, width: 80)
        let text = lines.joined(separator: "\n")
        XCTAssertFalse(text.contains("Hidden"))
        XCTAssertFalse(text.contains("Secret"))
        XCTAssertTrue(text.contains("Empty for now"))
        // No double blank lines where the hidden section was.
        XCTAssertFalse(text.contains("\n\n\n"))
    }

    func testHeaderAndFooterWrapAtWordBoundaries() {
        let header = "A header that is long enough to wrap at forty columns and beyond"
        let footer = "This footer explains the section in words long enough to wrap onto several lines"
        let lines = render(screen([F.row("Row", number: 1)], header: header, footer: footer), width: 30)
        let headerLines = Array(lines[3..<6])
        XCTAssertEqual(headerLines, ["A header that is long enough", "to wrap at forty columns and", "beyond"])
        let footerLines = Array(lines.drop { !$0.contains("This footer") })
        XCTAssertEqual(footerLines.joined(separator: " ").split(separator: " ").joined(separator: " "), footer)
        for l in footerLines {
            XCTAssertTrue(l.hasPrefix("   ") && !l.hasPrefix("    "), "footer indented like row text: \(l)")
            XCTAssertLessThanOrEqual(displayWidth(l), 30)
        }
        XCTAssertGreaterThan(footerLines.count, 2)
    }

    func testHeaderKeepsExplicitLineBreaks() {
        let lines = render(screen([], header: "First\nSecond", footer: nil))
        XCTAssertEqual(Array(lines.suffix(2)), ["First", "Second"])
    }

    // MARK: Rows

    func testDetailIsRightAlignedToTheWidth() {
        for width in [40, 60, 120] {
            let lines = render(F.settings, width: width)
            let version = line(containing: "Version", in: lines)
            XCTAssertTrue(version.hasSuffix(" 2.0.0"))
            XCTAssertEqual(displayWidth(version), width)
            let profile = line(containing: "Profile", in: lines)
            XCTAssertTrue(profile.hasSuffix(" ›"))
            XCTAssertEqual(displayWidth(profile), width)
            // With an accessory the detail ends where the accessory begins.
            let wifi = line(containing: "Wi-Fi", in: render(F.kitchenSink, width: width))
            XCTAssertTrue(wifi.hasSuffix("Home Network 5GHz ›"))
            XCTAssertEqual(displayWidth(wifi), width)
            let cjk = line(containing: "変更済み", in: render(F.kitchenSink, width: width))
            XCTAssertTrue(cjk.hasSuffix("変更済み ›"))
            XCTAssertEqual(displayWidth(cjk), width)
        }
    }

    func testNumbersAreRightAlignedAndTextsLineUp() {
        let lines = render(F.kitchenSink, width: 80)
        XCTAssertTrue(line(containing: "Wi-Fi", in: lines).hasPrefix(" 1 "))
        XCTAssertTrue(line(containing: "Selected", in: lines).hasPrefix("10 "))
        let columns = ["Bluetooth", "Selected", "Delete All Data", "Info"].map {
            column(of: $0, in: line(containing: $0, in: lines))
        }
        XCTAssertEqual(Set(columns).count, 1, "\(columns)")
        // Not selectable: blank number, same text column.
        let settings = render(F.settings, width: 40)
        XCTAssertEqual(column(of: "Version", in: line(containing: "Version", in: settings)),
                       column(of: "Notifications", in: line(containing: "Notifications", in: settings)))
        XCTAssertTrue(line(containing: "Version", in: settings).hasPrefix("     Version"))
    }

    func testIconColumnOnlyWhenSomeRowHasAnIcon() {
        let plain = render(screen([F.row("One", number: 1), F.row("Two", number: 2)]))
        XCTAssertEqual(Array(plain.suffix(2)), [" 1 One", " 2 Two"])
        let icons = render(screen([F.row("One", icon: "🙂", number: 1), F.row("Two", icon: "@", number: 2),
                                   F.row("Three", number: 3)]))
        XCTAssertEqual(Array(icons.suffix(3)), [" 1 🙂 One", " 2 @  Two", " 3    Three"])
    }

    func testAccessoryGlyphs() {
        let cases: [(Accessory, String, String)] = [
            (.disclosure, "›", ">"), (.checkmark, "✓", "*"), (.detail, "(i)", "(i)"),
            (.detailDisclosure, "(i) ›", "(i) >"),
        ]
        for (accessory, unicode, ascii) in cases {
            let s = screen([F.row("Row", detail: "D", accessory: accessory, number: 1)])
            let u = line(containing: "Row", in: render(s, width: 40))
            XCTAssertTrue(u.hasSuffix(" D " + unicode), u)
            XCTAssertEqual(displayWidth(u), 40)
            let a = line(containing: "Row", in: render(s, width: 40, ascii: true))
            XCTAssertTrue(a.hasSuffix(" D " + ascii), a)
            XCTAssertEqual(a.count, 40)
        }
        let none = line(containing: "Row", in: render(screen([F.row("Row", detail: "D", number: 1)]), width: 40))
        XCTAssertTrue(none.hasSuffix(" D"))
        XCTAssertEqual(displayWidth(none), 40)
        let bare = line(containing: "Row", in: render(screen([F.row("Row", number: 1)]), width: 40))
        XCTAssertEqual(bare, " 1 Row")
    }

    func testToggleShowsItsSwitch() {
        let s = screen([F.toggle("Wi-Fi", on: true, number: 1), F.toggle("Bluetooth", on: false, number: 2),
                        F.toggle("Alerts", on: true, number: 3, detail: "Sounds only")])
        let lines = render(s, width: 40)
        let on = line(containing: "Wi-Fi", in: lines)
        XCTAssertTrue(on.hasSuffix(" ● on"))
        XCTAssertFalse(on.contains("on ● on"), "the switch replaces the on/off detail")
        XCTAssertEqual(displayWidth(on), 40)
        XCTAssertTrue(line(containing: "Bluetooth", in: lines).hasSuffix(" ○ off"))
        XCTAssertTrue(line(containing: "Alerts", in: lines).hasSuffix(" Sounds only ● on"), "an author's detail stays")
        let ascii = render(s, width: 40, ascii: true)
        XCTAssertTrue(line(containing: "Wi-Fi", in: ascii).hasSuffix(" [x] on"))
        XCTAssertTrue(line(containing: "Bluetooth", in: ascii).hasSuffix(" [ ] off"))
    }

    func testDisabledRowsAreMarkedWithAndWithoutColour() {
        let s = screen([F.row("Erase", detail: "Never", enabled: false, number: 1),
                        F.toggle("Airplane Mode", on: true, number: 2, enabled: false),
                        F.row("Normal", number: 3)])
        for ascii in [false, true] {
            let lines = render(s, width: 50, ascii: ascii)
            XCTAssertTrue(line(containing: "Erase", in: lines).hasSuffix("Never (disabled)"))
            XCTAssertTrue(line(containing: "Airplane", in: lines).hasSuffix(ascii ? "[x] on (disabled)" : "● on (disabled)"))
            XCTAssertFalse(line(containing: "Normal", in: lines).contains("disabled"))
        }
        let colored = render(s, width: 50, color: true)
        XCTAssertTrue(line(containing: "Erase", in: colored).hasPrefix("\u{1B}[2m"))
        XCTAssertTrue(line(containing: "Erase", in: colored).contains("(disabled)"))
        XCTAssertFalse(line(containing: "Normal", in: colored).contains("\u{1B}"))
        // Still marked at the narrowest width.
        XCTAssertTrue(line(containing: " 1 ", in: render(s, width: 20)).contains("(disabled)"))
    }

    func testErrorRowsShowMarkAndMessage() {
        let s = screen([F.row("Wi-Fi", detail: "Home", number: 1, error: "attempt to index a nil value")])
        let lines = render(s, width: 60)
        let l = line(containing: "Wi-Fi", in: lines)
        XCTAssertTrue(l.contains("✗ Wi-Fi"))
        XCTAssertTrue(l.hasSuffix("attempt to index a nil value"))
        XCTAssertFalse(l.contains("Home"), "the error takes the detail's place")
        XCTAssertTrue(line(containing: "Wi-Fi", in: render(s, width: 60, ascii: true)).contains("! Wi-Fi"))
        let narrow = line(containing: "Wi-Fi", in: render(s, width: 30))
        XCTAssertTrue(narrow.contains("✗ Wi-Fi") && narrow.hasSuffix("…"), narrow)
        let colored = line(containing: "Wi-Fi", in: render(s, width: 60, color: true))
        XCTAssertTrue(colored.contains("\u{1B}[31m✗ \u{1B}[0m"))
        XCTAssertTrue(colored.contains("\u{1B}[31mattempt to index a nil value\u{1B}[0m"))
    }

    func testSubtitleUsesTwoLines() {
        let s = screen([F.row("Name", detail: "Ada Lovelace", style: .subtitle, accessory: .disclosure, number: 1),
                        F.row("After", number: 2)])
        let lines = render(s, width: 40)
        let first = lines.firstIndex { $0.contains("Name") }!
        XCTAssertTrue(lines[first].hasSuffix("›"))
        XCTAssertFalse(lines[first].contains("Ada"))
        XCTAssertEqual(lines[first + 1], "   Ada Lovelace")
        XCTAssertEqual(column(of: "Ada", in: lines[first + 1]), column(of: "Name", in: lines[first]))
        XCTAssertTrue(lines[first + 2].contains("After"))
        // The second line is cut too.
        let long = screen([F.row("Name", detail: String(repeating: "long ", count: 20), style: .subtitle, number: 1)])
        let cut = render(long, width: 30)
        XCTAssertTrue(cut.last!.hasSuffix("…"))
        XCTAssertLessThanOrEqual(displayWidth(cut.last!), 30)
    }

    func testValue2PutsARightAlignedLabelBeforeTheText() {
        let s = screen([F.row("ada@example.com", detail: "Email", style: .value2, number: 1),
                        F.row("+44 20 7946 0000", detail: "Phone home", style: .value2, number: 2)])
        let lines = render(s, width: 60)
        let email = line(containing: "Email", in: lines)
        let phone = line(containing: "Phone", in: lines)
        XCTAssertEqual(email, " 1      Email ada@example.com")
        XCTAssertEqual(phone, " 2 Phone home +44 20 7946 0000")
        // The label column is at most about a quarter of the line.
        let wide = screen([F.row("Text", detail: String(repeating: "label ", count: 10), style: .value2, number: 1)])
        let l = line(containing: "Text", in: render(wide, width: 60))
        XCTAssertEqual(column(of: "Text", in: l), 3 + (60 - 3) / 4 + 1)
        XCTAssertTrue(l.contains("… Text"))
        let colored = line(containing: "Email", in: render(s, width: 60, color: true))
        XCTAssertTrue(colored.contains("\u{1B}[34m"))
    }

    func testDetailIsCutBeforeTheText() {
        let longDetail = screen([F.row("Server", detail: String(repeating: "very-long-host-name.", count: 6), number: 1)])
        let a = line(containing: "Server", in: render(longDetail, width: 40))
        XCTAssertTrue(a.hasPrefix(" 1 Server "))
        XCTAssertTrue(a.hasSuffix("…"))
        XCTAssertEqual(displayWidth(a), 40)

        let longText = screen([F.row(String(repeating: "A long text ", count: 8), detail: "2.0.0", number: 1)])
        let b = line(containing: "A long", in: render(longText, width: 40))
        XCTAssertTrue(b.hasSuffix("… 2.0.0"), b)
        XCTAssertEqual(displayWidth(b), 40)

        // Both long: the detail keeps a reasonable part (about a third of the room).
        let both = screen([F.row(String(repeating: "text ", count: 20), detail: String(repeating: "detail ", count: 20),
                                 accessory: .disclosure, number: 1)])
        let c = line(containing: "text", in: render(both, width: 60))
        let detailPart = c[c.range(of: "detail")!.lowerBound...]
        XCTAssertGreaterThanOrEqual(displayWidth(String(detailPart)), 15, c)
        XCTAssertGreaterThanOrEqual(column(of: "detail", in: c)!, 30, c)
    }

    func testDestructiveButtonsAreRed() {
        let colored = render(F.settings, width: 40, color: true)
        XCTAssertTrue(line(containing: "Sign Out", in: colored).contains("\u{1B}[31mSign Out\u{1B}[0m"))
    }

    func testColourCodesOnlyWhenAsked() {
        for width in [20, 60, 120] {
            for ascii in [false, true] {
                XCTAssertFalse(render(F.kitchenSink, width: width, ascii: ascii).joined().contains("\u{1B}"))
            }
        }
        let colored = render(F.kitchenSink, width: 60, color: true)
        XCTAssertTrue(colored[0].hasPrefix("\u{1B}[1m") && colored[0].hasSuffix("\u{1B}[0m"), "bold title")
        XCTAssertEqual(line(containing: "General", in: colored), "\u{1B}[1mGeneral\u{1B}[0m")
        // Every styled span is reset.
        for l in colored where l.contains("\u{1B}") {
            XCTAssertTrue(l.hasSuffix("\u{1B}[0m") || !stripANSI(l).isEmpty)
            let opens = l.components(separatedBy: "\u{1B}[").count - 1
            let resets = l.components(separatedBy: "\u{1B}[0m").count - 1
            XCTAssertEqual(opens, resets * 2, l)
        }
        // The same text without its codes.
        XCTAssertEqual(colored.map(stripANSI), render(F.kitchenSink, width: 60))
    }

    func testControlCharactersInScriptTextAreEscaped() {
        let s = ResolvedScreen(id: "s", title: "Evil\u{1B}[2J title", sections: [
            ResolvedSection(id: "a", header: "Head\u{7}er", footer: "Foot\u{1B}]0;x\u{7}er", rows: [
                F.row("Two\nlines\tand\u{1B}[31mred", detail: "d\r\ne", icon: "\u{1B}", number: 1),
            ]),
        ])
        let lines = render(s, width: 60)
        for l in lines {
            XCTAssertFalse(l.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, l)
        }
        XCTAssertTrue(line(containing: "Two", in: lines).contains("Two lines and\\x1b[31mred"))
        XCTAssertTrue(line(containing: "Two", in: lines).hasSuffix("d e"))
    }
}
