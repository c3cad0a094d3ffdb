import XCTest
import ScreenModel
import ScreenRender

/// The text without ANSI SGR sequences (`ESC [ ... m`).
func stripANSI(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    var scalars = s.unicodeScalars.makeIterator()
    while let c = scalars.next() {
        if c == "\u{1B}" {
            guard scalars.next() == "[" else { continue }
            while let d = scalars.next(), d != "m" {}
            continue
        }
        out.append(c)
    }
    return String(out)
}

func render(_ screen: ResolvedScreen, width: Int = 60, ascii: Bool = false, color: Bool = false) -> [String] {
    TextRenderer(options: RenderOptions(width: width, ascii: ascii, color: color)).render(screen)
}

/// A screen of one section holding `rows`.
func screen(_ rows: [ResolvedRow], header: String? = nil, footer: String? = nil) -> ResolvedScreen {
    ResolvedScreen(id: "s", title: "Test", sections: [ResolvedSection(id: "main", header: header, footer: footer, rows: rows)])
}

/// The one line that contains `text` (fails when none or several do).
func line(containing text: String, in lines: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
    let matches = lines.filter { $0.contains(text) }
    XCTAssertEqual(matches.count, 1, "lines containing \(text): \(matches)", file: file, line: line)
    return matches.first ?? ""
}

/// The column where `text` starts in `line`.
func column(of text: String, in line: String) -> Int? {
    guard let range = line.range(of: text) else { return nil }
    return displayWidth(String(line[..<range.lowerBound]))
}
