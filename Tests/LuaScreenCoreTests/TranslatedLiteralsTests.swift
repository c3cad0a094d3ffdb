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

    func testTheLiteralsAValidateFunctionReturns() {
        let text = """
            input { text = "Name", key = "name", validate = function(v)
              if v == "" then return "Name needed" end
              for _ = 1, 2 do local _ = "not returned" end
              while false do end
              if #v > 9 then return 'Too long' elseif v == "x" then return ctx:tr("Kept once") end
            end, default = "Returned by no validate" }
            local function helper() return "A helper's" end
            number { validate = function(v) return v < 0 and "Negative" or nil end }
            row { text = "R", detail = function(ctx) return "Computed detail" end }
            """
        XCTAssertEqual(scan(text), ["2:Name needed", "5:Too long", "5:Kept once"])
        XCTAssertEqual(TranslatedLiterals.scan(Array(text.utf8)).map(\.method), ["validate", "validate", "tr"])
    }

    func testTextsWithoutALetterOrMarkedUntranslatedAreNotAskedFor() {
        let strings = Translations(untranslated: ["GitHub"])
        XCTAssertFalse(strings.wantsTranslation("GitHub"))
        XCTAssertFalse(strings.wantsTranslation("2.0.0"))
        XCTAssertFalse(strings.wantsTranslation("100 %"))
        XCTAssertTrue(strings.wantsTranslation("Version 2"))
    }
}
