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
        let chunk = try lua.compile("""
            local t = {}
            local a, n, same, list, nx = host("x", t, 2.5)
            local ok, message = pcall(host, 1)
            return a, n, same == t, list[1], nx == next, ok, message:find("host expects a name, got a number", 1, true) ~= nil
            """, chunkName: "=test")
        var results: [String] = []
        _ = try lua.run(chunk, results: -1) { all in
            all.forEach { v in
                switch v.type {
                case .string: results.append(v.string ?? "?")
                case .number: results.append(v.isInteger ? String(v.integer ?? 0) : String(v.number ?? 0))
                case .boolean: results.append(v.truth ? "true" : "false")
                default: results.append(v.type.name)
                }
            }
        }
        XCTAssertEqual(results, ["x!", "3", "true", "2.5", "true", "false", "true"])
        XCTAssertNil(try lua.run(chunk) { _ in 1 }, "a chunk runs once")
    }

    /// Calls into Lua: a function kept by a reference, its arguments pushed through a writer
    /// (values, a table, a handle with a metatable), its results lent as views; nil for a
    /// reference that keeps no function; a raised error thrown; the references all released.
    func testCallsIntoLua() throws {
        let lua = try sandboxed()
        defer { lua.close() }
        let greet = lua.newTableRef(recordCount: 1) { $0.set("__index", hostCall: { call in
            call.push("hello " + (call.string(2) ?? "?"))
            return .results(1)
        }) }
        let made = try lua.run(try lua.compile("return function(a, t, h, n) return a .. t[1] .. h.x, n == nil, select('#', a, t, h, n) end", chunkName: "=f"), results: 1) { $0[1].ref() }
        let f = try XCTUnwrap(made)
        var seen: UnsafeRawPointer?
        let answer = try lua.call(f, results: 3, arguments: { args in
            args.push("a")
            args.pushNewTable(arrayCount: 1) { $0.set(at: 1, "b") }
            seen = args.pushHandle(userValues: 0, metatable: greet)
            args.pushNil()
        }) { r -> [String] in
            [r[1].string ?? "-", r[2].truth ? "nil" : "value", String(r[3].integer ?? 0), String(r.count)]
        }
        XCTAssertEqual(answer, ["abhello x", "nil", "4", "3"])
        XCTAssertNotNil(seen)
        let notAFunction = lua.newTableRef { _ in }
        XCTAssertNil(try lua.call(notAFunction) { _ in 1 })
        let raising = try XCTUnwrap(try lua.run(try lua.compile("return function() error('no') end", chunkName: "=r"), results: 1) { $0[1].ref() })
        XCTAssertThrowsError(try lua.call(raising) { _ in 1 }) { error in
            XCTAssertEqual((error as? LuaError)?.message, "r:1: no")
        }
        XCTAssertEqual(lua.referenceCount, 4)
    }

    /// A host function builds a scratch table from an argument's pairs and reads it back as a
    /// view; a handle built by newHandleRef answers through its metatable; an argument set as
    /// a global for a call is cleared after.
    func testScratchTablesHandlesAndGlobals() throws {
        let lua = try sandboxed()
        defer { lua.close() }
        lua.setGlobalHostCall("merged") { call in
            let text = call.withNewTable(recordCount: 4, fill: { t in
                t.set("base", "b")
                call.argument(1) { fields in
                    _ = fields.table { $0.forEachPair { key, value in t.set(key, value) } }
                }
            }) { t in [t.string("base") ?? "-", t.string("extra") ?? "-", String(t.integer("n") ?? 0)].joined(separator: ",") }
            call.push(text)
            return .results(1)
        }
        let store = lua.newHandleRef { meta in
            meta.set("__index", hostCall: { call in
                call.push("field " + (call.string(2) ?? "?"))
                return .results(1)
            })
            meta.set("__metatable", "hidden")
        }
        let source = "local h = ... ; return merged({ extra = 'e', n = 3 }), h.k, getmetatable(h), global_h == h"
        let answer = try lua.run(try lua.compile(source, chunkName: "=g"), results: 4, arguments: { args in
            args.push(store)
            args.setGlobalToLast("global_h")
        }) { r in [r[1].string ?? "-", r[2].string ?? "-", r[3].string ?? "-", r[4].truth ? "same" : "other"] }
        XCTAssertEqual(answer, ["b,e,3", "field k", "hidden", "same"])
        lua.clearGlobal("global_h")
        let cleared = try lua.run(try lua.compile("return global_h == nil", chunkName: "=c"), results: 1) { $0[1].truth }
        XCTAssertEqual(cleared, true)
    }
}
