import Foundation
import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import LuaScreenInterop

/// `luascreen import res/xml/NAME.xml` (SPEC §15): androidx.preference XML and the app's
/// res/values*/ read into a script that loads, renders and behaves as the XML says.
final class AndroidXImportTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/androidx").path

    /// Imports `path` and opens the script (in `locale`), failing when it does not load.
    func open(_ path: String, locale: String? = nil, folder: ScriptFolder = ScriptFolder()) throws -> (ImportResult, Session) {
        let result = try AndroidXImporter.importXML(path: path)
        let script = folder.write("imported.lua", result.script)
        var options = SessionOptions(print: { _ in })
        options.locale = locale
        return (result, try Session.open(path: script, options: options))
    }

    func testTheSampleAppImportsWithItsElementsResourcesAndTranslations() throws {
        let (result, session) = try open(Self.fixtures + "/sample/res/xml/prefs.xml")
        defer { session.close() }
        XCTAssertEqual(result.warnings.map(\.message), ["<com.example.ColorPreference>: com.example.ColorPreference is not an androidx.preference element: it becomes a plain row"])
        XCTAssertEqual(result.warnings.first?.line, 13)
        XCTAssertEqual(session.app.root, "prefs")
        XCTAssertEqual(session.screenIDs, ["prefs", "advanced"])
        let screen = session.currentScreen()
        XCTAssertEqual(screen.sections.map(\.header), ["General", nil])
        let rows = screen.sections[0].rows
        XCTAssertEqual(rows.map(\.kind), [.toggle, .choice, .choice, .input, .number, .text])
        XCTAssertEqual(rows.map { $0.key ?? $0.id }, ["sync", "theme", "days", "name", "vol", "color"])
        XCTAssertEqual(rows[0].text, "Sync \"now\"")             // @string/ with an escaped quote
        XCTAssertEqual(rows[0].detail, "Syncing")                 // summaryOn while on
        XCTAssertEqual(rows[1].value, .string("dark"))
        XCTAssertEqual(rows[2].value, .list([.string("light"), .string("dark")]))  // @array/ default
        XCTAssertFalse(rows[3].visible)                           // isPreferenceVisible="false"
        XCTAssertEqual(rows[4].value, .integer(5))
        XCTAssertEqual(screen.sections[1].rows[0].text, "Advanced")
        // dependency="sync": the list is enabled while the toggle is on.
        XCTAssertTrue(rows[1].enabled)
        try session.set("sync", value: .bool(false))
        let after = session.currentScreen().sections[0].rows
        XCTAssertFalse(after[1].enabled)
        XCTAssertEqual(after[0].detail, "Not syncing")
    }

    func testEachValuesLangFolderBecomesThatLocalesStrings() throws {
        let (_, session) = try open(Self.fixtures + "/sample/res/xml/prefs.xml", locale: "de")
        defer { session.close() }
        let screen = session.currentScreen()
        XCTAssertEqual(screen.sections[0].header, "Allgemein")
        XCTAssertEqual(screen.sections[0].rows[0].text, "Sync jetzt")
        XCTAssertEqual(screen.sections[0].rows[1].detail, "Dunkel")
    }

    func testAndroidPreferenceNamespacesAndPackagesAreRead() throws {
        let folder = ScriptFolder()
        let path = folder.write("res/xml/old.xml", """
            <PreferenceScreen xmlns:a="http://schemas.android.com/apk/res/android" xmlns:p="http://schemas.android.com/apk/res/com.example">
              <android.preference.CheckBoxPreference a:key="wifi" a:title="Wi-Fi only" a:defaultValue="@bool/wifi_default" a:disableDependentsState="true"/>
              <EditTextPreference a:key="host" a:title="Host" a:dependency="wifi" a:defaultValue="@integer/port"/>
              <Preference a:key="x" a:title="X" a:enabled="false"/>
            </PreferenceScreen>
            """)
        folder.write("res/values/bools.xml", "<resources><bool name=\"wifi_default\">true</bool><integer name=\"port\">8080</integer></resources>")
        let (result, session) = try open(path, folder: folder)
        defer { session.close() }
        XCTAssertEqual(result.warnings.map(\.message), [])
        let rows = session.currentScreen().sections[0].rows
        XCTAssertEqual(rows[0].value, .bool(true))
        XCTAssertEqual(rows[1].value, .string("8080"))
        XCTAssertFalse(rows[1].enabled)                           // disableDependentsState: off enables
        XCTAssertFalse(rows[2].enabled)
        try session.set("wifi", value: .bool(false))
        XCTAssertTrue(session.currentScreen().sections[0].rows[1].enabled)
    }

    func testAStringsFileWithPlainEntitiesIsReadAndAnExternalOneRefused() throws {
        let folder = ScriptFolder()
        let path = folder.write("res/xml/p.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto">
              <Preference app:key="a" app:title="@string/name"/>
            </PreferenceScreen>
            """)
        folder.write("res/values/strings.xml", """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
                <!ENTITY APP "Termux">
            ]>
            <resources><string name="name">&APP; settings</string></resources>
            """)
        folder.write("res/values-fr/strings.xml", """
            <!DOCTYPE resources [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
            <resources><string name="name">&x;</string></resources>
            """)
        let result = try AndroidXImporter.importXML(path: path)
        XCTAssertTrue(result.script.contains("text = \"Termux settings\""), result.script)
        XCTAssertFalse(result.script.contains("root:"))
        XCTAssertEqual(result.warnings.map(\.message), ["not read: only an entity with a quoted text is read (no SYSTEM or PUBLIC) (column 34)"])
        XCTAssertEqual(result.warnings.first?.file, folder.url.path + "/res/values-fr/strings.xml")
    }

    func testBrokenXMLIsAnErrorWithItsPosition() throws {
        let folder = ScriptFolder()
        let path = folder.write("res/xml/bad.xml", "<PreferenceScreen>\n  <Preference>\n  </PreferenceScreen>\n")
        XCTAssertThrowsError(try AndroidXImporter.importXML(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path):3:3: error: </PreferenceScreen> closes <Preference> (line 2)")
        }
        let deep = folder.write("res/xml/deep.xml", String(repeating: "<PreferenceScreen>", count: 70))
        XCTAssertThrowsError(try AndroidXImporter.importXML(path: deep)) { error in
            XCTAssertTrue("\(error)".hasSuffix("error: elements nest more than 64 deep"), "\(error)")
        }
        let notPrefs = folder.write("res/xml/paths.xml", "<paths/>")
        XCTAssertThrowsError(try AndroidXImporter.importXML(path: notPrefs)) { error in
            XCTAssertEqual("\(error)", "\(notPrefs):1: error: the root element is <paths>, not <PreferenceScreen> (this is not a preference XML file)")
        }
    }

    func testALinkedValuesFolderOrFileIsNotFollowed() throws {
        let folder = ScriptFolder()
        let path = folder.write("app/res/xml/p.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto"><Preference app:key="a" app:title="@string/secret"/></PreferenceScreen>
            """)
        folder.write("outside/strings.xml", "<resources><string name=\"secret\">outside the app</string></resources>")
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/app/res/values", withDestinationPath: folder.url.path + "/outside")
        let result = try AndroidXImporter.importXML(path: path)
        XCTAssertFalse(result.script.contains("outside the app"))
        XCTAssertEqual(result.warnings.map(\.message), ["<Preference>: title=\"@string/secret\": no such resource in the app's res/values*/ (kept as written)"])
        // A values file that links out of res/ is not read either, and says so.
        try FileManager.default.createDirectory(atPath: folder.url.path + "/app/res/values-de", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/app/res/values-de/strings.xml",
                                                   withDestinationPath: folder.url.path + "/outside/strings.xml")
        let again = try AndroidXImporter.importXML(path: path)
        XCTAssertFalse(again.script.contains("outside the app"))
        XCTAssertEqual(again.warnings.first?.file, folder.url.path + "/app/res/values-de/strings.xml")
        let refusal = again.warnings.first?.message ?? ""
        XCTAssertTrue(refusal.hasPrefix("not read: a symbolic link to ") && refusal.contains(", outside ")
                      && refusal.hasSuffix("refused without reading it"), refusal)
    }

    func testTwoPreferencesOnOneKeyLoadWithAWarning() throws {
        // Found by Fuzz/FuzzAndroidX: luascreen refuses two rows with different rules on one key.
        let folder = ScriptFolder()
        let path = folder.write("res/xml/p.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto">
              <Preference app:key="vol" app:title="Plain"/>
              <SeekBarPreference app:key="vol" app:title="Volume" app:min="1" app:defaultValue="5"/>
              <SeekBarPreference app:key="vol" app:title="Again"/>
            </PreferenceScreen>
            """)
        let (result, session) = try open(path, folder: folder)
        defer { session.close() }
        XCTAssertEqual(result.warnings.map(\.message), ["<SeekBarPreference>: key \"vol\" is bound by an earlier preference too: this one gets \"vol_2\""])
        XCTAssertEqual(session.currentScreen().sections[0].rows.map { $0.key ?? $0.id }, ["vol", "vol", "vol_2"])
        // Unkeyed rows and categories of one title, too.
        let twice = folder.write("res/xml/twice.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto">
              <PreferenceCategory app:title="A"><Preference app:title="Same"/><Preference app:title="Same"/></PreferenceCategory>
              <PreferenceCategory app:title="A"/>
            </PreferenceScreen>
            """)
        let (_, again) = try open(twice, folder: folder)
        defer { again.close() }
        XCTAssertEqual(again.currentScreen().sections.map(\.id), ["a", "a_2"])
        XCTAssertEqual(again.currentScreen().sections[0].rows.map(\.id), ["same", "same_2"])
    }

    func testASeekBarDefaultOutsideItsRangeIsHeldToItWithAWarning() throws {
        // Found by Fuzz/FuzzAndroidX (10-minute run): a default below min, or min above max,
        // made a script that did not load.
        let folder = ScriptFolder()
        let path = folder.write("res/xml/p.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto">
              <SeekBarPreference app:key="a" app:title="A" app:min="8" app:max="20" app:defaultValue="5"/>
              <SeekBarPreference app:key="b" app:title="B" app:min="30" app:max="20" app:defaultValue="25"/>
            </PreferenceScreen>
            """)
        let (result, session) = try open(path, folder: folder)
        defer { session.close() }
        XCTAssertEqual(result.warnings.map(\.message), [
            "<SeekBarPreference>: defaultValue 5 is outside 8 to 20: it becomes 8",
            "<SeekBarPreference>: max 20 is below min 30: max becomes 30",
            "<SeekBarPreference>: defaultValue 25 is outside 30 to 30: it becomes 30",
        ])
        XCTAssertEqual(session.currentScreen().sections[0].rows.map(\.value), [.integer(8), .integer(30)])
    }

    func testAnAttributeWithAPrefixAndNoNameIsKeptAsWritten() throws {
        // Found by Fuzz/FuzzAndroidX: `app:="..."` (a prefix and nothing after it) trapped.
        let folder = ScriptFolder()
        let path = folder.write("res/xml/p.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto">
              <SwitchPreferenceCompat app:key="sync" app:title="Sync" app:="Syncing"/>
            </PreferenceScreen>
            """)
        let (_, session) = try open(path, folder: folder)
        defer { session.close() }
        XCTAssertEqual(session.currentScreen().sections[0].rows.map(\.id), ["sync"])
    }

    func testAnEmptyKeyIsLeftOutWithAWarning() throws {
        // Found by Fuzz/FuzzAndroidX (10-minute run): key="" on a row that is not bound gave
        // it the id "", and the script did not load.
        let folder = ScriptFolder()
        let path = folder.write("res/xml/p.xml", """
            <PreferenceScreen xmlns:app="http://schemas.android.com/apk/res-auto">
              <ListPreference app:key="" app:title="Theme"/>
              <Preference app:key="" app:title="About"/>
            </PreferenceScreen>
            """)
        let (result, session) = try open(path, folder: folder)
        defer { session.close() }
        XCTAssertTrue(result.warnings.map(\.message).contains("<ListPreference>: key is empty: left out"), "\(result.warnings)")
        XCTAssertEqual(session.currentScreen().sections[0].rows.map(\.id), ["theme", "about"])
    }

    func testValuesFolderNamesMapToLocalesAndBack() {
        XCTAssertEqual(AndroidXResources.locale(ofFolder: "values"), "")
        XCTAssertEqual(AndroidXResources.locale(ofFolder: "values-de"), "de")
        XCTAssertEqual(AndroidXResources.locale(ofFolder: "values-pt-rBR"), "pt_BR")
        XCTAssertEqual(AndroidXResources.locale(ofFolder: "values-b+sr+Latn"), "sr_Latn")
        XCTAssertNil(AndroidXResources.locale(ofFolder: "values-night"))
        XCTAssertNil(AndroidXResources.locale(ofFolder: "values-v21"))
        XCTAssertNil(AndroidXResources.locale(ofFolder: "values-de-land"))
        XCTAssertEqual(AndroidXResources.folder(ofLocale: "pt_BR"), "values-pt-rBR")
        XCTAssertEqual(AndroidXResources.folder(ofLocale: "de"), "values-de")
        XCTAssertEqual(AndroidXResources.folder(ofLocale: "sr_Latn"), "values-b+sr+Latn")
    }

    func testResourceTextIsReadAsAaptReadsIt() throws {
        let root = try XMLTreeReader.read(Array("<string>  a\\'b   <b>c</b>\n \"  kept  \" \\u00e9\\n</string>".utf8))
        XCTAssertEqual(AndroidXResources.resourceText(root), "a'b c   kept   é\n")
    }
}
