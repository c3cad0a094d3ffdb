import XCTest
import LuaScreen   // one import: the model and the renderer come with it
import LuaScreenTestSupport

/// What a library user meets: no command-line advice in messages, one import for the surface.
final class LibrarySurfaceTests: XCTestCase {
    func testLimitErrorsGiveTheLibrarysAdviceNotTheCommandLines() throws {
        let folder = ScriptFolder()
        let path = folder.write("loop.lua", """
            return screen { id = "s", title = "S", section { row { id = "r", text = function() while true do end end } } }
            """)
        let session = try Session.open(path: path, options: SessionOptions(limits: LuaLimits(instructions: 100_000), print: { _ in }))
        defer { session.close() }
        let error = try XCTUnwrap(session.currentScreen().sections.first?.rows.first?.error)
        XCTAssertTrue(error.contains("instruction limit exceeded"), error)
        XCTAssertTrue(error.contains("raise LuaLimits.instructions"), error)
        XCTAssertFalse(error.contains("--max"), error)
    }

    func testAProgramSaysWhichOfItsOptionsRaisesALimit() throws {
        let folder = ScriptFolder()
        let path = folder.write("big.lua", """
            local t = {} for i = 1, 1e7 do t[i] = ("x"):rep(100) .. i end
            return screen { id = "s", title = "S", section {} }
            """)
        let limits = LuaLimits(instructions: 0, memory: 4 << 20, memoryAdvice: "raise it with --cap")
        XCTAssertThrowsError(try Session.open(path: path, options: SessionOptions(limits: limits, print: { _ in }))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("memory limit exceeded"), text)
            XCTAssertTrue(text.contains("raise it with --cap"), text)
        }
    }

    func testTheModelAndTheRendererComeWithOneImport() throws {
        let screen = ResolvedScreen(id: "s", title: "Title", sections: [])
        let text = TextRenderer(options: RenderOptions(width: 30)).renderText(screen)
        XCTAssertEqual(text.split(separator: "\n").first, "Title")
    }
}
