import Foundation
import XCTest
@testable import ScreenRender

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
    func testColorRenderingToLookAt() throws {
        guard let path = ProcessInfo.processInfo.environment["RENDER_LOOK_COLOR"] else { return }
        let text = TextRenderer(options: RenderOptions(width: 60, color: true)).renderText(Fixtures.kitchenSink)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
