import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// One presentation of a row (issue 38): every text a surface shows of a row, computed once
/// from the resolved row and the session's locale.
final class RowPresentationTests: XCTestCase {
    /// The repository's examples folder.
    private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples").path

    private func open(_ path: String, locale: String?) throws -> Session {
        var options = SessionOptions(store: MemoryStore([]), print: { _ in })
        options.locale = locale
        return try Session.open(path: path, options: options)
    }

    private func presentations(_ session: Session) -> [String: RowPresentation] {
        var out: [String: RowPresentation] = [:]
        for row in session.currentScreen().sections.flatMap(\.rows) { out[row.id] = session.presentation(of: row) }
        return out
    }

    func testThePodcastsRowsInEnglishAndFrench() throws {
        for (locale, playback, skip, continuous, value) in [(nil, "Playback", "Skip forward", "Continuous playback", "30 s"),
                                                           ("fr", "Lecture", "Avancer de", "Lecture continue", "30 s")] {
            let session = try open(examples + "/podcasts/podcasts.lua", locale: locale)
            defer { session.close() }
            XCTAssertEqual(presentations(session)["playback"]?.text, playback)
            try session.select(playback)
            let rows = presentations(session)
            let number = try XCTUnwrap(rows["skip_forward"])
            XCTAssertEqual([number.text, number.detail, number.value], [skip, value, value])
            XCTAssertEqual(number.detailStyle, .value1)
            XCTAssertNil(number.switchWord)
            let toggle = try XCTUnwrap(rows["continuous"])
            XCTAssertEqual(toggle.text, continuous)
            XCTAssertEqual(toggle.switchWord, "on")      // fr.lua leaves the switch's words in English
            XCTAssertNil(toggle.detail)                   // "on" is the switch's, not a detail
            XCTAssertEqual(toggle.detailStyle, .none)
            let speed = try XCTUnwrap(rows["speed"])
            XCTAssertEqual([speed.detail, speed.value], ["1×", "1×"])
            XCTAssertEqual(speed.accessory, .disclosure)
        }
    }

    private let app = """
        return app { root = "m", strings = "locales", screens = { screen { id = "m", title = "Main", section {
          toggle { id = "assist", text = "Assist", key = "assist", detail = "Use mobile data", style = "subtitle", default = true },
          number { id = "cache", text = "Cache", key = "cache", unit = "KB", default = 50 },
          number { id = "age", text = "Keep", key = "age", unit = "days", default = 30, enabled = false },
          input { id = "name", text = "Name", key = "name", placeholder = "Your name" },
          input { id = "pin", text = "PIN", key = "pin", secure = true, placeholder = "Secret", default = "1234" },
          choice { id = "days", text = "Days", key = "days", multiple = true, default = { "mon", "tue" },
                   options = { { value = "mon", text = "Monday" }, { value = "tue", text = "Tuesday" } } },
          button { id = "erase", text = "Erase", destructive = true, confirm = "Erase all?", on_select = function(ctx) end },
          row { id = "file", text = "File", help = "A file", actions = {
            { id = "del", text = "Delete", destructive = true, confirm = "Delete it?", on_select = function(ctx) end },
            { id = "ren", text = "Rename", on_select = function(ctx) end } } },
        } } } }
        """

    private let french = """
        return { ["Main"] = "Principal", ["Assist"] = "Assistance", ["Use mobile data"] = "Utiliser les données mobiles",
          ["Cache"] = "Cache", ["KB"] = "Ko", ["Keep"] = "Garder", ["days"] = "jours", ["Name"] = "Nom", ["PIN"] = "PIN", ["A file"] = "Un fichier",
          ["Your name"] = "Votre nom", ["Secret"] = "Secret", ["Days"] = "Jours", ["Monday"] = "Lundi", ["Tuesday"] = "Mardi",
          ["Erase"] = "Effacer", ["Erase all?"] = "Tout effacer ?", ["File"] = "Fichier", ["Delete"] = "Supprimer",
          ["Delete it?"] = "Le supprimer ?", ["Rename"] = "Renommer", ["OK"] = "OK", ["Cancel"] = "Annuler",
          ["on"] = "oui", ["off"] = "non", ["disabled"] = "désactivé", ["%d selected"] = "%d choisis",
          ["why?"] = "pourquoi ?" }
        """

    func testEveryKindOfRowInEnglishAndFrench() throws {
        let folder = ScriptFolder()
        let path = folder.write("app.lua", app)
        folder.write("locales/fr.lua", french)
        let english = try open(path, locale: nil)
        defer { english.close() }
        let en = presentations(english)
        let session = try open(path, locale: "fr")
        defer { session.close() }
        let fr = presentations(session)

        // A toggle's detail with style subtitle: beneath, in both languages; its switch's word.
        XCTAssertEqual(en["assist"]?.detail, "Use mobile data")
        XCTAssertEqual(fr["assist"]?.detail, "Utiliser les données mobiles")
        XCTAssertEqual(fr["assist"]?.detailStyle, .subtitle)
        XCTAssertEqual([en["assist"]?.switchWord, fr["assist"]?.switchWord], ["on", "oui"])
        // Units translated; a disabled row's marker and its why? button.
        XCTAssertEqual([en["cache"]?.value, fr["cache"]?.value], ["50 KB", "50 Ko"])
        XCTAssertEqual([en["age"]?.detail, fr["age"]?.detail], ["30 days", "30 jours"])
        XCTAssertEqual([fr["age"]?.disabledWord, fr["age"]?.whyWord], ["désactivé", "pourquoi ?"])
        XCTAssertEqual([en["age"]?.disabledWord, en["age"]?.whyWord], ["disabled", "why?"])
        XCTAssertNil(fr["cache"]?.whyWord)
        // An empty input shows its placeholder, translated, drawn as one; a secure one with a value its mask.
        XCTAssertEqual([en["name"]?.placeholder, fr["name"]?.placeholder], ["Your name", "Votre nom"])
        XCTAssertEqual(fr["name"]?.detail, "Votre nom")
        XCTAssertEqual(fr["name"]?.detailIsPlaceholder, true)
        XCTAssertNil(fr["name"]?.value)
        XCTAssertEqual(fr["pin"]?.placeholder, Binding.secureMask)
        XCTAssertEqual(fr["pin"]?.detailIsPlaceholder, false)
        // A multiple choice: its options' texts, and its count in the locale's words.
        XCTAssertEqual(fr["days"]?.detail, "Lundi, Mardi")
        XCTAssertEqual([en["days"]?.selectedWord, fr["days"]?.selectedWord], ["2 selected", "2 choisis"])
        // A destructive button's confirm: the question and its buttons translated, the yes one destructive.
        XCTAssertEqual(en["erase"]?.confirm, RowPresentation.Confirm(question: "Erase all?", cancel: "Cancel", ok: "OK", destructive: true))
        XCTAssertEqual(fr["erase"]?.confirm, RowPresentation.Confirm(question: "Tout effacer ?", cancel: "Annuler", ok: "OK", destructive: true))
        XCTAssertNil(fr["cache"]?.confirm)
        // Actions: their texts and confirms translated, the chooser's Cancel.
        XCTAssertEqual(fr["file"]?.actions, [
            RowPresentation.Action(id: "del", text: "Supprimer", destructive: true,
                                   confirm: RowPresentation.Confirm(question: "Le supprimer ?", cancel: "Annuler", ok: "OK", destructive: true)),
            RowPresentation.Action(id: "ren", text: "Renommer", destructive: false, confirm: nil),
        ])
        XCTAssertEqual(fr["file"]?.actionsCancel, "Annuler")
        XCTAssertEqual([fr["file"]?.hasHelp, fr["cache"]?.hasHelp], [true, false])
        XCTAssertEqual(session.presentationWords.cancel, "Annuler")
    }

    func testTheTextRendererDrawsThePresentationsWords() throws {
        let folder = ScriptFolder()
        let path = folder.write("app.lua", app)
        folder.write("locales/fr.lua", french)
        let session = try open(path, locale: "fr")
        defer { session.close() }
        let lines = TextRenderer(options: RenderOptions(width: 60, words: session.rendererWords)).render(session.currentScreen())
        XCTAssertTrue(lines.contains { $0.hasPrefix(" 1 Assistance") && $0.hasSuffix("● oui") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0 == "   Utiliser les données mobiles" }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix(" 3 Garder") && $0.hasSuffix("30 jours (désactivé)") }, lines.joined(separator: "\n"))
    }

    func testCheckLocaleAsksForTheButtonWordsOfADialog() throws {
        let folder = ScriptFolder()
        let path = folder.write("app.lua", app)
        folder.write("locales/fr.lua", french.replacingOccurrences(of: "[\"OK\"] = \"OK\", [\"Cancel\"] = \"Annuler\",", with: ""))
        let session = try open(path, locale: "fr")
        defer { session.close() }
        XCTAssertEqual(session.untranslatedTexts(), ["OK", "Cancel"])
        let paths = session.untranslatedStrings().map(\.path)
        XCTAssertEqual(paths, ["screen m.sections[1].erase.confirm (button)", "screen m.sections[1].erase.confirm (button)"])
    }
}
