import XCTest
import LuaRuntime

func sandboxed(_ limits: LuaLimits = LuaLimits(), print: @escaping (String) -> Void = { _ in }) throws -> LuaState {
    let lua = try XCTUnwrap(LuaState(limits: limits))
    XCTAssertNil(lua.openSandbox(SandboxOptions(print: print)))
    return lua
}

/// The error `body` threw, or nil when it ran to the end.
func luaError(_ body: () throws -> Void) -> LuaError? {
    do { try body() } catch { return error as? LuaError ?? LuaError(kind: .runtime, message: "not a LuaError: \(error)") }
    return nil
}

final class LuaStateTests: XCTestCase {
    func testRunsAChunkAndReadsItsResult() throws {
        let lua = try sandboxed()
        XCTAssertNoThrow(try lua.load("return 1 + 2, 'x'", chunkName: "@t.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 2))
        XCTAssertEqual(lua.stack.integer(at: -2), 3)
        XCTAssertEqual(lua.stack.string(at: -1), "x")
    }

    func testSyntaxErrorNamesFileAndLine() throws {
        let lua = try sandboxed()
        let error = try XCTUnwrap(luaError { try lua.load("local x =\n\n+", chunkName: "@dir/a.lua") })
        XCTAssertEqual(error.kind, .syntax)
        XCTAssertEqual(error.location?.file, "dir/a.lua")
        XCTAssertEqual(error.location?.line, 3)
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testRuntimeErrorCarriesTraceback() throws {
        let lua = try sandboxed()
        XCTAssertNoThrow(try lua.load("local function f() error('boom') end\nf()", chunkName: "@b.lua"))
        let error = try XCTUnwrap(luaError { try lua.call() })
        XCTAssertEqual(error.kind, .runtime)
        XCTAssertEqual(error.message, "b.lua:1: boom")
        XCTAssertTrue(error.traceback.contains { $0.contains("b.lua:2") }, "\(error.traceback)")
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testBinaryChunksAreRefused() throws {
        let lua = try sandboxed()
        let error = try XCTUnwrap(luaError { try lua.load([0x1b, 0x4c, 0x75, 0x61, 0x54, 0x00], chunkName: "@bin") })
        XCTAssertTrue(error.message.contains("binary"), error.message)
    }

    func testInstructionBudgetStopsAnInfiniteLoopEvenUnderPcall() throws {
        let lua = try sandboxed(LuaLimits(instructions: 100_000))
        XCTAssertNoThrow(try lua.load("while true do pcall(function() while true do end end) end", chunkName: "@loop.lua"))
        let error = try XCTUnwrap(luaError { try lua.call() })
        XCTAssertEqual(error.kind, .instructions, error.message)
        XCTAssertEqual(error.location?.file, "loop.lua")
        XCTAssertEqual(error.location?.line, 1)
        // The next entry gets a fresh budget.
        XCTAssertNoThrow(try lua.load("return 1", chunkName: "@ok.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 1))
    }

    func testMemoryCapStopsAMemoryBomb() throws {
        let lua = try sandboxed(LuaLimits(memory: 4 << 20))
        XCTAssertNoThrow(try lua.load("local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 100) .. i end", chunkName: "@bomb.lua"))
        let error = try XCTUnwrap(luaError { try lua.call() })
        XCTAssertEqual(error.kind, .memory)
        XCTAssertTrue(error.message.hasPrefix("bomb.lua:2: memory limit exceeded"), error.message)
        XCTAssertNoThrow(try lua.load("return ('y'):rep(10)", chunkName: "@ok.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 1))
        XCTAssertEqual(lua.stack.string(at: -1), "yyyyyyyyyy")
    }

    func testHostFunctionErrorsReachLuaPcallWithoutUnwindingSwift() throws {
        let lua = try sandboxed()
        var calls = 0
        lua.setGlobalFunction("host") { stack in
            calls += 1
            if stack.bool(at: 1) { return .error("host refused") }
            stack.push("fine")
            return .results(1)
        }
        XCTAssertNoThrow(try lua.load("""
            local n = 0
            for i = 1, 100000 do
              local ok, err = pcall(host, true)
              if not ok and err == 'host refused' then n = n + 1 end
            end
            return n, host(false)
            """, chunkName: "@h.lua"))
        XCTAssertNoThrow(try lua.call(nresults: 2))
        XCTAssertEqual(lua.stack.integer(at: -2), 100_000)
        XCTAssertEqual(lua.stack.string(at: -1), "fine")
        XCTAssertEqual(calls, 100_001)
        lua.stack.pop(2)
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testErrorObjectWhoseToStringFailsIsDescribed() throws {
        let lua = try sandboxed()
        XCTAssertNoThrow(try lua.load("error(setmetatable({}, {__tostring = function() error('no') end}))", chunkName: "@e.lua"))
        let error = try XCTUnwrap(luaError { try lua.call() })
        XCTAssertTrue(error.message.contains("__tostring failed"), error.message)
    }

    func testReferencesAreReleasedAtClose() throws {
        let before = LuaState.openStates
        do {
            let lua = try XCTUnwrap(LuaState())
            XCTAssertEqual(LuaState.openStates, before + 1)
            lua.stack.push("kept")
            let r = lua.ref()
            XCTAssertEqual(lua.referenceCount, 1)
            XCTAssertEqual(lua.push(r), .string)
            lua.stack.pop()
            lua.close()
            XCTAssertEqual(lua.referenceCount, 0)
        }
        XCTAssertEqual(LuaState.openStates, before)
    }
}
