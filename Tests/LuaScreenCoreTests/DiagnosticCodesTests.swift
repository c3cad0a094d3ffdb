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

    func testAKeyRulesClashAndAFailingOptionsFunctionHaveTheirOwnCodes() {
        // Rows sharing a key with other rules (the default, or min), or another kind of value.
        for rows in ["number { id = 'a', text = 'A', key = 'n', default = 1 }, number { id = 'b', text = 'B', key = 'n', default = 2 }",
                     "number { id = 'a', text = 'A', key = 'n', min = 0 }, number { id = 'b', text = 'B', key = 'n', min = 1 }",
                     "number { id = 'a', text = 'A', key = 'n' }, toggle { id = 'b', text = 'B', key = 'n' }"] {
            XCTAssertEqual(codes("return screen { title = 'S', section { \(rows) } }"), [.keyConflict], rows)
        }
        for options in ["function() error('no network') end", "function() return 'default' end", "function() local t = nil; return t.default end"] {
            let found = codes("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = \(options) } } }")
            XCTAssertTrue(found.contains(.optionsFailed) && !found.contains(.badDefault), "\(options): \(found)")
        }
    }

    func testMakersSayTheWordAndTheSuggestionWithoutTheMessage() {
        let found = Diagnostic.sorted(diagnostics("""
            return app { root = "mian", screens = { screen { id = "main", title = "M", section {
              row { txt = "A" },
              row { text = "B", accessory = "checkmrk" },
              choice { text = "C", key = "c", options = { "red", "blue" }, default = "bleu" },
              row { text = "D", on_select = function(ctx) return ctx.store.colr end },
            } } } }
            """))
        let words = found.map { [$0.code.rawValue, $0.subject ?? "-", $0.suggestion ?? "-"] }
        XCTAssertTrue(words.contains(["unknown-screen", "mian", "main"]), "\(words)")
        XCTAssertTrue(words.contains(["unknown-field", "txt", "text"]), "\(words)")
        XCTAssertTrue(words.contains(["unknown-value", "checkmrk", "checkmark"]), "\(words)")
        XCTAssertTrue(words.contains(["bad-default", "-", "blue"]), "\(words)")
        XCTAssertTrue(words.contains(["missing-field", "-", "-"]), "\(words)")
        XCTAssertTrue(words.contains(["key-typo", "colr", "-"]), "\(words)")
    }

    func testAnErrorKnownByItsTextKeepsItsDidYouMean() {
        let d = Diagnostic.ofErrorText(file: "a.lua", line: 3, path: "", message: "no screen with id \"x\" (did you mean \"y\"?)")
        XCTAssertEqual(d.code, .unknownScreen)
        XCTAssertEqual(d.suggestion, "y")
        XCTAssertNil(Diagnostic.ofErrorText(file: "a.lua", line: 3, path: "", message: "missing required field \"text\"").suggestion)
    }
}
