import XCTest
import LuaScreenCore
import ScreenModel

/// The literals `check --locale` finds handed to `ctx:tr`, and the texts it does not ask for.
final class TranslatedLiteralsTests: XCTestCase {
    private func scan(_ text: String) -> [String] {
        TranslatedLiterals.scan(Array(text.utf8)).map { "\($0.line):\($0.text)" }
    }

    func testCallsWithAndWithoutParenthesesAndTheirLines() {
        XCTAssertEqual(scan("local a = ctx:tr(\"One\")\nlocal b = ctx:tr 'Two'\nx = ctx : tr ( \"Three\" )\n"),
                       ["1:One", "2:Two", "3:Three"])
    }

    func testCommentsLongStringsAndOtherCallsAreSkipped() {
        let text = """
            -- ctx:tr("in a comment")
            --[[ ctx:tr("in a long comment")
            still ]] local s = [==[ ctx:tr("in a long string") ]==]
            ctx.tr("not a method call") ; ctx:translate("Other") ; print("Plain")
            local t = "-- ctx:tr('in a string')"
            ctx:tr("After")
            """
        XCTAssertEqual(scan(text), ["6:After"])
    }

    func testEscapesAreDecodedAndOthersLeftAlone() {
        XCTAssertEqual(scan(#"ctx:tr("Say \"hi\"\n") ctx:tr("\65")"#), ["1:Say \"hi\"\n"])
    }

    func testTextsWithoutALetterOrMarkedUntranslatedAreNotAskedFor() {
        let strings = Translations(untranslated: ["GitHub"])
        XCTAssertFalse(strings.wantsTranslation("GitHub"))
        XCTAssertFalse(strings.wantsTranslation("2.0.0"))
        XCTAssertFalse(strings.wantsTranslation("100 %"))
        XCTAssertTrue(strings.wantsTranslation("Version 2"))
    }
}
