import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import ScreenRender

/// `ios = { ... }` and `android = { ... }` on rows, sections and screens (SPEC §15): plain
/// data, validated with file:line:path diagnostics, kept in the model, shown by `dump`,
/// merged into the Settings.bundle specifiers by export.
final class PlatformKeysTests: XCTestCase {
    private let script = """
        return screen { title = "Settings", ios = { StringsTable = "Main" },
          section { header = "A", ios = { Key = "group_a" }, android = { ["app:iconSpaceReserved"] = false },
            toggle { key = "wifi", text = "Wi-Fi", ios = { IASKSubtitle = "Networks", Key = "wifi_ios", Nested = { 1, 2.5, "x", { a = true } } } },
            row { text = "Version", detail = "1.0", android = { ["app:selectable"] = false } } },
          section { ios = { FooterText = "Plain" }, row { text = "Two" } } }
        """

    func testTheTablesAreReadIntoTheModelSortedByKey() throws {
        let session = try openSession(script)
        defer { session.close() }
        let screen = session.app.screens[0]
        XCTAssertEqual(screen.platform.ios, [PlatformEntry(key: "StringsTable", value: .string("Main"))])
        guard case .value(let sections) = screen.sections else { return XCTFail("no sections") }
        XCTAssertEqual(sections[0].platform.android, [PlatformEntry(key: "app:iconSpaceReserved", value: .bool(false))])
        XCTAssertEqual(sections[0].rows[0].platform.ios.map(\.key), ["IASKSubtitle", "Key", "Nested"])
        XCTAssertEqual(sections[0].rows[0].platform.ios("Nested"),
                       .list([.integer(1), .number(2.5), .string("x"), .table([PlatformEntry(key: "a", value: .bool(true))])]))
        XCTAssertEqual(sections[0].rows[1].platform.android("app:selectable"), .bool(false))
        // Shown nowhere: the rendered screen is the one without them.
        XCTAssertFalse(TextRenderer(options: RenderOptions(width: 60, ascii: false, color: false)).renderText(session.currentScreen()).contains("Networks"))
    }

    func testDumpShowsThemOnTheirRowSectionAndScreen() throws {
        let session = try openSession(script)
        defer { session.close() }
        let dump = session.dump().serialized(pretty: false)
        XCTAssertTrue(dump.contains(#""value":false,"ios":{"IASKSubtitle":"Networks","Key":"wifi_ios","Nested":[1,2.5,"x",{"a":true}]}"#), dump)
        XCTAssertTrue(dump.contains(#""value":null,"android":{"app:selectable":false}"#), dump)
        XCTAssertTrue(dump.contains(#"],"ios":{"Key":"group_a"},"android":{"app:iconSpaceReserved":false}}"#), dump)
        XCTAssertTrue(dump.hasSuffix(#"],"ios":{"StringsTable":"Main"}}]}"#), dump)
    }

    func testSettingsBundleExportMergesIosIntoEachSpecifier() throws {
        let session = try openSession(script)
        defer { session.close() }
        let result = Exporter.export(session.app, format: .settingsBundle)
        let root = try PlistReader.read(Array(result.files[0].contents.utf8))
        XCTAssertEqual(root["StringsTable"], .string("Main"))
        let specifiers = root["PreferenceSpecifiers"]?.array ?? []
        XCTAssertEqual(specifiers[0]["Key"], .string("group_a"))
        let toggle = specifiers[1]
        XCTAssertEqual(toggle["IASKSubtitle"], .string("Networks"))
        // A key the specifier has takes the ios value, in its place.
        XCTAssertEqual(toggle["Key"], .string("wifi_ios"))
        guard case .dictionary(let members) = toggle else { return XCTFail("not a dictionary") }
        XCTAssertEqual(members.filter { $0.key == "Key" }.count, 1)
        XCTAssertEqual(toggle["Nested"], .array([.integer(1), .real(2.5), .string("x"), .dictionary([("a", .bool(true))])]))
        // android is not written into a Settings.bundle.
        XCTAssertFalse(result.files[0].contents.contains("app:selectable"))
        // The second section has no header, but its ios keys make its group.
        XCTAssertEqual(specifiers[3]["Type"], .string("PSGroupSpecifier"))
        XCTAssertEqual(specifiers[3]["FooterText"], .string("Plain"))
    }

    func testAnythingButPlainDataIsAnErrorNamingItsPlace() {
        func firstError(_ fields: String, prelude: String = "") -> Diagnostic? {
            diagnostics("\(prelude)\nreturn screen { title = 'S', section {\n toggle { key = 'k', text = 'K', \(fields) } } }")
                .first { $0.severity == .error }
        }
        let function = firstError("ios = { f = function() end }")
        XCTAssertEqual(function?.line, 3)
        XCTAssertEqual(function?.path, "sections[1].rows[1].ios.f")
        XCTAssertEqual(function?.message.hasPrefix("expected a plain value (a string, a number, a boolean or a table of them), got a function"), true)
        let cycle = firstError("ios = c", prelude: "local c = {} c.me = { c }")
        XCTAssertEqual(cycle?.path, "sections[1].rows[1].ios.me[1]")
        XCTAssertEqual(cycle?.message, "this table contains itself (a cycle of tables); ios holds plain data")
        let deep = firstError("android = d", prelude: "local d = {} local t = d for i = 1, 40 do t.x = {} t = t.x end")
        XCTAssertEqual(deep?.message, "android nests tables more than 16 deep")
        let big = firstError("ios = { v = b }", prelude: "local b = {} for i = 1, 20000 do b[i] = i end")
        XCTAssertEqual(big?.message, "ios holds more than 10000 values; platform keys are a few settings, not data")
        XCTAssertEqual(firstError("ios = 'x'")?.message, "expected a table of plain values (ios = { KEY = value, ... }), got string (\"x\")")
        XCTAssertEqual(firstError("ios = { 1, 2 }")?.path, "sections[1].rows[1].ios")
        XCTAssertEqual(firstError("ios = { a = { 1, x = 2 } }")?.message, "a table with both named keys and list items; use one or the other")
        XCTAssertEqual(firstError("ios = { a = { [1] = 1, [3] = 3 } }")?.message, "a list with holes; ios lists hold their items at 1, 2, 3, ...")
        XCTAssertEqual(firstError("ios = { a = 1/0 }")?.message, "expected a finite number, got inf")
        XCTAssertEqual(firstError("ios = { [true] = 1 }")?.message, "unexpected key boolean; ios tables have string keys or are lists")
        XCTAssertEqual(firstError("ios = { a = setmetatable({}, { __index = function() error('ran') end }) }"), nil)
        XCTAssertNil(firstError("ios = {}, android = { ['app:x'] = { y = { 'z' } } }"))
    }

    func testSectionsAndScreensCheckTheirTablesToo() {
        let found = diagnostics("return screen { title = 'S', android = { x = print },\n section { ios = { y = coroutine.create(print) }, row { text = 'R' } } }")
            .filter { $0.severity == .error }
        XCTAssertEqual(found.map(\.path), ["android.x", "sections[1].ios.y"])
    }
}
