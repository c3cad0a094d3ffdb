import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// The platform hints of input and choice rows (`keyboard`, `autocapitalize`, `autocorrect`,
/// `sorted`, `radio`, options' `short`): read by the validator with file:line diagnostics,
/// shown by `dump`, written by export.
final class PlatformHintTests: XCTestCase {
    private func errors(_ source: String) -> [Diagnostic] { diagnostics(source).filter { $0.severity == .error } }

    func testEachHintIsReadIntoTheModel() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", """
            return screen { title = "S", section {
              input { text = "Email", key = "email", keyboard = "email", autocapitalize = "none", autocorrect = false },
              choice { text = "Size", key = "size", sorted = true, radio = true,
                       options = { { value = "s", text = "Small", short = "S" }, "m" } } } }
            """), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        guard case .value(let sections)? = session.app.screens.first?.sections else { return XCTFail("no sections") }
        let input = sections[0].rows[0].binding!, choice = sections[0].rows[1].binding!
        XCTAssertEqual(input.keyboard, .email)
        XCTAssertEqual(input.autocapitalize, Autocapitalization.none)
        XCTAssertEqual(input.autocorrect, false)
        XCTAssertTrue(choice.sortedOptions)
        XCTAssertTrue(choice.radio)
        guard case .value(let options)? = choice.options else { return XCTFail("no options") }
        XCTAssertEqual(options.map(\.short), ["S", nil])
        // dump shows them, as "hints" of the row.
        let dump = session.dump().serialized(pretty: false)
        XCTAssertTrue(dump.contains(#""hints":{"keyboard":"email","autocapitalize":"none","autocorrect":false}"#), dump)
        XCTAssertTrue(dump.contains(#""hints":{"sorted":true,"radio":true,"short":["S","m"]}"#), dump)
    }

    func testAnUnknownKeyboardNamesItsLineAndTheNearestValue() {
        let found = errors("return screen { title = 'S',\n section {\n  input { text = 'E', key = 'e', keyboard = 'emial' } } }")
        XCTAssertEqual(found.map(\.description).last.map { $0.hasSuffix(
            "t.lua:3: error: sections[1].rows[1].keyboard: unknown value \"emial\" (expected default, numbers, digits, decimal, url, email; did you mean \"email\"?)") },
            true, found.map(\.description).joined(separator: "\n"))
    }

    func testAnUnknownAutocapitalizationSuggests() {
        let found = errors("return screen { title = 'S', section {\n  input { text = 'E', key = 'e', autocapitalize = 'word' } } }")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, 2)
        XCTAssertEqual(found.first?.message, "unknown value \"word\" (expected none, sentences, words, all; did you mean \"words\"?)")
    }

    func testWrongTypesAreErrors() {
        XCTAssertEqual(errors("return screen { title = 'S', section { input { text = 'E', key = 'e', autocorrect = 'no' } } }").first?.message,
                       "expected a boolean, got string (\"no\")")
        XCTAssertEqual(errors("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = { 'a' }, sorted = 1 } } }").first?.message,
                       "expected a boolean, got number (1)")
        XCTAssertEqual(errors("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = { { value = 'a', short = 2 } } } } }").first?.path,
                       "sections[1].rows[1].options[1].short")
    }

    func testAMisspeltOptionFieldSuggestsShort() {
        let found = errors("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = { { value = 'a', shrt = 'A' } } } } }")
        XCTAssertEqual(found.first?.message, "unknown field \"shrt\" (did you mean \"short\"?)")
    }

    func testHintsOfOtherKindsAreUnknownFieldsNamingTheirKind() {
        let found = errors("return screen { title = 'S', section { toggle { text = 'T', key = 't', keyboard = 'email' } } }")
        XCTAssertEqual(found.first?.message, "unknown field \"keyboard\" (it is a field of input rows)")
        let radio = errors("return screen { title = 'S', section { input { text = 'T', key = 't', radio = true } } }")
        XCTAssertEqual(radio.first?.message, "unknown field \"radio\" (it is a field of choice rows)")
    }

    func testRadioOnAMultipleChoiceIsAWarning() {
        let found = diagnostics("return screen { title = 'S', section { choice { text = 'C', key = 'c', options = { 'a', 'b' }, multiple = true, radio = true } } }")
        XCTAssertEqual(found.map(\.severity), [.warning])
        XCTAssertEqual(found.first?.path, "sections[1].rows[1].radio")
    }

    func testExportWritesTheHintsAsSettingsKeys() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", """
            return screen { id = "main", title = "Main",
              section { header = "Account",
                input { text = "Web", key = "web", keyboard = "url", autocapitalize = "none", autocorrect = true },
                choice { text = "Size", key = "size", sorted = true, options = { { value = "s", text = "Small", short = "S" }, "m" } } },
              section { footer = "Shown at start.",
                choice { text = "Start", key = "start", radio = true, options = { "a", "b" } },
                toggle { text = "After", key = "after" } } }
            """), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        let result = Exporter.export(session.app, format: .settingsBundle)
        XCTAssertTrue(result.warnings.isEmpty, "\(result.warnings)")
        let specifiers = try PlistReader.read(Array(result.files[0].contents.utf8))["PreferenceSpecifiers"]?.array ?? []
        XCTAssertEqual(specifiers.map { $0["Type"]?.string }, ["PSGroupSpecifier", "PSTextFieldSpecifier", "PSMultiValueSpecifier",
                                                                "PSRadioGroupSpecifier", "PSToggleSwitchSpecifier"])
        XCTAssertEqual(specifiers[1]["KeyboardType"], .string("URL"))
        XCTAssertEqual(specifiers[1]["AutocapitalizationType"], .string("None"))
        XCTAssertEqual(specifiers[1]["AutocorrectionType"], .string("Yes"))
        XCTAssertEqual(specifiers[2]["ShortTitles"], .array([.string("S"), .string("m")]))
        XCTAssertEqual(specifiers[2]["DisplaySortedByTitle"], .bool(true))
        // The radio group stands for its section: its title the row's text, its footer the section's.
        XCTAssertEqual(specifiers[3]["Title"], .string("Start"))
        XCTAssertEqual(specifiers[3]["FooterText"], .string("Shown at start."))
        XCTAssertEqual(specifiers[3]["Values"], .array([.string("a"), .string("b")]))
    }

    func testAndroidXSortsTheArraysAndWarnsOfInputTypes() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", """
            return screen { id = "main", title = "Main",
              section {
                input { text = "Web", key = "web", keyboard = "url" },
                choice { text = "Size", key = "size", sorted = true, radio = true, options = { "medium", "Large", "small" } } } }
            """), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        let result = Exporter.export(session.app, format: .androidx)
        XCTAssertEqual(result.warnings.map(\.message), ["input \"Web\": keyboard (set the EditText's input type in code) left out (no equivalent in androidx.preference)"])
        let arrays = result.files.first { $0.path == "res/values/arrays.xml" }?.contents ?? ""
        XCTAssertTrue(arrays.contains("<item>Large</item>\n        <item>medium</item>\n        <item>small</item>"), arrays)
        let xml = result.files.first { $0.path == "res/xml/main.xml" }?.contents ?? ""
        XCTAssertTrue(xml.contains("<ListPreference"), xml)
    }

    func testSecureIsWrittenAsTheScriptWroteIt() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", """
            return screen { title = "S", section {
              input { text = "A", key = "a", secure = false }, input { text = "B", key = "b" }, input { text = "C", key = "c", secure = true } } }
            """), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        let result = Exporter.export(session.app, format: .settingsBundle)
        let specifiers = try PlistReader.read(Array(result.files[0].contents.utf8))["PreferenceSpecifiers"]?.array ?? []
        XCTAssertEqual(specifiers.map { $0["IsSecure"] }, [.bool(false), nil, .bool(true)])
    }
}
