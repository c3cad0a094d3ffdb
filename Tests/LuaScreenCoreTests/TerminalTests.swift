import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import ScreenRender
import LuaScreenCore

/// SPEC §10 in the library: pages that count lines, find with hidden rows, why naming the
/// values that decided, the sources `run --watch` watches, a toggle's push.
final class TerminalTests: XCTestCase {
    func testPagesAreFilledBySubtitleRows() throws {
        let s = try openSession("""
            local rows = {}
            for i = 1, 20 do rows[i] = row { text = "Row " .. i, detail = "detail " .. i, style = "subtitle", on_select = function() end } end
            return screen { id = "s", title = "Subtitles", section { header = "Twenty", rows = rows } }
            """)
        let renderer = TextRenderer(options: RenderOptions(width: 80))
        let pager = LinePager()
        // 22 lines: title, rule, blank, header (4) and the marker leave 17, eight rows of two
        let first = try XCTUnwrap(pager.page(1, of: s, renderer: renderer, lines: 22))
        XCTAssertEqual(first.screen.visibleRows.count, 8)
        XCTAssertEqual(first.count, 3)
        XCTAssertFalse(first.estimated)
        XCTAssertEqual(renderer.render(first.screen).count, 20)
        var seen: [String] = []
        for p in 1...first.count {
            seen += try XCTUnwrap(pager.page(p, of: s, renderer: renderer, lines: 22)).screen.visibleRows.map(\.text)
        }
        XCTAssertEqual(seen, (1...20).map { "Row \($0)" })
        XCTAssertEqual(pager.pageIndex(ofPosition: 19, of: s, renderer: renderer, lines: 22), 3)
        // a smaller terminal: the page showing the same first row
        _ = pager.page(2, of: s, renderer: renderer, lines: 22)
        let after = try XCTUnwrap(pager.page(2, of: s, renderer: renderer, lines: 10))
        XCTAssertEqual(after.screen.visibleRows.first?.text, "Row 9")
        // a screen that fits has no pages
        XCTAssertNil(pager.page(1, of: s, renderer: renderer, lines: 100))
    }

    func testFillFindsTheMostRowsThatFit() {
        let heights = [1, 2, 2, 1, 3, 1, 1, 2]
        let measure = { (start: Int, count: Int) in heights[start..<(start + count)].reduce(0, +) }
        XCTAssertEqual(LinePager.fill(from: 0, total: 8, lines: 5, measure: measure), 3)
        XCTAssertEqual(LinePager.fill(from: 0, total: 8, lines: 5, guess: 1, measure: measure), 3)
        XCTAssertEqual(LinePager.fill(from: 0, total: 8, lines: 5, guess: 6, measure: measure), 3)
        XCTAssertEqual(LinePager.fill(from: 4, total: 8, lines: 2, measure: measure), 1)  // at least one row
        XCTAssertEqual(LinePager.fill(from: 5, total: 8, lines: 100, measure: measure), 3)
    }

    func testFindListsHiddenRowsMarked() throws {
        let s = try openSession("""
            return screen { id = "m", title = "Main", section {
              toggle { text = "Expert", key = "expert" },
              toggle { text = "Expert tracing", key = "trace", visible = function(ctx) return ctx.store.expert end } } }
            """)
        let found = s.find("expert")
        XCTAssertEqual(found.map(\.text), ["Expert", "Expert tracing"])
        XCTAssertEqual(found.map(\.hidden), [false, true])
    }

    func testWhyNamesOnlyTheValuesThatDecided() throws {
        let s = try openSession("""
            return screen { id = "w", title = "Why", section {
              toggle { text = "A", key = "a", default = false },
              toggle { text = "B", key = "b", default = true },
              row { text = "Both", on_select = function() end,
                    enabled = function(ctx) local a, b = ctx.store.a, ctx.store.b; return a and b end } } }
            """)
        var why = try s.why("Both").formatted
        XCTAssertTrue(why.contains("disabled because a = false ("), why)
        XCTAssertFalse(why.contains("b = "), why)
        try s.set("B", value: .bool(false))
        why = try s.why("Both").formatted
        XCTAssertTrue(why.contains("a = false, b = false"), why)
    }

    func testSourcesNameTheRequiredModules() throws {
        let folder = ScriptFolder()
        let module = folder.write("names.lua", "return { first = 'Ada' }")
        let s = try openSession("""
            local names = require("names")
            return screen { id = "m", title = "M", section { row { text = names.first } } }
            """, folder: folder)
        XCTAssertEqual(s.sources.paths.count, 2)
        XCTAssertEqual(s.sources.paths.last.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
                       URL(fileURLWithPath: module).standardizedFileURL.path)
    }

    func testAToggleWithAPushOnlyFlipsAndIsWarnedAbout() throws {
        let source = """
            return screen { id = "t", title = "T", section {
              toggle { text = "Wi-Fi", key = "wifi", push = screen { id = "wifi", title = "Wi-Fi", section { row { text = "Networks" } } } } } }
            """
        XCTAssertTrue(diagnostics(source).contains { $0.severity == .warning && $0.message.contains("its push is never followed") })
        let s = try openSession(source)
        try s.select("Wi-Fi")
        XCTAssertEqual(s.path, ["t"])
        XCTAssertEqual(s.currentScreen().visibleRows.first?.value, .bool(true))
        XCTAssertEqual(s.currentScreen().visibleRows.first?.accessory, Accessory.none)
    }

    func testReloadKeepsAScreenPushedFromASectionsFunction() throws {
        let folder = ScriptFolder()  // kept: reload reads the file again
        let s = try openSession("""
            return screen { id = "root", title = "Devices", sections = function(ctx)
              return { section { row { text = "Phone", push = screen { id = "phone", title = "Phone", section { row { text = "Model" } } } } } }
            end }
            """, folder: folder)
        try s.select("Phone")
        XCTAssertEqual(s.path, ["root", "phone"])
        XCTAssertNil(try s.reloadScript())
        XCTAssertEqual(s.path, ["root", "phone"])
    }

    func testAnEmptyInputShowsItsPlaceholderMarked() throws {
        let s = try openSession("""
            return screen { id = "p", title = "P", section { input { text = "Nick", key = "nick", placeholder = "your name" } } }
            """)
        let row = try XCTUnwrap(s.currentScreen().visibleRows.first)
        XCTAssertTrue(row.isPlaceholder)
        XCTAssertEqual(row.detail, "your name")
        let plain = TextRenderer(options: RenderOptions(width: 40)).render(s.currentScreen())
        XCTAssertTrue(plain.contains { $0.hasSuffix("‹your name›") }, "\(plain)")
        let ascii = TextRenderer(options: RenderOptions(width: 40, ascii: true)).render(s.currentScreen())
        XCTAssertTrue(ascii.contains { $0.hasSuffix("<your name>") }, "\(ascii)")
        let coloured = TextRenderer(options: RenderOptions(width: 40, color: true)).render(s.currentScreen())
        XCTAssertTrue(coloured.contains { $0.contains("\u{1B}[2myour name\u{1B}[0m") }, "\(coloured)")
        try s.set("Nick", text: "Ada")
        XCTAssertFalse(try XCTUnwrap(s.currentScreen().visibleRows.first).isPlaceholder)
    }
}
