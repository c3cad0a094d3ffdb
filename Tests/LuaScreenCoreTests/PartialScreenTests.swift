import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// Part of a screen (a page, or the rows the REPL's line pager asks for) shows the title,
/// headers and footers a whole screen shows: translated, and from their functions.
final class PartialScreenTests: XCTestCase {
    private let script = """
        local rows = {}
        for i = 1, 30 do rows[#rows + 1] = toggle { text = "Row " .. i, key = "k" .. i } end
        rows[#rows + 1] = toggle { text = "Hidden", key = "h", visible = false }
        return app {
          strings = { de = { ["Things"] = "Dinge", ["Hello"] = "Hallo", ["Foot"] = "Fuss" } },
          screens = { screen { id = "s", title = "Things", sections = {
            { header = "Hello", footer = "Foot", rows = rows },
            { header = function(ctx) return "Computed" end, rows = { toggle { text = "X", key = "x" } } },
          } } },
        }
        """

    private let folder = ScriptFolder()  // (removed with the test case)

    private func open() throws -> Session {
        var options = SessionOptions(print: { _ in })
        options.locale = "de"
        return try Session.open(path: folder.write("p.lua", script), options: options)
    }

    func testRowsFromAnyPositionShowTheTranslatedTitleHeadersAndFooters() throws {
        let session = try open()
        defer { session.close() }
        let first = session.rows(from: 0, count: 5)
        XCTAssertEqual(first.total, 31)
        XCTAssertEqual(first.screen.title, "Dinge")
        XCTAssertEqual(first.screen.sections.map(\.header), ["Hallo"])
        XCTAssertEqual(first.screen.sections.map(\.footer), [nil])
        let last = session.rows(from: 28, count: 3)
        XCTAssertEqual(last.screen.sections.map(\.header), ["Hallo", "Computed"])
        // Row 30 is the last visible row of its section (the row after it is hidden).
        XCTAssertEqual(last.screen.sections.map(\.footer), ["Fuss", nil])
    }

    func testAPageEndingAtASectionsLastVisibleRowShowsItsFooter() throws {
        let session = try open()
        defer { session.close() }
        let page = session.page(3, rowsPerPage: 15)
        XCTAssertEqual(page.count, 3)
        XCTAssertEqual(page.screen.title, "Dinge")
        XCTAssertEqual(page.screen.sections.map(\.header), ["Computed"])
        let second = session.page(2, rowsPerPage: 15)
        XCTAssertEqual(second.screen.sections.map(\.header), ["Hallo"])
        XCTAssertEqual(second.screen.sections.map(\.footer), ["Fuss"])
    }
}
