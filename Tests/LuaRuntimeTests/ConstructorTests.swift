import XCTest
@testable import LuaRuntime

/// Constructors are the host's: the runtime installs the names it is given, each stamping
/// its kind on the table and recording where it was called.
final class ConstructorTests: XCTestCase {
    func testTheSandboxHasNoConstructorsOfItsOwn() throws {
        let lua = try sandboxed()
        XCTAssertNoThrow(try lua.load("return screen, row, toggle", chunkName: "@a.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 3))
        XCTAssertEqual((1...3).map { lua.stack.type(at: Int32($0)) }, [.nil_, .nil_, .nil_])
    }

    func testAnInstalledConstructorStampsItsKindAndRecordsTheLine() throws {
        let lua = try sandboxed()
        lua.installConstructors([(name: "gadget", kind: "widget")])
        XCTAssertFalse(lua.constructorsRecordedPlaces)
        let source = "local a = {}\nlocal b = gadget { }\nlocal c = gadget { type = 'own' }\nreturn a, b, c"
        XCTAssertNoThrow(try lua.load(source, chunkName: "@g.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 3))
        XCTAssertTrue(lua.constructorsRecordedPlaces)
        XCTAssertEqual(lua.constructorPlace(of: 1).line, 0, "a plain table has no recorded line")
        XCTAssertEqual(lua.stack.rawGet(2, "type"), .string)
        XCTAssertEqual(lua.stack.string(at: -1), "widget")
        lua.stack.pop()
        let place = lua.constructorPlace(of: 2)
        XCTAssertEqual(place.line, 2)
        XCTAssertEqual(place.source.map { String(cString: $0) }, "@g.lua")
        XCTAssertEqual(lua.stack.rawGet(3, "type"), .string)
        XCTAssertEqual(lua.stack.string(at: -1), "own", "a type the script gave is kept")
    }

    func testAConstructorCalledInAFunctionRecordsItsCallers() throws {
        let lua = try sandboxed()
        lua.installConstructors([(name: "item", kind: "item")])
        let source = "local function make()\n  local made = item { }\n  return made\nend\nlocal r = make()\nreturn r"
        XCTAssertNoThrow(try lua.load(source, chunkName: "@h.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 1))
        XCTAssertEqual(lua.constructorPlace(of: -1).line, 2)
        let callers = lua.constructorCallers(of: -1)
        XCTAssertEqual(callers.map(\.file), ["h.lua"], "the call of make, after the constructor's own line")
        XCTAssertEqual(callers.map(\.line), [5])
    }

    func testAConstructorRefusesAnythingButATable() throws {
        let lua = try sandboxed()
        lua.installConstructors([(name: "gadget", kind: "widget")])
        XCTAssertNoThrow(try lua.load("return gadget 'x'", chunkName: "@e.lua"))
        let error = try XCTUnwrap(luaError { try lua.call() })
        XCTAssertEqual(error.message, "e.lua:1: gadget expects a table: write gadget { ... }")
    }
}
