import Foundation
import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaRuntime
import ScreenModel
import LuaScreenCore

/// SPEC §7 through the library: the one sanitizer on print, the host's objects as handles,
/// the 200-character cap of diagnostics, the path resolver, the edit distance's band.
final class HostSafetyTests: XCTestCase {
    func testPrintReachesTheSinkSanitized() throws {
        var printed: [String] = []
        let session = try openSession("""
            print("\\27]0;title\\7", "\\u{202E}x")
            return screen { title = "P", section { row { text = "a" } } }
            """, printed: { printed.append($0) })
        defer { session.close() }
        XCTAssertEqual(printed, ["\\x1b]0;title\\x07\t\\u{202E}x"])
    }

    func testRawTricksOnTheStoreChangeNothing() throws {
        let session = try openSession("""
            return screen { title = "Raw", section {
              toggle { text = "Wifi", key = "wifi", default = false },
              row { id = "probe", text = function(ctx)
                local planted = pcall(rawset, ctx.store, "wifi", "HACKED")
                local meta = pcall(setmetatable, ctx.store, {})
                return tostring(planted) .. " " .. tostring(meta) .. " " .. tostring(ctx.store.wifi) .. " " .. type(ctx.store)
              end },
              button { text = "Row", on_select = function(ctx)
                assert(not pcall(rawset, ctx.row, "key", "other"))
                assert(not pcall(function() ctx.row.key = "other" end))
                assert(not pcall(rawset, ctx, "store", {}))
                ctx.store.wifi = true
              end },
            } }
            """)
        defer { session.close() }
        let probe = { session.currentScreen().sections[0].rows.first { $0.id == "probe" }?.text }
        XCTAssertEqual(probe(), "false false false userdata")
        try session.select("Row")
        XCTAssertEqual(probe(), "false false true userdata")
    }

    func testDiagnosticsQuoteAtMost200Characters() {
        let name = String(repeating: "é", count: 100_000)
        let d = Diagnostic(file: "f.lua", line: 1, path: "sections[1].rows[2].\(name)", message: "unknown field \"\(name)\" (did you mean \"text\"?)")
        XCTAssertEqual(d.path, "sections[1].rows[2]." + String(repeating: "é", count: 200) + "…")
        XCTAssertEqual(d.message, "unknown field \"" + String(repeating: "é", count: 200) + "…\" (did you mean \"text\"?)")
        XCTAssertEqual(Diagnostic.quote(String(repeating: "a", count: 300) + "END", keepEnd: true),
                       String(repeating: "a", count: 100) + "…" + String(repeating: "a", count: 97) + "END")
        XCTAssertEqual(Diagnostic.quote("short"), "short")
    }

    func testBandedDistanceMatchesTheWholeTable() {
        func full(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            for i in 1...a.count {
                for j in 1...b.count {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            return d[a.count][b.count]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt8.random(in: 97...99, using: &generator) }
            let exact = full(a, b)
            for limit in 1...3 {
                XCTAssertEqual(Suggest.distance(a, b, limit: limit), exact <= limit ? exact : nil, "\(a) \(b) limit \(limit)")
            }
        }
        XCTAssertEqual(Suggest.distance("kitten", "sitting"), 3)
        // A suggestion search over huge names stays quick: they are never compared.
        let huge = String(repeating: "x", count: 1 << 20)
        XCTAssertNil(Suggest.closest(to: huge, in: [huge + "y", "text"]))
        XCTAssertEqual(Suggest.closest(to: "txet", in: ["text", "detail"]), "text")
    }

    func testThePathResolverKeepsInsideItsRoot() throws {
        let folder = ScriptFolder()
        folder.write("root/app.lua", "return 1")
        folder.write("secret/app.lua", "return 2")
        let root = folder.url.appendingPathComponent("root").path
        try FileManager.default.createSymbolicLink(atPath: root + "/out.lua", withDestinationPath: "../secret/app.lua")
        let resolver = try XCTUnwrap(PathResolver(root: root))
        XCTAssertEqual(try resolver.read("app.lua", from: root).get().bytes, Array("return 1".utf8))
        for name in ["/etc/passwd", "../secret/app.lua", "out.lua", "x/../../secret/app.lua"] {
            XCTAssertThrowsError(try resolver.read(name, from: root).get(), name)
        }
        XCTAssertEqual(try PathResolver.unbound.read("../secret/app.lua", from: root).get().bytes, Array("return 2".utf8))
        XCTAssertEqual(PathResolver.readRegularFile("/dev/zero").map { _ in "" }, .failure(PathError("not a regular file")))
    }
}
