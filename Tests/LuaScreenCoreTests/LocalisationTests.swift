import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// Localisation through the public API (SPEC §9): locale names, inline tables, a folder, ctx.
final class LocalisationTests: XCTestCase {
    func testLocaleCandidatesGoFromTheMostSpecific() {
        XCTAssertEqual(Translations.candidates(for: "de_DE.UTF-8"), ["de_DE", "de"])
        XCTAssertEqual(Translations.candidates(for: "pt-BR"), ["pt-BR", "pt"])
        XCTAssertEqual(Translations.candidates(for: "sr_RS@latin"), ["sr_RS", "sr"])
        XCTAssertEqual(Translations.candidates(for: "ja"), ["ja"])
        XCTAssertEqual(Translations.candidates(for: "C.UTF-8"), [])
        XCTAssertEqual(Translations.candidates(for: "POSIX"), [])
    }

    func testTheEnvironmentLocaleFollowsPOSIXPrecedence() {
        XCTAssertEqual(Translations.environmentLocale(["LANG": "de_DE.UTF-8"]), "de_DE")
        XCTAssertEqual(Translations.environmentLocale(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"]), "fr_FR")
        XCTAssertEqual(Translations.environmentLocale(["LANG": "de", "LC_MESSAGES": "fr", "LC_ALL": "ja_JP"]), "ja_JP")
        XCTAssertEqual(Translations.environmentLocale(["LC_ALL": "", "LANG": "de"]), "de")
        XCTAssertNil(Translations.environmentLocale(["LANG": "C.UTF-8"]))
        XCTAssertNil(Translations.environmentLocale([:]))
    }

    private let inline = """
        return app {
          strings = { de = { ["Settings"] = "Einstellungen", ["Wi-Fi"] = "WLAN", ["on"] = "an" } },
          screens = { screen { id = "s", title = "Settings", section {
            toggle { key = "wifi", text = "Wi-Fi", default = true },
            row { text = "Locale", detail = function(ctx) return (ctx.locale or "none") .. " " .. ctx:tr("Wi-Fi") end },
          } } },
        }
        """

    func testInlineStringsTranslateWhatIsShownButNotIds() throws {
        let folder = ScriptFolder()
        let path = folder.write("app.lua", inline)
        var options = SessionOptions(print: { _ in })
        options.locale = "de_AT"
        let session = try Session.open(path: path, options: options)
        defer { session.close() }
        let screen = session.currentScreen()
        XCTAssertEqual(screen.title, "Einstellungen")
        XCTAssertEqual(screen.sections[0].rows.map(\.text), ["WLAN", "Locale"])
        XCTAssertEqual(screen.sections[0].rows.map(\.id), ["wifi", "locale"])
        XCTAssertEqual(screen.sections[0].rows[1].detail, "de_AT WLAN")
        XCTAssertEqual(session.rendererWords, ["on": "an"])
        XCTAssertEqual(session.tr("Wi-Fi"), "WLAN")
        XCTAssertEqual(session.tr("Unknown"), "Unknown")
        try session.select("WLAN")
        XCTAssertEqual(session.storeValues().first { $0.key == "wifi" }?.value, .bool(false))
    }

    func testWithoutALocaleNothingIsTranslated() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("app.lua", inline), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        XCTAssertEqual(session.currentScreen().title, "Settings")
        XCTAssertEqual(session.currentScreen().sections[0].rows[1].detail, "none Wi-Fi")
        XCTAssertEqual(session.untranslatedStrings(), [])
    }

    func testAFolderOfLocaleFilesIsReadThroughTheSandbox() throws {
        let folder = ScriptFolder()
        let path = folder.write("app.lua", """
            return app { strings = "lang", screens = { screen { id = "s", title = "Settings", section { row { text = "Hello" } } } } }
            """)
        folder.write("lang/de.lua", #"return { ["Settings"] = "Einstellungen" }"#)
        folder.write("lang/fr.lua", #"return { ["Settings"] = 42 }"#)
        var options = SessionOptions(print: { _ in })
        options.locale = "de"
        let session = try Session.open(path: path, options: options)
        XCTAssertEqual(session.currentScreen().title, "Einstellungen")
        XCTAssertEqual(session.availableLocales, ["de", "fr"])
        let missing = session.untranslatedStrings()
        XCTAssertEqual(missing.map(\.message), [#"no "de" translation for "Hello""#])
        session.close()

        options.locale = "fr"
        XCTAssertThrowsError(try Session.open(path: path, options: options)) { error in
            let text = (error as? LoadError)?.description ?? "\(error)"
            XCTAssertTrue(text.contains("lang/fr.lua"), text)
        }
    }

    func testBadStringsAreDiagnosed() {
        let found = diagnostics("""
            return app { strings = { de = "Einstellungen" }, screens = { screen { id = "s", title = "S", section {} } } }
            """)
        XCTAssertEqual(found.map(\.message), ["expected a table of text = translation, got string"])
        let escaping = diagnostics("""
            return app { strings = "../elsewhere", screens = { screen { id = "s", title = "S", section {} } } }
            """)
        XCTAssertEqual(escaping.count, 1)
        XCTAssertTrue(escaping[0].message.hasPrefix("strings must name a folder beside the script"), escaping[0].message)
    }
}
