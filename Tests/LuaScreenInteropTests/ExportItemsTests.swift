import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// What an export writes for the cases issue 38 names: sections left empty, pane titles, a
/// summary written in `android`/`ios`, multiline inputs, dependencies made by a helper, and
/// numbers typed in a text field.
final class ExportItemsTests: XCTestCase {
    private func export(_ source: String, _ format: ExportFormat, readers: BundleReaders = .settingsApp) throws -> ExportResult {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", source), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        return Exporter.export(session.app, format: format, functions: ExportFunctions(session: session), readers: readers)
    }

    private func plist(_ result: ExportResult, _ path: String = "Root.plist") throws -> PlistValue {
        let file = try XCTUnwrap(result.files.first { $0.path == path }, "no \(path)")
        return try PlistReader.read(Array(file.contents.utf8))
    }

    private func specifiers(_ result: ExportResult, _ path: String = "Root.plist") throws -> [PlistValue] {
        try plist(result, path)["PreferenceSpecifiers"]?.array ?? []
    }

    private func xml(_ result: ExportResult, _ path: String = "res/xml/main.xml") -> String {
        result.files.first { $0.path == path }?.contents ?? "(no \(path))"
    }

    func testASectionWhoseRowsWereAllLeftOutIsNoEmptyGroup() throws {
        let source = """
            return screen { id = "main", title = "Main",
              section { header = "General", toggle { text = "Sync", key = "sync" } },
              section { header = "About", footer = "Thanks", button { text = "Sign Out", on_select = function(ctx) end } },
              section { header = "When", date { text = "Day", key = "day" } },
              section { footer = "A footer of its own" } }
            """
        let bundle = try export(source, .settingsBundle)
        let groups = try specifiers(bundle).filter { $0["Type"]?.string == "PSGroupSpecifier" }
        XCTAssertEqual(groups.map { $0["Title"]?.string ?? $0["FooterText"]?.string }, ["General", "A footer of its own"])
        let messages = bundle.warnings.map(\.message)
        XCTAssertTrue(messages.contains("section \"About\" left out: each of its rows was left out (its footer with it)"), "\(messages)")
        XCTAssertTrue(messages.contains("section \"When\" left out: each of its rows was left out"), "\(messages)")
        // androidx has the button (a Preference) but no date: only "When" goes.
        let android = try export(source, .androidx)
        XCTAssertTrue(xml(android).contains("android:title=\"@string/about_title\""), xml(android))
        XCTAssertFalse(xml(android).contains("when_title"), xml(android))
        XCTAssertTrue(android.warnings.map(\.message).contains("section \"When\" left out: each of its rows was left out"))
    }

    func testAPaneHasARootTitleUnlessItIsWhatIOSShowsAnyway() throws {
        let titled = try export("""
            return screen { id = "main", title = "Preferences",
              section { row { text = "Account", push = screen { id = "account", title = "Account", section { row { text = "A" } } } },
                        row { text = "More", push = screen { id = "more", title = "More Things", section { row { text = "B" } } } } } }
            """, .settingsBundle)
        XCTAssertEqual(try plist(titled)["Title"], .string("Preferences"))
        // A child pane titled as the row that opens it: Settings titles it so.
        XCTAssertNil(try plist(titled, "account.plist")["Title"])
        XCTAssertEqual(try plist(titled, "more.plist")["Title"], .string("More Things"))
        let plain = try export("return screen { title = \"Settings\", section { row { text = \"A\" } } }", .settingsBundle)
        XCTAssertNil(try plist(plain)["Title"])
    }

    func testNoDetailWarningWhenTheSummaryIsWritten() throws {
        let source = """
            return screen { id = "main", title = "Main",
              section {
                toggle { text = "Sync", key = "sync", detail = function(ctx) return ctx.store.sync and "Every hour" or "Never" end,
                         android = { ["app:summary"] = "Keeps your data in step" }, ios = { IASKSubtitle = "Keeps your data in step" } },
                row { text = "Space", detail = function(ctx) return "12 GB" end,
                      android = { summary = "Free space" }, ios = { DefaultValue = "Free space" } },
                toggle { text = "Plain", key = "plain", detail = function(ctx) return "x" end } } }
            """
        for format in [ExportFormat.settingsBundle, .androidx] {
            let result = try export(source, format)
            let detailWarnings = result.warnings.filter { $0.message.contains("detail") }.map(\.message)
            XCTAssertEqual(detailWarnings, ["toggle \"Plain\": detail (a function of ctx) left out (no equivalent in \(format == .androidx ? "androidx.preference" : "a Settings.bundle"))"],
                           "\(format)")
        }
        let android = xml(try export(source, .androidx))
        XCTAssertTrue(android.contains("app:key=\"space\""), android)
        let space = try specifiers(try export(source, .settingsBundle)).first { $0["Key"]?.string == "space" }
        XCTAssertEqual(space?["DefaultValue"], .string("Free space"))
    }

    func testAMultilineInputIsInAppSettingsKitsTextView() throws {
        let source = """
            return screen { id = "main", title = "Main",
              section { input { text = "Bio", key = "bio", multiline = true, autocapitalize = "sentences" },
                        input { text = "Note", key = "note", multiline = true, ios = { Type = "PSTextFieldSpecifier" } } } }
            """
        let bundle = try export(source, .settingsBundle)
        let rows = try specifiers(bundle)
        XCTAssertEqual(rows.map { $0["Type"]?.string }, ["IASKTextViewSpecifier", "PSTextFieldSpecifier"])
        XCTAssertEqual(rows[0]["AutocapitalizationType"], .string("Sentences"))
        XCTAssertNil(rows[0]["IsSecure"])
        // The Settings app does not show it: one warning, for the row that did not choose.
        let warnings = bundle.warnings.map(\.message).filter { $0.contains("IASKTextViewSpecifier") }
        XCTAssertEqual(warnings.count, 1, "\(bundle.warnings)")
        XCTAssertTrue(warnings[0].hasPrefix("input \"Bio\": written as InAppSettingsKit's IASKTextViewSpecifier"), warnings[0])
        // An InAppSettings.bundle is read by InAppSettingsKit alone: no warning.
        XCTAssertEqual(BundleReaders.reading(folder: "app/InAppSettings.bundle"), .inAppSettingsKit)
        XCTAssertEqual(BundleReaders.reading(folder: "app/Settings.bundle/"), .settingsApp)
        let inApp = try export(source, .settingsBundle, readers: .inAppSettingsKit)
        XCTAssertTrue(inApp.warnings.isEmpty, "\(inApp.warnings)")
        XCTAssertEqual(try specifiers(inApp), rows)
    }

    func testADependencyMadeByAHelperIsKept() throws {
        let result = try export("""
            local function on(k) return function(ctx) return ctx.store[k] end end
            local function also(key)
              return function(ctx) return ctx.store[key] end
            end
            return screen { id = "main", title = "Main",
              section { toggle { text = "Wi-Fi", key = "wifi" }, toggle { text = "Cell", key = "cell" },
                        input { text = "Network", key = "network", enabled = on("wifi") },
                        input { text = "Carrier", key = "carrier", enabled = also("cell") },
                        input { text = "Other", key = "other", enabled = function(ctx) return ctx.store.wifi or ctx.store.cell end } } }
            """, .androidx)
        let text = xml(result)
        for (key, dependency) in [("network", "wifi"), ("carrier", "cell")] {
            let element = text.components(separatedBy: "app:key=\"\(key)\"").dropFirst().first?.components(separatedBy: "/>").first ?? ""
            XCTAssertTrue(element.contains("app:dependency=\"\(dependency)\""), "\(key): \(element)")
        }
        XCTAssertEqual(result.warnings.map(\.message), [
            "input \"Other\": enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows) left out (no equivalent in androidx.preference)",
        ])
    }

    func testFieldIsANumberRowsFieldReadByTheLoaderAndShownByDump() throws {
        let folder = ScriptFolder()
        let session = try Session.open(path: folder.write("s.lua", """
            return screen { title = "S", section { number { text = "Port", key = "port", min = 1, max = 65535, default = 8080, field = true } } }
            """), options: SessionOptions(print: { _ in }))
        defer { session.close() }
        XCTAssertEqual(session.binding(forKey: "port")?.field, true)
        let dump = session.dump().serialized(pretty: false)
        XCTAssertTrue(dump.contains(#""hints":{"field":true}"#), dump)
        // A number typed in a field is still a number: set and its bounds as before.
        XCTAssertThrowsError(try session.set("Port", text: "70000"))
        XCTAssertNoThrow(try session.set("Port", text: "8443"))
        let wrongType = diagnostics("return screen { title = 'S',\n section {\n  number { text = 'P', key = 'p', field = 'yes' } } }")
        XCTAssertTrue(wrongType.contains { $0.severity == .error && $0.line == 3 && $0.path.hasSuffix("rows[1].field") }, "\(wrongType)")
        let onInput = diagnostics("return screen { title = 'S',\n section {\n  input { text = 'P', key = 'p', field = true } } }")
        XCTAssertTrue(onInput.contains { $0.severity == .error && $0.line == 3 }, "\(onInput)")
    }

    func testANumberMayBeTypedInATextField() throws {
        let source = """
            return screen { id = "main", title = "Main",
              section { number { text = "Port", key = "port", min = 1, max = 65535, default = 8080, field = true },
                        number { text = "Retries", key = "retries", min = 0, max = 9, default = 3, ios = { Type = "PSTextFieldSpecifier" } },
                        number { text = "Volume", key = "volume", min = 0, max = 10, default = 5 } } }
            """
        let bundle = try export(source, .settingsBundle)
        let rows = try specifiers(bundle)
        XCTAssertEqual(rows.map { $0["Type"]?.string }, ["PSTextFieldSpecifier", "PSTextFieldSpecifier", "PSSliderSpecifier"])
        for row in rows.prefix(2) {
            XCTAssertNil(row["MinimumValue"])
            XCTAssertNil(row["MaximumValue"])
            XCTAssertEqual(row["KeyboardType"], .string("NumberPad"))
        }
        XCTAssertEqual(rows[0]["DefaultValue"], .string("8080"))
        XCTAssertEqual(rows[2]["MaximumValue"], .integer(10))
        XCTAssertEqual(bundle.warnings.map(\.message), [
            "number \"Port\": min, max (a text field has no bounds) left out (no equivalent in a Settings.bundle)",
            "number \"Retries\": min, max (a text field has no bounds) left out (no equivalent in a Settings.bundle)",
        ])
        let android = try export(source, .androidx)
        let text = xml(android)
        XCTAssertTrue(text.contains("<EditTextPreference\n        app:key=\"port\""), text)
        XCTAssertTrue(text.contains("<SeekBarPreference\n        app:key=\"retries\""), text)
        XCTAssertTrue(android.warnings.map(\.message).contains(
            "number \"Port\": min, max (a text field has no bounds), the number keyboard (set the EditText's input type in code) left out (no equivalent in androidx.preference)"),
            "\(android.warnings)")
    }
}
