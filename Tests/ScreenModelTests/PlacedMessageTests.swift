import XCTest
import ScreenModel

/// An error message's place moved in front of its severity, as editors read a diagnostic.
final class PlacedMessageTests: XCTestCase {
    func testLuaErrorsPutTheirPlaceFirst() {
        XCTAssertEqual(PlacedMessage("cb.lua:4: boom (in on_select of row \"b\")").line("error"),
                       "cb.lua:4: error: boom (in on_select of row \"b\")")
        // A file name may hold colons; the leftmost `:DIGITS: ` ends it.
        XCTAssertEqual(PlacedMessage("C:dir/a b.lua:12: x: 3: y").line("error"), "C:dir/a b.lua:12: error: x: 3: y")
        XCTAssertEqual(PlacedMessage("[string \"x\"]:1: bad").place, "[string \"x\"]:1")
    }

    func testAColumnIsKept() {
        let placed = PlacedMessage("Root.plist:39:4: unknown element <maybe>")
        XCTAssertEqual(placed.place, "Root.plist:39:4")
        XCTAssertEqual(placed.line("error"), "Root.plist:39:4: error: unknown element <maybe>")
    }

    func testOnlyTheFirstLineIsSearchedAndTheRestKept() {
        let placed = PlacedMessage("a.lua:2: boom\n  a.lua:2: in function <a.lua:2>")
        XCTAssertEqual(placed.line("error"), "a.lua:2: error: boom\n  a.lua:2: in function <a.lua:2>")
        XCTAssertNil(PlacedMessage("no place here\na.lua:2: later").place)
    }

    func testAMessageWithoutAPlaceTakesTheFallbackOrNone() {
        XCTAssertEqual(PlacedMessage("no row \"x\"").line("error"), "error: no row \"x\"")
        XCTAssertEqual(PlacedMessage("no row \"x\"", fallback: "stdin:3").line("error"), "stdin:3: error: no row \"x\"")
        // The fallback file already in front is not said twice.
        XCTAssertEqual(PlacedMessage("v.json: too big", fallback: "v.json").line("error"), "v.json: error: too big")
        // Digits not between colons are no line number.
        XCTAssertNil(PlacedMessage("go takes a number: 1 to 5").place)
    }

    func testTheLabelCanBeStyled() {
        XCTAssertEqual(PlacedMessage("a.lua:1: x").line("error") { "<\($0)>" }, "a.lua:1: <error:> x")
    }
}
