import Foundation
import XCTest
import ScreenRender

/// Renderings to look at: `RENDER_LOOK=/tmp/look.txt swift test --filter LookTests` writes
/// them there (a frame of `|` shows the width). Asserts only that every line fits.
final class LookTests: XCTestCase {
    func testRenderingsFit() throws {
        var out = ""
        for (screen, widths) in [(Fixtures.settings, [60]), (Fixtures.kitchenSink, [120, 60, 40, 20])] {
            for width in widths {
                for ascii in [false, true] {
                    let lines = TextRenderer(options: RenderOptions(width: width, ascii: ascii)).render(screen)
                    out += "---- \(screen.id) width \(width)\(ascii ? " ascii" : "")\n"
                    for line in lines {
                        XCTAssertLessThanOrEqual(displayWidth(line), width, line)
                        out += "|" + line + String(repeating: " ", count: max(0, width - displayWidth(line))) + "|\n"
                    }
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["RENDER_LOOK"] {
            try out.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

extension LookTests {
    /// Colour adds styles and nothing else: without its escape sequences the text is the plain
    /// rendering, every style is reset on its line, and `RENDER_LOOK_COLOR=FILE` keeps it to look at.
    func testColorRenderingOnlyAddsStyles() throws {
        let colored = TextRenderer(options: RenderOptions(width: 60, color: true)).renderText(Fixtures.kitchenSink)
        let plain = TextRenderer(options: RenderOptions(width: 60, color: false)).renderText(Fixtures.kitchenSink)
        let escape = try Regex("\u{1B}\\[[0-9;]*m")
        XCTAssertTrue(colored.contains(escape), "colour was asked for and no style was drawn")
        XCTAssertEqual(colored.replacing(escape, with: ""), plain)
        for line in colored.split(separator: "\n") {
            let last = line.matches(of: escape).last.map { String(line[$0.range]) }
            XCTAssertTrue(last == nil || last == "\u{1B}[0m", "a style runs past its line: \(line.debugDescription)")
        }
        if let path = ProcessInfo.processInfo.environment["RENDER_LOOK_COLOR"] {
            try colored.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
