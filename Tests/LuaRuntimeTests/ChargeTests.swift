import XCTest
import CLua
import CLuaShim
@testable import LuaRuntime

/// The action budget (one budget shared by every entry into Lua of an action), the library
/// functions that charge it (lscharge.c), and the cap on what the host copies out of Lua.
final class ChargeTests: XCTestCase {
    private func sandboxedState(instructions: Int = 1_000_000, memory: Int = 64 << 20) throws -> LuaState {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: instructions, memory: memory)))
        XCTAssertNil(lua.openSandbox(SandboxOptions(print: { _ in })))
        return lua
    }

    private func run(_ lua: LuaState, _ source: String) -> LuaError? {
        luaError { try lua.load(source, chunkName: "@charge.lua"); try lua.call() }
    }

    /// Random calls of every wrapped function through Lua's own and through the charged one:
    /// same results, same errors.
    func testChargedFunctionsBehaveAsLuaOwn() throws {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: 0, memory: 256 << 20)))
        defer { lua.close() }
        luaL_openlibs(lua.L)
        XCTAssertNoThrow(try lua.load(Self.saveOriginals, chunkName: "=setup"))
        XCTAssertNoThrow(try lua.call())
        ls_open_guards(lua.L)
        for seed in [1, 2, 3] {
            if let error = luaError({ try lua.load(Self.differential, chunkName: "=differential") }) { return XCTFail(error.message) }
            lua.stack.push(seed)
            lua.stack.push(6_000)
            if let error = luaError({ try lua.call(nargs: 2, nresults: 1) }) { XCTFail("seed \(seed): \(error.message)"); continue }
            XCTAssertEqual(lua.stack.string(at: -1), "", "seed \(seed)")
            lua.stack.pop()
        }
    }

    /// Work done in C is charged before it is done: each of these ran for hours unguarded.
    func testLibraryLoopsAreStoppedByTheBudget() throws {
        let cases = [
            ("rep of the empty string", "return string.rep('', math.maxinteger)"),
            ("rep with a separator", "return (''):rep(math.maxinteger, '')"),
            ("upper of 16 MiB, a million times", "local s = ('a'):rep(16 << 20) for _ = 1, 1e6 do s:upper() end"),
            ("lower and reverse", "local s = ('A'):rep(4 << 20) for _ = 1, 1e6 do s:lower():reverse() end"),
            ("sort claiming two billion items",
             "table.sort(setmetatable({}, { __len = function() return 2e9 end, __index = function(_, i) return -i end, __newindex = function() end }))"),
            ("sort with a C comparator", "local t = {} for i = 1, 2e5 do t[i] = -i end for _ = 1, 1e5 do table.sort(t, math.ult) end"),
            ("concat over 2^62 slots", "return table.concat(setmetatable({}, { __index = tostring }), '', 1, 1 << 62)"),
            ("concat again and again", "local t = {} for i = 1, 1e5 do t[i] = 'x' end for _ = 1, 1e6 do table.concat(t) end"),
            ("unpack again and again", "local t = {} for _ = 1, 1e6 do select('#', table.unpack(t, 1, 500000)) end"),
            ("byte and char", "local s = ('z'):rep(900000) for _ = 1, 1e6 do string.char(s:byte(1, -1)) end"),
            ("format", "local s = ('f'):rep(8 << 20) for _ = 1, 1e6 do ('%s%s'):format(s, s) end"),
            ("the .. operator", "local s = ('c'):rep(16 << 20) for i = 1, 1e6 do local _ = s .. i end"),
            ("utf8.len", "local s = ('\\x80'):rep(16 << 20) for _ = 1, 1e6 do utf8.len(s) end"),
            ("utf8.char", "local t = {} for i = 1, 2e5 do t[i] = 65 end for _ = 1, 1e6 do utf8.char(table.unpack(t)) end"),
            ("load of blanks", "local s = (' '):rep(16 << 20) for _ = 1, 1e6 do load(s) end"),
        ]
        for (name, source) in cases {
            let lua = try sandboxedState(instructions: LuaLimits.defaultInstructions, memory: 128 << 20)
            let error = run(lua, source)
            XCTAssertEqual(error?.kind, .instructions, "\(name): \(error?.message ?? "no error")")
            XCTAssertEqual(error?.location?.file, "charge.lua", "\(name): \(error?.message ?? "")")
            lua.close()
        }
    }

    /// Ordinary library work on a few hundred kilobytes fits the default budget many times over.
    func testOrdinaryLibraryWorkFitsTheDefaultBudget() throws {
        let lua = try sandboxedState(instructions: LuaLimits.defaultInstructions)
        defer { lua.close() }
        let error = run(lua, """
            local t = {}
            for i = 1, 50000 do t[i] = tostring((i * 7919) % 50000) end
            table.sort(t)
            local s = table.concat(t, ",")
            assert(#s > 200000 and s:upper():lower() == s and s:reverse():reverse() == s)
            assert(select("#", table.unpack(t)) == 50000 and utf8.len(s) == #s)
            assert(("%s!"):format(s):sub(-1) == "!" and ("ab"):rep(1e5, ","):len() == 3e5 - 1)
            """)
        XCTAssertNil(error, error?.message ?? "")
    }

    /// Every entry into Lua within one action shares one budget; the next action has a new one.
    func testOneBudgetPerAction() throws {
        let lua = try sandboxedState(instructions: 1_000_000)
        defer { lua.close() }
        XCTAssertNil(run(lua, "function spin(n) for i = 1, n do end end"))
        // Alone, each call fits.
        XCTAssertNil(run(lua, "spin(400000)"))
        XCTAssertNil(run(lua, "spin(400000)"))
        // In one action, the third does not.
        lua.beginAction()
        XCTAssertNil(run(lua, "spin(400000)"))
        XCTAssertNil(run(lua, "spin(400000)"))
        let third = run(lua, "spin(400000)")
        XCTAssertEqual(third?.kind, .instructions, third?.message ?? "no error")
        // Exhausted: every later entry of the action fails at once, even a tiny one.
        XCTAssertEqual(run(lua, "local x = 1")?.kind, .instructions)
        lua.endAction()
        XCTAssertNil(run(lua, "spin(400000)"))
    }

    /// A state created while another runs (a test file's session) shares its budget and cap.
    func testStatesCreatedInsideACallShareTheBudget() throws {
        let lua = try sandboxedState(instructions: 1_000_000)
        defer { lua.close() }
        var inner: LuaState?
        var innerError: LuaError?
        lua.setGlobalFunction("open") { _ in
            guard let child = LuaState(limits: LuaLimits(instructions: 1_000_000)) else { return .error("no state") }
            inner = child
            innerError = luaError { try child.load("for i = 1, 1e9 do end", chunkName: "@child.lua"); try child.call() }
            return .results(0)
        }
        let error = run(lua, "for i = 1, 250000 do end open() local x = 1")
        XCTAssertEqual(innerError?.kind, .instructions, innerError?.message ?? "no error")
        // The child used up the shared budget: the caller's next instruction fails too.
        XCTAssertEqual(error?.kind, .instructions, error?.message ?? "no error")
        inner?.close()
    }

    /// Strings copied out of Lua by host functions are charged against the cap: past it, the
    /// host function raises a memory error at the script's line instead of copying.
    func testHostCopiesAreChargedAgainstTheCap() throws {
        let lua = try sandboxedState(instructions: 10_000_000, memory: 16 << 20)
        defer { lua.close() }
        var copied = 0
        lua.setGlobalFunction("keep") { s in
            if let text = s.string(at: 1) { copied += text.utf8.count }
            return .results(0)
        }
        let error = run(lua, "local s = ('k'):rep(4 << 20)\nfor i = 1, 100 do keep(s) end")
        XCTAssertEqual(error?.kind, .memory, error?.message ?? "no error")
        XCTAssertEqual(error?.location?.line, 2, error?.message ?? "")
        XCTAssertTrue(error?.message.contains("memory limit exceeded") ?? false)
        XCTAssertLessThanOrEqual(copied, 16 << 20)
        // A new action may copy again.
        copied = 0
        XCTAssertNil(run(lua, "keep(('k'):rep(4 << 20))"))
        XCTAssertEqual(copied, 4 << 20)
    }

    /// What the host keeps across actions counts against every later copy, until released.
    func testKeptBytesCountAgainstTheCap() throws {
        let lua = try sandboxedState(instructions: 10_000_000, memory: 16 << 20)
        defer { lua.close() }
        lua.setGlobalFunction("keep") { s in
            _ = s.string(at: 1)
            return .results(0)
        }
        lua.keepHostBytes(14 << 20, for: "rows")
        XCTAssertEqual(run(lua, "keep(('k'):rep(4 << 20))")?.kind, .memory)
        lua.keepHostBytes(0, for: "rows")
        XCTAssertNil(run(lua, "keep(('k'):rep(4 << 20))"))
    }

    private static let saveOriginals = """
        ORIGINALS = {
          rep = string.rep, upper = string.upper, lower = string.lower, reverse = string.reverse,
          byte = string.byte, char = string.char, format = string.format, pack = string.pack,
          unpack = string.unpack, uchar = utf8.char, ulen = utf8.len, offset = utf8.offset,
          codepoint = utf8.codepoint, codes = utf8.codes, concat = table.concat,
          tunpack = table.unpack, sort = table.sort, date = os.date,
        }
        """

    private static let differential = #"""
local seed, count = ...
local O = ORIGINALS
local N = {
  rep = string.rep, upper = string.upper, lower = string.lower, reverse = string.reverse,
  byte = string.byte, char = string.char, format = string.format, pack = string.pack,
  unpack = string.unpack, uchar = utf8.char, ulen = utf8.len, offset = utf8.offset,
  codepoint = utf8.codepoint, codes = utf8.codes, concat = table.concat,
  tunpack = table.unpack, sort = table.sort, date = os.date,
}
local state = seed
local function rnd(n)
  state = (state * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (state >> 33) % n + 1
end
local function pick(t) return t[rnd(#t)] end
local strings = { "", "a", "abc", "Hello, World", "é\u{1F600}x", "\xff\x80", "\0z\0", "ÀÉ" }
local numbers = { -3, -1, 0, 1, 2, 3, 5, 100, 2.5, math.maxinteger, math.mininteger, -0.0 }
local function arg()
  local k = rnd(5)
  if k <= 2 then return pick(strings) elseif k <= 4 then return pick(numbers) end
  return pick({ true, {}, nil })
end
local function pack(ok, ...)
  local parts = { tostring(ok), tostring(select("#", ...)) }
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    parts[#parts + 1] = (type(v) == "table" or type(v) == "function") and type(v) or (type(v) .. ":" .. tostring(v))
  end
  if not ok then parts[3] = string.gsub(parts[3], "to '[^']*'", "to 'F'") end
  return table.concat(parts, "|")
end
local function iterate(codes, s)
  local out = {}
  for p, c in codes(s) do out[#out + 1] = p .. ":" .. c end
  return table.concat(out, ",")
end
local formats = { "%d", "%5.2f", "%s|%s", "%q", "%x", "%-8s|", "%c", "%%", "%10.3s", "%i", "%g", "%a", "%", "%y", "%99d" }
local packs = { "i4", "<i8", "s1", "z", "d", "BBB", ">I2 x", "j", "c3", "!4 i2 i8" }
local dates = { "%Y", "!%H:%M", "%%", "!*t", "%Ez", "" }
local failures = {}
for case = 1, count do
  local name = pick({ "rep", "upper", "lower", "reverse", "byte", "char", "format", "pack", "unpack", "uchar",
                      "ulen", "offset", "codepoint", "codes", "concat", "tunpack", "sort", "date" })
  local a, b
  if name == "rep" then
    local s, n, sep = arg(), pick({ -1, 0, 1, 2, 3, 7, 2.5, "2" }), (rnd(2) == 1) and arg() or nil
    a = pack(pcall(O.rep, s, n, sep)); b = pack(pcall(N.rep, s, n, sep))
  elseif name == "upper" or name == "lower" or name == "reverse" or name == "ulen" then
    local s, i, j = arg(), pick({ nil, 1, 2, -1, 0, 9 }), pick({ nil, -1, 2, 3, 0 })
    a = pack(pcall(O[name], s, i, j)); b = pack(pcall(N[name], s, i, j))
  elseif name == "byte" or name == "codepoint" then
    local s, i, j = arg(), pick({ nil, 1, 2, -1, 0, -100, 100 }), pick({ nil, -1, 2, 3, 0, 100, -100 })
    a = pack(pcall(O[name], s, i, j)); b = pack(pcall(N[name], s, i, j))
  elseif name == "offset" then
    local s, n, i = arg(), pick({ 0, 1, 2, -1, -2, 5, "1" }), pick({ nil, 1, 2, -1, 0, 100 })
    a = pack(pcall(O.offset, s, n, i)); b = pack(pcall(N.offset, s, n, i))
  elseif name == "char" or name == "uchar" then
    local args, n = {}, rnd(5) - 1
    for i = 1, n do args[i] = pick({ 65, 0, 255, 256, -1, 0x10FFFF, 0x7FFFFFFF, 2.5, "66", {} }) end
    a = pack(pcall(O[name], table.unpack(args, 1, n))); b = pack(pcall(N[name], table.unpack(args, 1, n)))
  elseif name == "format" then
    local f, x, y = pick(formats), arg(), arg()
    a = pack(pcall(O.format, f, x, y)); b = pack(pcall(N.format, f, x, y))
  elseif name == "pack" then
    local f, x, y = pick(packs), arg(), arg()
    a = pack(pcall(O.pack, f, x, y)); b = pack(pcall(N.pack, f, x, y))
  elseif name == "unpack" then
    local f, s = pick(packs), pick(strings) .. pick(strings) .. "\1\2\3\4\5\6\7\8"
    a = pack(pcall(O.unpack, f, s)); b = pack(pcall(N.unpack, f, s))
  elseif name == "codes" then
    local s = arg()
    a = pack(pcall(iterate, O.codes, s)); b = pack(pcall(iterate, N.codes, s))
  elseif name == "date" then
    local f = pick(dates)
    a = pack(pcall(O.date, f, 86400 * 365)); b = pack(pcall(N.date, f, 86400 * 365))
  elseif name == "concat" or name == "tunpack" then
    local t = {}
    for i = 1, rnd(6) - 1 do t[i] = pick({ "a", "bc", 1, 2.5, true, {} }) end
    if rnd(4) == 1 then setmetatable(t, { __len = function() return 3 end, __index = function(_, i) return "i" .. i end }) end
    local i, j = pick({ nil, 1, 2, 0, -1, 4 }), pick({ nil, 1, 3, 5, 0 })
    if name == "concat" then
      local sep = pick({ nil, ",", "", 7, {} })
      a = pack(pcall(O.concat, t, sep, i, j)); b = pack(pcall(N.concat, t, sep, i, j))
    else
      a = pack(pcall(O.tunpack, t, i, j)); b = pack(pcall(N.tunpack, t, i, j))
    end
    if rnd(9) == 1 then a = pack(pcall(O[name], 5)); b = pack(pcall(N[name], 5)) end
  else -- sort: distinct values (a total order), so every correct sort gives the same result
    local n = rnd(40) - 1
    local t1, t2 = {}, {}
    local kind = rnd(4)
    for i = 1, n do
      local v = (i * 7919 + seed) % 1000 + i * 1000
      if kind == 2 then v = tostring(v) end
      t1[i], t2[i] = v, v
    end
    if kind == 3 and n > 1 then t1[1], t2[1] = "mixed", "mixed" end
    local comp = (kind == 4) and function(x, y) return x > y end or nil
    if rnd(3) == 1 then
      -- a length that is a metamethod (sorted by lscharge's own heapsort)
      local mt = { __len = function() return n end }
      setmetatable(t2, mt)
      setmetatable(t1, { __len = mt.__len })
    end
    a = pack(pcall(O.sort, t1, comp)) .. table.concat(t1, ",", 1, n)
    b = pack(pcall(N.sort, t2, comp)) .. table.concat(t2, ",", 1, n)
    if kind == 3 and n > 1 then a, b = a:match("^[^|]*"), b:match("^[^|]*") end
  end
  if a ~= b then
    failures[#failures + 1] = string.format("case %d %s\n  lua: %s\n  new: %s", case, name, a, b)
    if #failures >= 10 then break end
  end
end
return table.concat(failures, "\n")
"""#
}
