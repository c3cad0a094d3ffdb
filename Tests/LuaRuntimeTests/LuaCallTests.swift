import LuaRuntime
import XCTest

/// `LuaCall`: a host function reads its arguments by position as views and pushes its results
/// through the call, never through a stack index.
final class LuaCallTests: XCTestCase {
    func testArgumentsResultsAndErrors() throws {
        let lua = try sandboxed()
        defer { lua.close() }
        lua.setGlobalHostCall("host") { call in
            guard call.type(1) == .string, let name = call.string(1) else {
                return .error("host expects a name, got a \(call.type(1).name)")
            }
            let third = call.argument(3) { $0.number } ?? -1
            call.push(name + "!")
            call.push(call.count)
            call.pushArgument(2)
            call.pushNewTable(arrayCount: 1) { $0.set(at: 1, third) }
            guard call.pushGlobal("next") == .function else { return .error("no next") }
            return .results(5)
        }
        try lua.load("""
            local t = {}
            local a, n, same, list, nx = host("x", t, 2.5)
            local ok, message = pcall(host, 1)
            return a, n, same == t, list[1], nx == next, ok, message:find("host expects a name, got a number", 1, true) ~= nil
            """, chunkName: "=test")
        var results: [String] = []
        try lua.call(nargs: 0) { v in
            switch v.type {
            case .string: results.append(v.string ?? "?")
            case .number: results.append(v.isInteger ? String(v.integer ?? 0) : String(v.number ?? 0))
            case .boolean: results.append(v.truth ? "true" : "false")
            default: results.append(v.type.name)
            }
        }
        XCTAssertEqual(results, ["x!", "3", "true", "2.5", "true", "false", "true"])
    }
}
