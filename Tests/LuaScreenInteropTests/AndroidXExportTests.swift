import Foundation
import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import LuaScreenInterop

/// androidx export (SPEC §15): what an app compiles and opens as it is.
final class AndroidXExportTests: XCTestCase {
    private func export(_ source: String, strings: [String: [String: String]] = [:], functions: Bool = false) throws -> ExportResult {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", source), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        return Exporter.export(session.app, format: .androidx, strings: strings,
                               functions: functions ? ExportFunctions(session: session) : ExportFunctions())
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

    /// A locale with a script (NewPipe translates to `uz_Latn`) made the whole export fail
    /// ("'values-b+uz+Latn' is not a file name luascreen writes; nothing was written"): Android
    /// has no other name for its folder, so that one is written; other names with a `+` are
    /// still refused.
    func testALocaleWithAScriptIsWrittenToItsBCP47Folder() throws {
        let result = try export("""
            return screen { id = "main", title = "Main", section { toggle { text = "Sync", key = "sync" } } }
            """, strings: ["de": ["Sync": "Abgleich"], "sr_Latn": ["Sync": "Sinhronizacija"]])
        XCTAssertEqual(result.files.map(\.path), ["res/xml/main.xml", "res/values/strings.xml", "res/values-de/strings.xml",
                                                  "res/values-b+sr+Latn/strings.xml", "res/values/arrays.xml"])
        XCTAssertEqual(result.warnings.map(\.message), [])
        let out = ScriptFolder()
        XCTAssertNoThrow(try Exporter.write(result, to: out.url.path + "/app"))
        XCTAssertTrue(try String(contentsOfFile: out.url.path + "/app/res/values-b+sr+Latn/strings.xml", encoding: .utf8).contains("Sinhronizacija"))
        for name in ["values-b+", "values-b+sr+", "values-b+sr+Latn+x+y+z", "values-b+sr+Lätn", "a+b", "values-b+sr+Latn/../x"] {
            XCTAssertThrowsError(try Exporter.write([ExportedFile(path: "res/" + name + "/strings.xml", contents: "")], to: out.url.path + "/bad"), name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.url.path + "/bad/res"))
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
        // An attribute androidx does not declare is the app's own (a library's): it comes back
        // as written, in its namespace (issue 42), with no warning.
        XCTAssertTrue(xml.contains("app:notAnAttribute=\"x\""), xml)
        // A written summary is not replaced by a summary provider.
        XCTAssertFalse(xml.components(separatedBy: "app:key=\"mode\"")[1].contains("useSimpleSummaryProvider"), xml)
        XCTAssertEqual(result.warnings.map(\.message), [])
    }

    /// A hand-written `enabled = function(ctx) return ctx.store.x end` (x a toggle of the
    /// screen) is `app:dependency`, a toggle's detail choosing by its own value is
    /// `summaryOn`/`summaryOff`; a function of another shape, or reading a toggle of another
    /// screen (androidx finds a dependency in the screen shown only), is still a warning.
    func testHandWrittenDependencyAndToggleSummariesAreRecognised() throws {
        let source = """
            local function wifi_on(ctx) return ctx.store.wifi end
            return screen { id = "main", title = "Main",
              section {
                toggle { text = "Wi-Fi", key = "wifi",
                         detail = function(ctx) return ctx.store.wifi and "Connected" or "Off" end },
                toggle { text = "Sync", key = "sync", detail = function(c)
                           if c.store["sync"] then return 'Syncing' else return nil end
                         end },
                input { text = "Host", key = "host", enabled = function(ctx) return ctx.store.wifi end },
                input { text = "Mask", key = "mask", enabled = wifi_on },
                input { text = "Port", key = "port",
                        enabled = function(ctx)
                          -- only while syncing
                          return ctx.store["sync"]
                        end },
                input { text = "Proxy", key = "proxy", enabled = function(ctx) return ctx.store.wifi and ctx.store.sync end },
                input { text = "User", key = "user", enabled = function(ctx) return not ctx.store.wifi end },
                input { text = "Name", key = "name", enabled = function(ctx) return ctx.store.host end },
                row { text = "More", push = screen { id = "more", title = "More",
                  section { input { text = "Deep", key = "deep", enabled = function(ctx) return ctx.store.wifi end } } } },
                toggle { text = "Both", key = "both", detail = function(ctx) return ctx.store.wifi and "A" or "B" end,
                         enabled = function(ctx) return ctx.store.both end },
                row { text = "Two", visible = function(ctx) return true end, enabled = function(ctx) return ctx.store.wifi end },
              } }
            """
        let result = try export(source, functions: true)
        let xml = file(result, "res/xml/main.xml")
        func element(_ key: String) -> String {
            let parts = xml.components(separatedBy: "app:key=\"\(key)\"")
            return parts.count > 1 ? String(parts[1].prefix { $0 != "<" }) : "(no \(key))"
        }
        XCTAssertTrue(element("wifi").contains("app:summaryOn=\"@string/wifi_summaryon\""), xml)
        XCTAssertTrue(element("wifi").contains("app:summaryOff=\"@string/wifi_summaryoff\""), xml)
        XCTAssertTrue(element("sync").contains("app:summaryOn=\"@string/sync_summaryon\""), xml)
        XCTAssertFalse(element("sync").contains("summaryOff"), xml)
        XCTAssertTrue(element("host").contains("app:dependency=\"wifi\""), xml)
        XCTAssertTrue(element("port").contains("app:dependency=\"sync\""), xml)
        XCTAssertTrue(element("mask").contains("app:dependency=\"wifi\""), xml)
        for key in ["proxy", "user", "name", "deep", "both", "two"] { XCTAssertFalse(element(key).contains("dependency"), key + ": " + xml) }
        XCTAssertFalse(element("both").contains("summaryOn"), xml)
        XCTAssertTrue(file(result, "res/values/strings.xml").contains("<string name=\"wifi_summaryon\">Connected</string>"))
        XCTAssertEqual(result.warnings.map(\.message), [
            "input \"Proxy\": enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows) left out (no equivalent in androidx.preference)",
            "input \"User\": enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows) left out (no equivalent in androidx.preference)",
            "input \"Name\": enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows) left out (no equivalent in androidx.preference)",
            "input \"Deep\": enabled (it reads toggle \"wifi\" of another screen: app:dependency finds a preference of the screen shown only) left out (no equivalent in androidx.preference)",
            "toggle \"Both\": enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows), detail (a function of ctx) left out (no equivalent in androidx.preference)",
            "row \"Two\": visible (a function of ctx), enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows) left out (no equivalent in androidx.preference)",
        ])
        // Without the session's functions nothing is recognised (the old behaviour).
        let plain = try export(source)
        XCTAssertFalse(file(plain, "res/xml/main.xml").contains("dependency"))
        XCTAssertFalse(file(plain, "res/xml/main.xml").contains("summaryOn"))
        // Import of the export gives the dependency and the summaries back.
        let folder = ScriptFolder()
        for exported in result.files { _ = folder.write(exported.path, exported.contents) }
        let imported = try AndroidXImporter.importXML(path: folder.url.path + "/res/xml/main.xml")
        XCTAssertTrue(imported.script.contains("enabled = function(ctx) return ctx.store[\"wifi\"] end"), imported.script)
        XCTAssertTrue(imported.script.contains("if ctx.store[\"wifi\"] then return \"Connected\" else return \"Off\" end"), imported.script)
    }

    /// The shapes are read with the one Lua lexer: a long comment (`--[[ ]]`, `--[==[ ]==]`)
    /// between the tokens is skipped like a line comment; a text with an escape is still not
    /// taken as a summary.
    func testLongCommentsInsideARecognisedFunctionAreSkipped() throws {
        let source = """
            return screen { id = "main", title = "Main",
              section {
                toggle { text = "Sync", key = "sync",
                         detail = function(ctx) return ctx.store.sync and "On\\t" or "Off" end },
                input { text = "Port", key = "port",
                        enabled = function(ctx) --[[ only while
                          syncing ]] return --[==[ ]] ]==] ctx.store["sync"] end },
              } }
            """
        let result = try export(source, functions: true)
        let xml = file(result, "res/xml/main.xml")
        XCTAssertTrue(xml.components(separatedBy: "app:key=\"port\"")[1].prefix { $0 != "<" }.contains("app:dependency=\"sync\""), xml)
        XCTAssertFalse(xml.contains("summaryOn"), xml)
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
