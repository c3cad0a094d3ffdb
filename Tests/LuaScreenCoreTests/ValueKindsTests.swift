import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import LuaScreenCore

/// SPEC §8: toggle values, inc/dec, close_on_pick, default and validate functions,
/// displayed strings as functions, pairs(ctx.store) and ctx:reset.
final class ValueKindsTests: XCTestCase {
    let script = """
        return screen { id = "s", title = function(ctx) return "Size " .. ctx.store.font end,
          section { id = "main", header = function(ctx) return ctx.store.sync == "yes" and "Synced" or "Local" end,
            footer = function(ctx) return "font " .. ctx.store.font end,
            toggle { text = "Sync", key = "sync", values = { "yes", "no" }, default = true },
            toggle { text = "Bits", key = "bits", values = { 1, 0 } },
            number { text = "Font", key = "font", min = 8, max = 20, step = 2 },
            number { text = "Zoom", key = "zoom", step = 0.1, max = 0.5 },
            number { text = "Margin", key = "margin", default = function(ctx) return ctx.store.font / 100 end },
            choice { text = "Theme", key = "theme", options = { "light", "dark" }, close_on_pick = true,
                     validate = function(v, ctx) if v == "dark" and ctx.store.font > 18 then return "too big for dark" end end },
            input { text = "Nick", key = "nick", placeholder = function(ctx) return "e.g. " .. ctx.store.theme end },
            button { text = "Count", on_select = function(ctx)
              local n = 0
              for k, v in pairs(ctx.store) do n = n + 1 end
              ctx:alert("keys " .. n) end },
            button { text = "Reset", confirm = function(ctx) return "Reset font " .. ctx.store.font .. "?" end,
              on_select = function(ctx) ctx:reset() end },
            button { text = "Reset font", on_select = function(ctx) ctx:reset("font") end },
          } }
        """

    func testToggleValuesAreStoredAndRead() throws {
        let s = try openSession(script)
        XCTAssertEqual(s.value(for: "sync"), .string("yes"))
        XCTAssertEqual(s.value(for: "bits"), .integer(0))
        try s.select("Sync")
        XCTAssertEqual(s.store.value(for: "sync"), .string("no"))
        XCTAssertEqual(try s.lookup("Sync").isOn, false)
        try s.set("Sync", text: "yes")
        XCTAssertEqual(s.store.value(for: "sync"), .string("yes"))
        try s.set("Bits", text: "on")
        XCTAssertEqual(s.store.value(for: "bits"), .integer(1))
        _ = try s.evaluate("ctx.store.sync = false", expression: false)
        XCTAssertEqual(s.store.value(for: "sync"), .string("no"), "a boolean written to a mapped toggle stores its value")
        XCTAssertThrowsError(try s.evaluate("ctx.store.sync = 'maybe'", expression: false))
        XCTAssertEqual(s.currentScreen().sections[0].header, "Local")
    }

    func testIncAndDecFollowTheGridAndStopAtTheBounds() throws {
        let s = try openSession(script)
        XCTAssertEqual(s.value(for: "font"), .integer(8), "a number without default starts at min")
        try s.increment("Font")
        XCTAssertEqual(s.value(for: "font"), .integer(10))
        try s.decrement("Font")
        try s.decrement("Font")
        XCTAssertEqual(s.value(for: "font"), .integer(8), "dec stops at min")
        try s.set("Font", text: "20")
        try s.increment("Font")
        XCTAssertEqual(s.value(for: "font"), .integer(20), "inc stops at max")
        for _ in 0..<3 { try s.increment("Zoom") }
        XCTAssertEqual(s.value(for: "zoom"), .number(0.3))
        for _ in 0..<5 { try s.increment("Zoom") }
        XCTAssertEqual(s.value(for: "zoom"), .number(0.5))
        XCTAssertEqual(NumberGrid.step(from: 7.3, up: true, step: 0.5, origin: 0, minimum: nil, maximum: nil), 7.5)
        XCTAssertEqual(NumberGrid.step(from: 7.3, up: false, step: 0.5, origin: 0, minimum: nil, maximum: nil), 7)
        XCTAssertEqual(NumberGrid.step(from: 3, up: true, step: 2, origin: 1, minimum: 1, maximum: 4), 3, "last grid value within max")
        XCTAssertThrowsError(try s.increment("Theme"))
    }

    func testDefaultFunctionsAndValidateOnEveryKind() throws {
        let s = try openSession(script)
        XCTAssertEqual(s.value(for: "margin")?.doubleValue, 0.08)
        try s.set("Font", text: "12")
        XCTAssertEqual(s.value(for: "margin")?.doubleValue, 0.12)
        XCTAssertEqual(s.defaultValue(for: "margin")?.doubleValue, 0.12)
        try s.set("Font", text: "20")
        XCTAssertThrowsError(try s.set("Theme", text: "dark")) { error in
            XCTAssertTrue("\(error)".contains("too big for dark"))
        }
    }

    func testCloseOnPickPopsThePicker() throws {
        let s = try openSession(script)
        try s.select("Theme")
        XCTAssertEqual(s.path, ["s", "theme"])
        try s.select("dark")
        XCTAssertEqual(s.path, ["s"])
        XCTAssertEqual(s.store.value(for: "theme"), .string("dark"))
    }

    func testDisplayedStringsAsFunctions() throws {
        let s = try openSession(script)
        let screen = s.currentScreen()
        XCTAssertEqual(screen.title, "Size 8")
        XCTAssertEqual(screen.sections[0].header, "Synced")
        XCTAssertEqual(screen.sections[0].footer, "font 8")
        XCTAssertEqual(try s.lookup("Nick").detail, "e.g. light")
        XCTAssertEqual(s.titles, ["Size 8"])
        XCTAssertThrowsError(try s.select("Reset")) { error in
            XCTAssertEqual((error as? SessionError)?.kind, .needsConfirmation("Reset font 8?"))
        }
    }

    func testPairsAndReset() throws {
        let s = try openSession(script, store: [("other", .string("kept"))])
        try s.select("Count")
        XCTAssertEqual(s.messages.last, "keys 8", "7 bound keys and one stored key")
        try s.set("Font", text: "12")
        try s.set("Nick", text: "ada")
        try s.select("Reset font")
        XCTAssertNil(s.store.value(for: "font"))
        XCTAssertEqual(s.store.value(for: "nick"), .string("ada"))
        try s.select("Reset", answer: true)
        XCTAssertNil(s.store.value(for: "nick"))
        XCTAssertEqual(s.store.value(for: "other"), .string("kept"), "keys no row binds are kept")
    }

    func testNewFieldDiagnostics() {
        let d = diagnostics("""
            return screen { title = "T", section {
              toggle { text = "A", key = "a", values = { "yes" } },
              toggle { text = "B", key = "b", values = { 1, 1 } },
              choice { text = "C", key = "c", options = { "x" }, close_on_pik = true },
              toggle { text = "D", key = "d", value = { "y", "n" } },
            } }
            """).map { $0.description }
        XCTAssertTrue(d.contains { $0.contains("values must be a list of two values") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("ON and OFF are both \"1\"") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("unknown field \"close_on_pik\" (did you mean \"close_on_pick\"?)") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("unknown field \"value\" (did you mean \"values\"?)") }, "\(d)")
    }
}
