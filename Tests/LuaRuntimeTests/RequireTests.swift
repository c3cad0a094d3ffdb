import Foundation
import XCTest
import LuaRuntime

/// require and readFileBytes facing hostile folders.
final class RequireTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("luascreen-require-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ source: String, file: String = "main.lua") throws -> LuaError? {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits()))
        defer { lua.close() }
        XCTAssertNil(lua.openSandbox(SandboxOptions(moduleFolder: folder.path, print: { _ in })))
        let path = folder.appendingPathComponent(file).path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return luaError { try lua.load(source, chunkName: "@" + path); try lua.call() }
    }

    /// A module that requires itself through tail calls: the error names a script line or
    /// none, never the host's prelude ("luascreen:20:").
    func testRequireErrorsNameTheScriptNotThePrelude() throws {
        try "return require('b')\n".write(to: folder.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
        try "local x = 1\nreturn require('a')\n".write(to: folder.appendingPathComponent("b.lua"), atomically: true, encoding: .utf8)
        let cycle = try XCTUnwrap(run("local m = require('a')\nreturn m\n"))
        XCTAssertTrue(cycle.message.contains("requires itself"), cycle.message)
        XCTAssertFalse(cycle.message.hasPrefix("luascreen:"), cycle.message)
        // a and b both tail-call require, so the innermost script frame left is main.lua:1.
        XCTAssertTrue(cycle.message.hasSuffix("main.lua:1: require: module 'a' requires itself"), cycle.message)

        let tail = try XCTUnwrap(run("return require('missing')\n"))
        XCTAssertTrue(tail.message.hasPrefix("require: module 'missing' not found"), tail.message)
        let plain = try XCTUnwrap(run("local x\nx = require(42)\n"))
        XCTAssertTrue(plain.message.hasSuffix("main.lua:2: bad argument #1 to 'require' (string expected, got number)"), plain.message)
    }

    /// The prelude's frames, whether a state compiled its text or loaded the dump made once a
    /// process (lsprelude.c): the same lines and names in every state's tracebacks.
    func testThePreludesFramesAreTheSameInEveryState() throws {
        try "local x\nreturn x.y\n".write(to: folder.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let scripts = [
            "local m = require('bad')\n": ["luascreen:21: in function 'require'", "in local 'chunk'"],
            "require(42)\n": ["[C]: in function 'error'", "luascreen:13: in function 'require'"],
            "print(setmetatable({}, { __tostring = function() error('no') end }))\n": ["luascreen:5: in function 'print'"],
            "print(1, setmetatable({}, { __tostring = function() error('no') end }))\n": ["luascreen:7: in function 'print'"],
        ]
        for (source, frames) in scripts {
            let errors = try (0..<3).map { _ in try XCTUnwrap(run(source)) }
            for error in errors {
                XCTAssertEqual(error.message, errors[0].message)
                XCTAssertEqual(error.traceback, errors[0].traceback)
            }
            for frame in frames {
                XCTAssertTrue(errors[0].traceback.contains { $0.contains(frame) }, "\(frame) in \(errors[0].traceback)")
            }
        }
    }

    /// A FIFO named like a module: opening it must not wait for a writer.
    func testRequireOfAFifoDoesNotBlock() throws {
        let fifo = folder.appendingPathComponent("pipe.lua").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let started = Date()
        let error = try XCTUnwrap(run("return require('pipe')\n"))
        XCTAssertTrue(error.message.contains("not a regular file"), error.message)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertNil(readFileBytes(fifo))
    }

    /// A sparse file claiming 100 GB is refused without reserving its size.
    func testHugeSparseFileIsRefused() throws {
        let path = folder.appendingPathComponent("big.lua").path
        XCTAssertEqual(truncate(FileManager.default.createFile(atPath: path, contents: nil) ? path : "/nonexistent", 100 << 30), 0)
        XCTAssertNil(readFileBytes(path))
        XCTAssertEqual(errno, EFBIG)
        let error = try XCTUnwrap(run("return require('big')\n"))
        XCTAssertTrue(error.message.contains("larger than"), error.message)
    }

    /// The bytes come back exactly, at sizes around the read's one byte of room, and a
    /// file the stat calls empty (as /proc's are) is read to its end.
    func testFilesAreReadWholeWhateverTheirSize() throws {
        for size in [0, 1, 511, 512, 65_535, 65_536, 200_001] {
            let path = folder.appendingPathComponent("f\(size).lua").path
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            XCTAssertEqual(readFileBytes(path), bytes, "\(size)")
            if size > 0 { XCTAssertNil(readFileBytes(path, maxSize: size - 1), "\(size)") }
        }
        let proc = try XCTUnwrap(readFileBytes("/proc/self/status"))
        XCTAssertTrue(String(decoding: proc, as: UTF8.self).contains("Pid:"))
    }
}

/// The trampoline carries calls made from coroutines over to the main thread.
final class TrampolineTests: XCTestCase {
    func testHostFunctionsCalledFromCoroutinesRunOnTheMainThread() throws {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits()))
        defer { lua.close() }
        XCTAssertNil(lua.openSandbox(SandboxOptions(print: { _ in })))
        var sawMainThread = true
        lua.setGlobalFunction("host") { stack in
            if stack.L != lua.L { sawMainThread = false }
            // arguments at 1...n, as in any C function
            guard stack.top == 3, stack.type(at: 3) == .table, let a = stack.string(at: 1), let b = stack.integer(at: 2) else {
                return .error("bad arguments: \(stack.top)")
            }
            if a == "fail" { return .error("host refused") }
            stack.push(a + String(b))
            stack.push(b + 1)
            return .results(2)
        }
        XCTAssertNoThrow(try lua.load("""
            local results = {}
            local co = coroutine.wrap(function()
              for i = 1, 1000 do
                local s, n = host("x", i, {})
                assert(s == "x" .. i and n == i + 1)
                local ok, message = pcall(function() local r = host("fail", i, {}); return r end)
                assert(not ok and message == "t.lua:6: host refused", message)
                coroutine.yield(i)
              end
            end)
            for i = 1, 1000 do assert(co() == i) end
            local nested = coroutine.wrap(function() return coroutine.wrap(function() return host("deep", 1, {}) end)() end)
            return nested()
            """, chunkName: "@t.lua"))
        let top = lua.stack.top
        if let error = luaError({ try lua.call(nresults: 2) }) { return XCTFail(error.message) }
        XCTAssertEqual(lua.stack.string(at: -2), "deep1")
        XCTAssertEqual(lua.stack.integer(at: -1), 2)
        lua.stack.pop(2)
        XCTAssertEqual(lua.stack.top, top - 1)
        XCTAssertTrue(sawMainThread)
    }
}
