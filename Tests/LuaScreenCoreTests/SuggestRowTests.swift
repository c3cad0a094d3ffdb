import XCTest
import LuaScreenCore

/// The row a mistyped reference may have meant: its whole text or id, else the text it starts.
final class SuggestRowTests: XCTestCase {
    func testAMistypedStartSuggestsTheTextItStarts() {
        let texts = ["Notification Sound", "Target temperature", "Away mode"]
        let ids = ["sound", "temp", "away"]
        XCTAssertEqual(Suggest.closestRow(to: "Notfication", texts: texts, ids: ids), "Notification Sound")
        XCTAssertEqual(Suggest.closestRow(to: "Targt", texts: texts, ids: ids), "Target temperature")
        XCTAssertEqual(Suggest.closestRow(to: "Target temprature", texts: texts, ids: ids), "Target temperature")
        XCTAssertEqual(Suggest.closestRow(to: "tmp", texts: texts, ids: ids), "temp")
        XCTAssertNil(Suggest.closestRow(to: "Bluetooth", texts: texts, ids: ids))
    }

    func testTwoTextsStartingAlikeSuggestNeither() {
        XCTAssertNil(Suggest.closestRow(to: "Wif", texts: ["Wi-Fi Calling", "Wi-Fi Assist"], ids: []))
    }
}
