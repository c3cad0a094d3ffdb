import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// The loader, the validator and `check`'s evaluation give each diagnostic its code.
final class DiagnosticCodesTests: XCTestCase {
    private func codes(_ source: String) -> [DiagnosticCode] {
        Diagnostic.sorted(diagnostics(source)).map(\.code)
    }

    func testTheLoaderCodesLuasErrorsByTheirKind() {
        XCTAssertEqual(codes("return screen {\n  title = 'x'\n  section {}\n}"), [.syntax])
        XCTAssertEqual(codes("local x = nil\n\nreturn x.y"), [.scriptError])
        XCTAssertEqual(codes("local s = screen { title = 'x' }"), [.noScreen])
    }

    func testTheValidatorCodesWhatItFinds() {
        XCTAssertEqual(codes("""
            return screen { title = "S", section {
              row { txt = "A" },
              row { text = "B", accessory = "chevron" },
              row { text = 3 },
            } }
            """), [.missingField, .unknownField, .unknownValue, .wrongType])
        XCTAssertEqual(codes("""
            return app { root = "mian", screens = { screen { id = "main", title = "M" }, screen { id = "main", title = "N" } } }
            """), [.unknownScreen, .duplicate])
        XCTAssertEqual(codes("""
            return screen { title = "S", section { number { text = "N", key = "n", min = 0, max = 5, default = 9 } } }
            """), [.badDefault])
    }
}
