import XCTest
import ScreenModel

/// `RowPresentation` made from resolved rows alone (the terminal's case: no declaration).
final class RowPresentationModelTests: XCTestCase {
    private let german = PresentationWords(translations: ["on": "an", "disabled": "deaktiviert", "%d selected": "%d gewählt",
                                                          "why?": "warum?", "hidden · why?": "versteckt · warum?"])

    func testAToggleSpellingItsStateHasNoDetailButItsSwitchWord() {
        let row = ResolvedRow(id: "w", kind: .toggle, text: "WLAN", detail: "on", key: "w", value: .bool(true))
        let shown = RowPresentation(row, words: german)
        XCTAssertNil(shown.detail)
        XCTAssertEqual(shown.detailStyle, .none)
        XCTAssertEqual(shown.switchWord, "an")
        XCTAssertNil(shown.disabledWord)
        XCTAssertNil(shown.whyWord)
        XCTAssertNil(shown.confirm)
    }

    func testAFailedFieldKeepsItsStyleForItsErrorAndDisabledAndHiddenRowsSayWhy() {
        var row = ResolvedRow(id: "e", kind: .text, text: "E", style: .subtitle, enabled: false)
        row.error = "boom"
        let shown = RowPresentation(row, words: german)
        XCTAssertEqual([shown.error, shown.disabledWord, shown.whyWord], ["boom", "deaktiviert", "warum?"])
        XCTAssertEqual(shown.detailStyle, .subtitle)
        row.visible = false
        XCTAssertEqual(RowPresentation(row, words: german).whyWord, "versteckt · warum?")
    }

    func testAMultipleChoiceCountsItsOptionsInTheLocalesWords() {
        var row = ResolvedRow(id: "d", kind: .choice, text: "Days", detail: "Mon, Tue, Wed", key: "d", value: .string("x"))
        row.selectedCount = 3
        let shown = RowPresentation(row, words: german)
        XCTAssertEqual(shown.selectedWord, "3 gewählt")
        XCTAssertEqual(shown.value, "Mon, Tue, Wed")
        XCTAssertEqual(shown.detailStyle, .value1)
    }

    func testADeclaredConfirmGetsTheButtonWordsAndAFunctionsQuestionIsLeftToItsTime() {
        let row = ResolvedRow(id: "b", kind: .button, text: "Erase", destructive: true)
        let shown = RowPresentation(row, words: PresentationWords(), declared: .init(confirm: .some(nil)))
        XCTAssertEqual(shown.confirm, RowPresentation.Confirm(question: nil, cancel: "Cancel", ok: "OK", destructive: true))
    }
}
