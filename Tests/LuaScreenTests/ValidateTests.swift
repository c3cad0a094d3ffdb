import XCTest
import LuaScreen
import LuaScreenTestSupport

/// `validate(path:)`: what `check` reports, for an embedder, with nothing but the path.
final class ValidateTests: XCTestCase {
    func testAGoodScriptHasNoProblemsAndABadOneHasItsPlace() {
        let folder = ScriptFolder()
        let good = folder.write("good.lua", """
            return screen { id = "root", title = "T", section { toggle { text = "A", key = "a", default = false } } }
            """)
        XCTAssertEqual(validate(path: good), [])
        let bad = folder.write("bad.lua", """
            return screen { id = "root", title = "T",
              section { toggle { text = "A", key = "a", default = "yes" } } }
            """)
        let found = validate(path: bad)
        XCTAssertEqual(found.first?.file, bad)
        XCTAssertEqual(found.first?.line, 2)
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testARaisingOnAppearIsOneDiagnosticNamingItsLine() {
        let folder = ScriptFolder()
        let path = folder.write("appear.lua", """
            return screen { id = "root", title = "T",
              on_appear = function(ctx) error("not ready") end,
              section { toggle { text = "A", key = "a", default = false } } }
            """)
        let found = validate(path: path)
        XCTAssertEqual(found.count, 1)
        // Lua names the chunk by its path (shortened with "..." when long).
        let message = found.first?.message ?? ""
        XCTAssertTrue(message.hasSuffix("appear.lua:2: not ready (in on_appear of screen \"root\")"), message)
        XCTAssertFalse(message.contains("\n"), message)
    }

    func testATestFileIsCompiledOnly() {
        let folder = ScriptFolder()
        let path = folder.write("x_test.lua", "test('a', function() error('never run') end")
        let found = validate(path: path)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.contains("expected"), found[0].message)
        XCTAssertEqual(validate(path: folder.write("y_test.lua", "test('a', function() error('never run') end)")), [])
    }
}
