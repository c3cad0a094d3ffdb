import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// Export and import through the library's API, on scripts loaded as a host program loads them.
final class ExportTests: XCTestCase {
    private func app(_ source: String, folder: ScriptFolder = ScriptFolder()) throws -> (App, Session) {
        let session = try Session.open(path: folder.write("s.lua", source), options: SessionOptions(print: { _ in }))
        return (session.app, session)
    }

    func testEachKindMapsToItsSpecifier() throws {
        let (app, session) = try app("""
        return screen { id = "main", title = "Main",
          section { row { text = "About", detail = "v1" },
            toggle { text = "Wi-Fi", key = "wifi", default = true },
            choice { text = "Size", key = "size", options = { { value = 1, text = "Small" }, { value = 2.5, text = "Big" } }, default = 2.5 },
            input { text = "Password", key = "pw", secure = true },
            number { text = "Volume", key = "vol", min = 0, max = 10, default = 3 },
            row { text = "More", push = screen { id = "more", title = "More Things", section { row { text = "Deep" } } } } } }
        """)
        defer { session.close() }
        let result = Exporter.export(app, format: .settingsBundle)
        XCTAssertEqual(result.files.map(\.path), ["Root.plist", "more.plist"])
        XCTAssertTrue(result.warnings.isEmpty, "\(result.warnings)")
        let root = try PlistReader.read(Array(result.files[0].contents.utf8))
        let specifiers = root["PreferenceSpecifiers"]?.array ?? []
        XCTAssertEqual(specifiers.map { $0["Type"]?.string }, ["PSTitleValueSpecifier", "PSToggleSwitchSpecifier",
                       "PSMultiValueSpecifier", "PSTextFieldSpecifier", "PSSliderSpecifier", "PSChildPaneSpecifier"])
        XCTAssertEqual(specifiers[2]["Values"], .array([.integer(1), .real(2.5)]))
        XCTAssertEqual(specifiers[2]["DefaultValue"], .real(2.5))
        XCTAssertEqual(specifiers[3]["IsSecure"], .bool(true))
        XCTAssertEqual(specifiers[4]["MaximumValue"], .integer(10))
        XCTAssertEqual(specifiers[5]["File"], .string("more"))
        let child = try PlistReader.read(Array(result.files[1].contents.utf8))
        XCTAssertEqual(child["Title"], .string("More Things"))
    }

    func testWarningsNameTheRowAndItsLine() throws {
        let (app, session) = try app("""
        return screen { id = "main", title = "Main",
          section {
            button { text = "Go", on_select = function(ctx) end },
            number { text = "Free", key = "free" },
            toggle { text = "T", key = "t", on_change = function(ctx) end, enabled = function(ctx) return true end },
          } }
        """)
        defer { session.close() }
        let settings = Exporter.export(app, format: .settingsBundle).warnings.map(\.description)
        XCTAssertEqual(settings.count, 3)
        XCTAssertTrue(settings[0].hasSuffix(":3: warning: sections[1].rows[1]: button \"Go\" left out: a Settings.bundle has no buttons"), settings[0])
        XCTAssertTrue(settings[1].contains(":4: warning: sections[1].rows[2]: number \"Free\" left out"), settings[1])
        XCTAssertTrue(settings[2].contains(":5: warning: sections[1].rows[3]: toggle \"T\": enabled (a function of ctx), on_change left out"), settings[2])
        let android = Exporter.export(app, format: .androidx)
        XCTAssertEqual(android.files.map(\.path), ["res/xml/main.xml", "res/values/strings.xml", "res/values/arrays.xml"])
        XCTAssertTrue(android.files[0].contents.contains("<Preference\n        app:key=\"go\"\n        android:title=\"@string/go_title\""), android.files[0].contents)
    }

    func testImportedBundleLoadsAsTheSameRows() throws {
        let folder = ScriptFolder()
        let (app, session) = try app("""
        return screen { id = "main", title = "Main",
          section { header = "H", footer = "F",
            toggle { text = "Wi-Fi", key = "wifi", default = true },
            choice { text = "Size", key = "size", options = { "s", "m" }, default = "m" } } }
        """, folder: folder)
        defer { session.close() }
        try Exporter.write(Exporter.export(app, format: .settingsBundle).files, to: folder.url.path + "/Out.bundle")
        let imported = try BundleImporter.importBundle(rootPlist: folder.url.path + "/Out.bundle/Root.plist")
        XCTAssertTrue(imported.warnings.isEmpty)
        let back = try Session.open(path: folder.write("back.lua", imported.script), options: SessionOptions(print: { _ in }))
        defer { back.close() }
        XCTAssertEqual(back.currentScreen().sections.map { $0.rows.map { [$0.text, $0.kind.rawValue, $0.key ?? "", $0.value?.description ?? ""] } },
                       session.currentScreen().sections.map { $0.rows.map { [$0.text, $0.kind.rawValue, $0.key ?? "", $0.value?.description ?? ""] } })
        XCTAssertEqual(back.currentScreen().sections.first?.header, "H")
        XCTAssertEqual(back.currentScreen().title, "Main")
    }

    func testADamagedPlistIsAnImportErrorWithItsPosition() throws {
        let folder = ScriptFolder()
        let path = folder.write("Root.plist", "<plist><dict><key>PreferenceSpecifiers</key><array><dict></array></dict></plist>")
        XCTAssertThrowsError(try BundleImporter.importBundle(rootPlist: path)) { error in
            XCTAssertEqual("\(error)", "\(path):1:58: error: expected </dict>, found </array>")
        }
    }
}
