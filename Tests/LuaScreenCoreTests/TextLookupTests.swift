import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// References by text on a screen whose rows are fixed go through an index (RowTextIndex)
/// instead of evaluating the whole screen: every answer (the row found, or the error) must
/// be the one the scan of the evaluated screen gives. The same rows are looked up on a
/// screen that is indexed and on one that is not (a `visible` function makes a screen be
/// evaluated whole), hidden rows included and not.
final class TextLookupTests: XCTestCase {
    /// Rows with duplicate texts, case variants, prefixes, texts that are other rows' ids or
    /// look like numbers, non-ASCII texts, hidden rows and a hidden section.
    private func script(indexed: Bool, locale: Bool = false) -> String {
        // Not indexed: a section whose visibility is a function (true) holding one row.
        let extra = indexed ? "" : """
            section { id = "dyn", visible = function() return true end, row { id = "dynrow", text = "Zzz dynamic" } },
            """
        let extraIndexed = indexed ? """
            section { id = "dyn", row { id = "dynrow", text = "Zzz dynamic" } },
            """ : ""
        let strings = locale ? #"strings = { de = { ["Apple"] = "Apfel", ["Volume"] = "Lautstärke" } },"# : ""
        return """
            return app { \(strings) screens = { screen { id = "s", title = "Things",
              section { id = "a",
                row { id = "apple", text = "Apple", on_select = function() end },
                row { id = "apple2", text = "Apple" },
                row { id = "apricot", text = "Apricot", on_select = function() end },
                row { id = "banana", text = "banana" },
                row { id = "banana_up", text = "BANANA", on_select = function() end },
                row { id = "beta", text = "Cherry" },
                row { id = "cherry", text = "beta", on_select = function() end },
                row { id = "year", text = "2024" },
                row { id = "cafe", text = "Café au lait", on_select = function() end },
                row { id = "cafe2", text = "Cafe\\u{301} noir" },
                row { id = "kelvin", text = "\\u{212A}elvin" },
                row { id = "hidden_plum", text = "Plum", visible = false },
                row { id = "plum", text = "Plum", on_select = function() end },
                row { id = "hidden_grape", text = "Grapefruit", visible = false },
                row { id = "grape", text = "Grape", on_select = function() end },
                row { id = "volume", text = "Volume", on_select = function() end },
                row { id = "only_hidden", text = "Quince", visible = false },
                row { id = "empty", text = "" },
                row { id = "a_long_identifier_of_a_row", text = "A long text of more than fifteen bytes", on_select = function() end },
                row { id = "long2", text = "A long text of more than fifteen bytes, again" },
                row { id = "Short", text = "exactly15bytes!" },
              },
              \(extra)\(extraIndexed)
              section { id = "h", visible = false,
                row { id = "secret", text = "Secret row" },
                row { id = "pear_hidden", text = "Pear" },
              },
              section { id = "b",
                row { id = "pear", text = "Pear", on_select = function() end },
                row { id = "apple3", text = "apple pie" },
              },
            } } }
            """
    }

    private let references = [
        "Apple", "apple", "APPLE", "Apple ", "Ap", "Apr", "apricot", "apple p", "apple pie", "Apple pie",
        "banana", "BANANA", "Banana", "ban", "beta", "Beta", "Cherry", "cherry", "2024", "202",
        "Café au lait", "café", "Cafe", "Café noir", "cafe\u{301}", "Cafe\u{301} noir", "K", "k", "\u{212A}elvin", "Kelvin",
        "Plum", "plum", "Pl", "Grape", "grape", "Grap", "Grapefruit", "Volume", "vol", "Lautstärke", "laut", "Apfel",
        "Quince", "quin", "Secret row", "secret", "Secret", "Pear", "pear", "pear_hidden", "hidden_plum", "only_hidden",
        "Zzz", "nothing like it", "x", "1", "3", "99", "0", "", " ", "apple2", "\u{1F34E}", "Apple 3", "Pear x",
        "A long text of more than fifteen bytes", "a long text of more than fifteen bytes", "A long text of more than fifteen",
        "A long text of more than fifteen bytes, again", "a_long_identifier_of_a_row", "a_long_identifier_of_a_ro", "Short",
        "short", "exactly15bytes!", "EXACTLY15BYTES!", "exactly15bytes",
    ]

    private func outcome(_ s: Session, _ ref: String, hidden: Bool) -> String {
        do {
            let row = try s.lookup(ref, includeHidden: hidden)
            return "\(row.id) \(row.number.map(String.init) ?? "-") \(row.visible)"
        } catch {
            return "error: \(error)"
        }
    }

    private func compare(locale: Bool) throws {
        let folder = ScriptFolder()
        func open(_ indexed: Bool) throws -> Session {
            let path = folder.write(indexed ? "indexed.lua" : "scanned.lua", script(indexed: indexed, locale: locale))
            var options = SessionOptions(print: { _ in })
            if locale { options.locale = "de" }
            return try Session.open(path: path, options: options)
        }
        let indexed = try open(true)
        let scanned = try open(false)
        defer { indexed.close(); scanned.close() }
        XCTAssertNotNil(indexed.currentIndex(), "the fixed screen is indexed")
        XCTAssertNil(scanned.currentIndex(), "the screen with a visible function is evaluated whole")
        for ref in references {
            for hidden in [false, true] {
                XCTAssertEqual(outcome(indexed, ref, hidden: hidden), outcome(scanned, ref, hidden: hidden),
                               "lookup(\"\(ref)\", includeHidden: \(hidden))")
            }
        }
        // These are answered by the index: the screen is never evaluated whole.
        let fresh = try open(true)
        defer { fresh.close() }
        for ref in locale ? ["Apfel", "laut", "Grape"] : ["Apricot", "Grape", "grape", "Café au lait", "vol", "apple p"] {
            _ = try fresh.lookup(ref)
        }
        XCTAssertNil(fresh.caches.screen, "text references looked up without evaluating the screen")
        // So are misses (no row, a number past the last, several rows, a hidden row): a
        // miss costs what a hit does (issue 26).
        for ref in ["nothing like it", "99", "Ap", "Quince", "Secret", "only_hidden", "Apple 3"] {
            XCTAssertThrowsError(try fresh.lookup(ref), ref)
        }
        XCTAssertNil(fresh.caches.screen, "misses answered without evaluating the screen")
        // Selecting by text acts on the row found.
        try indexed.select(locale ? "Apfel" : "Apple")
        XCTAssertThrowsError(try indexed.select("Ap")) { XCTAssertTrue("\($0)".contains("matches"), "\($0)") }
    }

    func testTextReferencesFindWhatTheScanFinds() throws {
        try compare(locale: false)
    }

    func testTranslatedTextsAreLookedUpAsShown() throws {
        try compare(locale: true)
    }

    func testATextFunctionLeavesTheScreenToTheScan() throws {
        let s = try openSession("""
            local n = 0
            return app { screens = { screen { id = "s", title = "T", section {
              row { id = "a", text = function() return "Counted " .. n end, on_select = function() n = n + 1 end },
              row { id = "b", text = "Fixed" },
            } } } }
            """)
        defer { s.close() }
        XCTAssertEqual(try s.lookup("Counted 0").id, "a")
        try s.select("Counted 0")
        XCTAssertEqual(try s.lookup("Counted 1").id, "a")
        XCTAssertThrowsError(try s.lookup("Counted 0"))
        XCTAssertEqual(try s.lookup("fix").id, "b")
    }
}
