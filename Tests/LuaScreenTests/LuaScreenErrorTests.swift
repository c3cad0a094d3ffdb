import XCTest
import LuaScreen
import LuaScreenTestSupport

/// `LuaScreenError`: every error the library throws as one type, with its cause kept whole
/// and its place read from the cause's fields, never from its message.
final class LuaScreenErrorTests: XCTestCase {
    func testALoadErrorKeepsItsDiagnosticsAndTheFirstErrorsPlace() throws {
        let folder = ScriptFolder()
        let path = folder.write("bad.lua", "return screen { title = \"T\",\n  section { row { txt = \"A\" } } }")
        XCTAssertThrowsError(try Session.open(path: path, options: SessionOptions(store: MemoryStore()))) { thrown in
            let error = LuaScreenError(thrown)
            guard case .load(let load) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(error.location, SourceLocation(file: path, line: 2))
            XCTAssertEqual(error.description, load.description)
            XCTAssertEqual("\(error.cause)", "\(thrown)")
        }
    }

    func testASessionErrorFromARaisingCallbackIsPlacedAtTheLineLuaNamed() throws {
        let folder = ScriptFolder()
        let path = folder.write("cb.lua", """
            return screen { title = "T",
              section { row { id = "go", text = "Go", on_select = function(ctx) error("no network") end } } }
            """)
        let session = try Session.open(path: path, options: SessionOptions(store: MemoryStore(), print: { _ in }))
        defer { session.close() }
        XCTAssertThrowsError(try session.select("go")) { thrown in
            let error = LuaScreenError(thrown)
            guard case .session(let session) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(error.location, SourceLocation(file: path, line: 2))
            XCTAssertEqual(error.description, session.description)
        }
        XCTAssertThrowsError(try session.select("nothing")) { thrown in
            XCTAssertNil(LuaScreenError(thrown).location)
        }
    }

    func testEveryErrorTypeHasItsCaseAndAnErrorOfItsOwnIsKeptAsItIs() {
        let json = JSONParseError(line: 3, column: 5, message: "expected ',' or '}'")
        let store = StoreError.damaged(path: "v.json", reason: "not valid JSON: \(json)", json: json)
        guard case .store = LuaScreenError(store) else { return XCTFail() }
        XCTAssertEqual(LuaScreenError(store).location, SourceLocation(file: "v.json", line: 3))
        guard case .json = LuaScreenError(json) else { return XCTFail() }
        guard case .lua = LuaScreenError(LuaError(kind: .runtime, message: "a.lua:4: boom")) else { return XCTFail() }
        XCTAssertEqual(LuaScreenError(LuaError(kind: .runtime, message: "a.lua:4: boom")).location, SourceLocation(file: "a.lua", line: 4))
        guard case .importing = LuaScreenError(ImportError(description: "p: error: bad")) else { return XCTFail() }
        struct Other: Error {}
        guard case .other = LuaScreenError(Other()) else { return XCTFail() }
        guard case .json = LuaScreenError(LuaScreenError(json)) else { return XCTFail() }
    }

    func testAStoreFileThatIsNotJSONIsPlacedWhereItStops() {
        let json = JSONParseError(line: 3, column: 5, message: "expected ',' or '}'")
        let store = StoreError.damaged(path: "v.json", reason: "not valid JSON: \(json)", json: json)
        XCTAssertEqual(store.placedAtJSON?.place, "v.json:3:5")
        XCTAssertEqual(store.placedAtJSON?.text, "the store file is damaged: not valid JSON: expected ',' or '}'; fix or remove it; luascreen never overwrites it")
        XCTAssertNil(StoreError.damaged(path: "v.json", reason: "it holds an array, not a JSON object").placedAtJSON)
    }
}
