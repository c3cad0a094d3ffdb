import Foundation
import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// androidx export (SPEC §15): what an app compiles and opens as it is.
final class AndroidXExportTests: XCTestCase {
    private func export(_ source: String, strings: [String: [String: String]] = [:]) throws -> ExportResult {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", source), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        return Exporter.export(session.app, format: .androidx, strings: strings)
    }

    private func file(_ result: ExportResult, _ path: String) -> String {
        result.files.first { $0.path == path }?.contents ?? "(no \(path))"
    }

    func testTextsAreStringResourcesInEveryLocale() throws {
        let result = try export("""
            return screen { id = "main", title = "Main",
              section { header = "General", toggle { text = "Sync", key = "sync" },
                        choice { text = "Theme", key = "theme", options = { { value = "d", text = "Dark" } }, default = "d" } } }
            """, strings: ["de": ["Sync": "Abgleich", "Dark": "Dunkel"], "pt_BR": ["Sync": "Sincronizar"]])
        let xml = file(result, "res/xml/main.xml")
        XCTAssertTrue(xml.contains("android:title=\"@string/sync_title\""), xml)
        XCTAssertTrue(xml.contains("android:title=\"@string/general_title\""), xml)
        XCTAssertEqual(file(result, "res/values/strings.xml"), """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="main_title">Main</string>
                <string name="general_title">General</string>
                <string name="sync_title">Sync</string>
                <string name="theme_title">Theme</string>
                <string name="theme_d">Dark</string>
            </resources>

            """)
        XCTAssertEqual(file(result, "res/values-de/strings.xml"), """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="sync_title">Abgleich</string>
                <string name="theme_d">Dunkel</string>
            </resources>

            """)
        XCTAssertTrue(file(result, "res/values-pt-rBR/strings.xml").contains("Sincronizar"))
        XCTAssertTrue(file(result, "res/values/arrays.xml").contains("<item>@string/theme_d</item>"))
    }

    func testChildScreensNestAndHiddenDisabledAndIconRowsAreWritten() throws {
        let result = try export("""
            return screen { id = "main", title = "Main",
              section {
                row { text = "More", icon = "@", push = screen { id = "more", title = "More", section { row { text = "Deep", detail = "x" } } } },
                row { text = "Hidden", visible = false },
                row { text = "Off", enabled = false, detail = "shown" },
              } }
            """)
        XCTAssertEqual(result.files.map(\.path), ["res/xml/main.xml", "res/values/strings.xml", "res/values/arrays.xml"])
        let xml = file(result, "res/xml/main.xml")
        XCTAssertTrue(xml.contains("""
                <PreferenceScreen
                    app:key="more"
                    android:title="@string/more_title">
                    <Preference
                        app:key="deep"
                        android:title="@string/deep_title"
                        app:summary="@string/deep_summary"
                        app:iconSpaceReserved="false" />
                </PreferenceScreen>
            """), xml)
        XCTAssertTrue(xml.contains("app:key=\"hidden\"\n        android:title=\"@string/hidden_title\"\n        app:isPreferenceVisible=\"false\""), xml)
        XCTAssertTrue(xml.contains("app:enabled=\"false\""), xml)
        XCTAssertFalse(xml.contains("selectable"), xml)
        XCTAssertEqual(result.warnings.map(\.message), [])
    }

    func testImportedAndroidKeysComeBackDependencyAndToggleSummaries() throws {
        let result = try export("""
            return screen { id = "main", title = "Main",
              section {
                toggle { text = "Wi-Fi", key = "wifi", detail = function(ctx) return ctx.store.wifi and "On" or "Off" end,
                         android = { ["app:summaryOn"] = "On", ["app:summaryOff"] = "Off", ["android:icon"] = "@drawable/wifi" } },
                input { text = "Host", key = "host", enabled = function(ctx) return ctx.store.wifi end,
                        android = { ["app:dependency"] = "wifi", ["app:notAnAttribute"] = "x" } },
                choice { text = "Mode", key = "mode", detail = "Pick one", options = { "a", "b" }, default = "a" },
              } }
            """)
        let xml = file(result, "res/xml/main.xml")
        XCTAssertTrue(xml.contains("app:summaryOn=\"@string/wifi_summaryon\""), xml)
        XCTAssertTrue(xml.contains("app:summaryOff=\"@string/wifi_summaryoff\""), xml)
        XCTAssertTrue(xml.contains("android:icon=\"@drawable/wifi\""), xml)      // as written, not escaped
        XCTAssertTrue(xml.contains("app:dependency=\"wifi\""), xml)
        XCTAssertFalse(xml.contains("notAnAttribute"), xml)
        // A written summary is not replaced by a summary provider.
        XCTAssertFalse(xml.components(separatedBy: "app:key=\"mode\"")[1].contains("useSimpleSummaryProvider"), xml)
        XCTAssertEqual(result.warnings.map(\.message), ["row host: android.app:notAnAttribute left out: EditTextPreference declares no app:notAnAttribute (androidx.preference's attrs.xml)"])
    }

    func testEveryAttributeWrittenIsInTheAttrsTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let examples = try FileManager.default.contentsOfDirectory(atPath: root.path + "/examples").filter { $0.hasSuffix(".lua") }
        XCTAssertFalse(examples.isEmpty)
        for name in examples {
            let session = try Session.open(path: root.path + "/examples/" + name, options: SessionOptions(print: { _ in }))
            defer { session.close() }
            let result = Exporter.export(session.app, format: .androidx, strings: try session.translationTables())
            for file in result.files where file.path.hasPrefix("res/xml/") {
                var elements: [XMLTreeElement] = [try XMLTreeReader.read(Array(file.contents.utf8))]
                while let element = elements.popLast() {
                    for (attribute, value) in element.attributes where !attribute.hasPrefix("xmlns:") {
                        let declared = AndroidXAttributes.attribute(attribute, of: element.name)
                        XCTAssertNotNil(declared, "\(name): <\(element.name)> \(attribute)")
                        if let declared { XCTAssertTrue(AndroidXAttributes.fits(value, format: declared.format), "\(name): \(attribute)=\"\(value)\"") }
                    }
                    elements += element.elements
                }
            }
        }
    }
}
