import XCTest
import ScreenModel

/// The code a diagnostic carries: given by its maker, else the general one of its place.
final class DiagnosticCodeTests: XCTestCase {
    func testTheLanguageServersStringsAreTheRawValues() {
        XCTAssertEqual(DiagnosticCode.unknownField.rawValue, "unknown-field")
        XCTAssertEqual(DiagnosticCode.keyTypo.rawValue, "key-typo")
        XCTAssertEqual(DiagnosticCode.scriptError.rawValue, "script-error")
        XCTAssertEqual(Set(DiagnosticCode.allCases.map(\.rawValue)).count, DiagnosticCode.allCases.count)
    }

    func testAGivenCodeIsKept() {
        let d = Diagnostic(file: "a.lua", line: 3, path: "txt", message: "unknown field \"txt\"", code: .unknownField)
        XCTAssertEqual(d.code, .unknownField)
        // The message plays no part: a code is what its maker said.
        XCTAssertEqual(Diagnostic(file: "a.lua", line: 3, path: "x", message: "unknown field \"txt\"").code, .invalid)
    }

    func testWithoutACodeTheGeneralOneOfItsPlace() {
        XCTAssertEqual(Diagnostic(.warning, file: "a.lua", line: 1, path: "", message: "m").code, .warning)
        XCTAssertEqual(Diagnostic(file: "a.lua", line: 1, path: "", message: "m").code, .scriptError)
        XCTAssertEqual(Diagnostic(file: "a.lua", line: nil, path: "", message: "m").code, .invalid)
        XCTAssertEqual(Diagnostic(file: "a.lua", line: 1, path: "rows[1]", message: "m").code, .invalid)
    }

    func testAnErrorKnownByItsTextIsCodedByItsWords() {
        XCTAssertEqual(DiagnosticCode(errorText: "syntax error: '}' expected"), .syntax)
        XCTAssertEqual(DiagnosticCode(errorText: "instruction limit exceeded"), .budget)
        XCTAssertEqual(DiagnosticCode(errorText: "bad argument #1 to 'x' (number expected, got nil)"), .wrongType)
        XCTAssertNil(DiagnosticCode(errorText: "attempt to call a nil value"))
        XCTAssertEqual(Diagnostic.ofErrorText(file: "a.lua", line: 2, path: "", message: "boom").code, .scriptError)
        XCTAssertEqual(Diagnostic.ofErrorText(.warning, file: "a.lua", line: 2, path: "", message: "a memory limit").code, .memory)
    }
}
