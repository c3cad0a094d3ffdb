import XCTest
import Foundation
import LuaScreen
import LuaScreenPreview

/// The preview's operations are the verb table's, and its `go` follows a path by the rules of
/// selecting rows.
final class PreviewVerbTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("luascreen-verbs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func open(_ script: String) throws -> Session {
        let path = folder + "/app.lua"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return try Session.open(path: path, options: SessionOptions(print: { _ in }))
    }

    private func run(_ session: Session, _ members: [(String, JSONValue)]) throws -> JSONValue {
        try PreviewOperation(json: .object(members.map { (key: $0.0, value: $0.1) })).run(on: session)
    }

    private func go(_ session: Session, _ path: [String]) throws {
        _ = try run(session, [("op", .string(Verb.go.name)), ("path", .array(path.map { .string($0) }))])
    }

    func testTheOpsAreExactlyTheTablesPreviewVerbs() throws {
        guard case .object(let members) = PreviewOperation.names else { return XCTFail("the names are an object") }
        let preview = VerbTable.verbs(in: .preview)
        XCTAssertEqual(members.map(\.key), preview.map { String(describing: $0) })
        XCTAssertEqual(members.map(\.value), preview.map { .string($0.name) })
        let session = try open(#"return screen { id = "m", title = "M", section { row { id = "r", text = "R" } } }"#)
        defer { session.close() }
        // Every verb the table does not offer the page is an unknown op; the others are known.
        for verb in Verb.allCases {
            do {
                _ = try run(session, [("op", .string(verb.name))])
                XCTAssertTrue(preview.contains(verb), verb.name)
            } catch let refusal as PreviewRefusal {
                XCTAssertEqual(refusal.description.hasPrefix("unknown op"), !preview.contains(verb), "\(verb.name): \(refusal)")
            } catch {
                XCTAssertTrue(preview.contains(verb), "\(verb.name): \(error)")
            }
        }
    }

    let paths = """
        return app { root = "main", screens = {
          screen { id = "main", title = "Main", section {
            toggle { key = "on", text = "On", default = false },
            row { id = "closed", text = "Closed", push = "closed", enabled = function(ctx) return ctx.store.on end },
            row { id = "hid", text = "Hid", push = "hidden", visible = false },
            row { id = "no", text = "No", push = "refused", on_select = function(ctx) ctx:refuse("not now") end },
            row { id = "open", text = "Open", push = "open", on_select = function(ctx) ctx:alert("opened") end },
          } },
          screen { id = "closed", title = "Closed", section { row { id = "a", text = "A" } } },
          screen { id = "hidden", title = "Hidden", section { row { id = "b", text = "B" } } },
          screen { id = "refused", title = "Refused", section { row { id = "c", text = "C" } } },
          screen { id = "open", title = "Open", section { row { id = "deeper", text = "Deeper", push = "closed" } } },
        } }
        """

    func testGoThroughADisabledHiddenOrRefusingRowIsRefused() throws {
        let session = try open(paths)
        defer { session.close() }
        for path in [["main", "closed"], ["main", "hidden"], ["main", "refused"], ["open", "closed"]] {
            XCTAssertThrowsError(try go(session, path), path.joined(separator: "/")) { error in
                XCTAssertTrue(error is SessionError, "\(error)")
            }
            XCTAssertEqual(session.path, ["main"], "a refused go changes nothing")
        }
        XCTAssertEqual(session.messages, [])
    }

    func testGoSelectsEachRowAsAPersonWouldAndHomeReachesTheRoot() throws {
        let session = try open(paths)
        defer { session.close() }
        try go(session, ["main", "open", "closed"])
        XCTAssertEqual(session.path, ["main", "open", "closed"])
        XCTAssertEqual(session.messages, ["opened"], "the row's on_select ran")
        _ = try run(session, [("op", .string(Verb.home.name))])
        XCTAssertEqual(session.path, ["main"])
        // Enabled now, the row opens its screen.
        try session.select("On")
        try go(session, ["main", "closed"])
        XCTAssertEqual(session.path, ["main", "closed"])
    }
}
