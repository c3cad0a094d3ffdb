import Dispatch
import XCTest
import CLua
import CLuaShim
@testable import LuaRuntime

/// The library functions that loop in C (lsguard_string.c, lsguard_table.c): they must behave as Lua 5.4's own, and
/// answer to the instruction budget.
final class GuardTests: XCTestCase {
    /// Random patterns, subjects, inits and replacements through Lua's own string.find, match,
    /// gmatch and gsub and through the guarded ones: same results, same error messages.
    func testPatternFunctionsBehaveAsLuaOwn() throws {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: 0, memory: 256 << 20)))
        defer { lua.close() }
        luaL_openlibs(lua.L)
        XCTAssertNoThrow(try lua.load("ORIGINALS = { string.find, string.match, string.gmatch, string.gsub }", chunkName: "=setup"))
        XCTAssertNoThrow(try lua.call())
        ls_open_guards(lua.L)
        for seed in [1, 2, 3, 4] {
            if let error = luaError({ try lua.load(Self.differential, chunkName: "=differential") }) { return XCTFail(error.message) }
            lua.stack.push(seed)
            lua.stack.push(15_000)
            if let error = luaError({ try lua.call(nargs: 2, nresults: 1) }) { XCTFail("seed \(seed): \(error.message)"); continue }
            let failures = lua.stack.string(at: -1) ?? "(not a string)"
            lua.stack.pop()
            XCTAssertEqual(failures, "", "seed \(seed)")
        }
    }

    /// table.insert and table.remove: same results and errors as Lua's own on random calls.
    func testTableFunctionsBehaveAsLuaOwn() throws {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: 0, memory: 256 << 20)))
        defer { lua.close() }
        luaL_openlibs(lua.L)
        XCTAssertNoThrow(try lua.load("ORIGINALS = { table.insert, table.remove, table.move }", chunkName: "=setup"))
        XCTAssertNoThrow(try lua.call())
        ls_open_guards(lua.L)
        if let error = luaError({ try lua.load(Self.tableDifferential, chunkName: "=tables") }) { return XCTFail(error.message) }
        lua.stack.push(7)
        lua.stack.push(20_000)
        if let error = luaError({ try lua.call(nargs: 2, nresults: 1) }) { return XCTFail(error.message) }
        XCTAssertEqual(lua.stack.string(at: -1), "")
    }

    private func sandboxedState(instructions: Int = 1_000_000, memory: Int = 64 << 20) throws -> LuaState {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: instructions, memory: memory)))
        XCTAssertNil(lua.openSandbox(SandboxOptions(print: { _ in })))
        return lua
    }

    private func run(_ lua: LuaState, _ source: String, file: StaticString = #filePath, line: UInt = #line) -> LuaError? {
        luaError { try lua.load(source, chunkName: "@guard.lua"); try lua.call() }
    }

    /// Work done in C is charged: each of these would run for hours (or forever) unguarded.
    func testLoopsInCAreStoppedByTheBudget() throws {
        let cases = [
            ("backtracking find", "local s = ('x'):rep(1e5)\nreturn s:find('.-.-.-.-y')"),
            ("backtracking match", "return (('a'):rep(200)):match(('a-'):rep(30) .. 'b')"),
            ("backtracking gmatch", "for m in (('a'):rep(200)):gmatch(('a-'):rep(30) .. 'b') do end"),
            ("backtracking gsub", "return (('a'):rep(200)):gsub(('a-'):rep(30) .. 'b', '')"),
            ("caught by pcall", "while true do pcall(string.find, ('x'):rep(1e4), '.-.-.-y') end"),
            ("table.move", "table.move({}, 1, 1e12, 2)"),
            ("table.move to the end", "table.move({}, 1, math.maxinteger, 1, {})"),
            ("table.insert with a huge border", "local t = {} for i = 1, 40 do t[2^i] = true end t[1] = true\nassert(#t == 2^40) table.insert(t, 1, 'x')"),
            ("table.remove with a huge border", "local t = {} for i = 1, 40 do t[2^i] = true end t[1] = true\nassert(#t == 2^40) table.remove(t, 1)"),
            ("table.insert with __len", "local t = setmetatable({}, { __len = function() return math.maxinteger - 1 end, __index = {} })\ntable.insert(t, 1, 'x')"),
        ]
        for (name, source) in cases {
            let lua = try sandboxedState()
            let started = DispatchTime.now()
            let error = run(lua, source)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            XCTAssertEqual(error?.kind, .instructions, "\(name): \(error?.message ?? "no error")")
            XCTAssertEqual(error?.location?.file, "guard.lua", "\(name): \(error?.message ?? "")")
            XCTAssertLessThan(seconds, 5, name)
            lua.close()
        }
    }

    /// A plain find is linear (memmem), so a needle that defeats a naive search is quick.
    func testPlainFindIsLinear() throws {
        let lua = try sandboxedState(instructions: 10_000_000)
        defer { lua.close() }
        let error = run(lua, """
            local hay = ('a'):rep(16 * 1024 * 1024)
            local needle = ('a'):rep(8 * 1024 * 1024) .. 'b'
            assert(hay:find(needle, 1, true) == nil)
            assert((hay .. 'b'):find(needle, 1, true) == 8 * 1024 * 1024 + 1)
            """)
        XCTAssertNil(error, error?.message ?? "")
    }

    /// Ordinary text work on a few megabytes still fits in the default budget.
    func testOrdinaryPatternWorkFitsTheDefaultBudget() throws {
        let lua = try sandboxedState(instructions: LuaLimits.defaultInstructions)
        defer { lua.close() }
        let error = run(lua, """
            local s = ("ab "):rep(1e6)
            local _, n = s:gsub("%s+", " ")
            local k = 0
            for w in s:gmatch("%a+") do k = k + 1 end
            assert(n == 1e6 and k == 1e6 and s:find("b", 1, true) == 2 and s:match("^(%a+)") == "ab")
            """)
        XCTAssertNil(error, error?.message ?? "")
    }

    /// The sandbox refuses metatables with __gc: finalizers run with hooks off, so a looping
    /// one could never be stopped.
    func testSandboxRefusesFinalizers() throws {
        let lua = try sandboxedState()
        defer { lua.close() }
        let error = try XCTUnwrap(run(lua, "setmetatable({}, { __gc = function() while true do end end })"))
        XCTAssertTrue(error.message.contains("__gc is not allowed"), error.message)
        XCTAssertNil(run(lua, "local t = setmetatable({}, { __index = { x = 1 } }) assert(t.x == 1)\nreturn setmetatable({}, nil)"))
    }

    /// An error object whose __tostring builds gigabytes fails under the cap (the message
    /// handler used to lift the cap before calling it).
    func testErrorObjectTostringRunsUnderTheCap() throws {
        let lua = try sandboxedState(instructions: 10_000_000, memory: 16 << 20)
        defer { lua.close() }
        let error = try XCTUnwrap(run(lua, """
            error(setmetatable({}, { __tostring = function()
              local s = "x"
              for i = 1, 40 do s = s .. s end
              return s
            end }))
            """))
        XCTAssertTrue(error.message.contains("whose __tostring failed"), error.message)
        XCTAssertLessThan(lua.peakMemory, 20 << 20)
    }

    private static let tableDifferential = #"""
local seed, count = ...
local oinsert, oremove, omove = table.unpack(ORIGINALS)
local state = seed
local function rnd(n)
  state = (state * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (state >> 33) % n + 1
end
local function snapshot(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local out = {}
  for _, k in ipairs(keys) do out[#out + 1] = tostring(k) .. "=" .. tostring(t[k]) end
  return table.concat(out, ",")
end
local function pack(ok, ...)
  local parts = { tostring(ok), tostring(select("#", ...)) }
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    parts[#parts + 1] = type(v) == "table" and "table" or tostring(v)
  end
  if not ok then parts[3] = string.gsub(parts[3], "to '[^']*'", "to 'F'") end
  return table.concat(parts, "|")
end
local failures = {}
local positions = { -1, 0, 1, 2, 3, 4, 5, 6, 7, math.maxinteger, math.mininteger, 2.5, "2", nil }
for case = 1, count do
  local n = rnd(6) - 1
  local base = {}
  for i = 1, n do base[i] = "v" .. i end
  local a, b = {}, {}
  for k, v in pairs(base) do a[k] = v; b[k] = v end
  local op = rnd(4)
  local p, v = positions[rnd(#positions)], "new"
  local ra, rb
  if op == 1 then
    ra = pack(pcall(oinsert, a, p, v)); rb = pack(pcall(table.insert, b, p, v))
  elseif op == 2 then
    ra = pack(pcall(oinsert, a, v)); rb = pack(pcall(table.insert, b, v))
  elseif op == 3 then
    if rnd(2) == 1 then
      ra = pack(pcall(oremove, a, p)); rb = pack(pcall(table.remove, b, p))
    else
      ra = pack(pcall(oremove, a)); rb = pack(pcall(table.remove, b))
    end
  else
    -- small ranges only: Lua's own move would run for ages over a huge one (that is the bug)
    local small = { -1, 0, 1, 2, 3, 4, 5, 6, 2.5, "2", nil }
    local f, e, t = small[rnd(#small)], small[rnd(#small)], positions[rnd(#positions)]
    ra = pack(pcall(omove, a, f, e, t)); rb = pack(pcall(table.move, b, f, e, t))
  end
  ra = ra .. " -> " .. snapshot(a)
  rb = rb .. " -> " .. snapshot(b)
  if ra ~= rb then
    failures[#failures + 1] = string.format("case %d op %d n %d p %s\n  lua: %s\n  new: %s", case, op, n, tostring(p), ra, rb)
    if #failures >= 10 then break end
  end
end
return table.concat(failures, "\n")
"""#

    private static let differential = #"""
-- Differential check: Lua's own functions (ORIGINALS) against the ones now in `string`.
local seed, count = ...
local ofind, omatch, ogmatch, ogsub = table.unpack(ORIGINALS)
local nfind, nmatch, ngmatch, ngsub = string.find, string.match, string.gmatch, string.gsub
local state = seed
local function rnd(n) -- small LCG, reproducible
  state = (state * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
  return (state >> 33) % n + 1
end
local subjectChars = { "a", "b", "(", ")", "[", "]", "%", "^", "$", "-", ".", "x", " ", "1", "\0", "A", "é" }
local atoms = { "a", "b", ".", "%a", "%d", "%s", "%w", "%p", "%x", "%A", "%l", "%u", "%c", "%g", "%S",
  "[ab]", "[^a]", "[a-c]", "[%a-]", "[]]", "[^]]", "[a-]", "[%]]", "%b()", "%bxx", "%f[%w]", "%f[%W]", "%f[a]",
  "(", ")", "()", "%1", "%2", "%0", "^", "$", "*", "+", "-", "?", "%", "[", "%%", "%.", "x", "\0", "%b", "%f", "%fa",
  "[a", "[^", "]", "%z", "(a)", "(a*)", "(.-)", "%(", "%)" }
local function subject()
  local t = {}
  for i = 1, rnd(12) - 1 do t[#t + 1] = subjectChars[rnd(#subjectChars)] end
  return table.concat(t)
end
local function pattern()
  local t = {}
  for i = 1, rnd(7) - 1 do t[#t + 1] = atoms[rnd(#atoms)] end
  return table.concat(t)
end
local function pack(ok, ...)
  local n = select("#", ...)
  local parts = { tostring(ok), tostring(n) }
  for i = 1, n do
    local v = select(i, ...)
    parts[#parts + 1] = type(v) .. ":" .. tostring(v)
  end
  -- The originals are no longer in `string`, so argument errors name them '?'.
  if not ok then parts[3] = ogsub(parts[3], "to '[^']*'", "to 'F'") end
  return table.concat(parts, "|")
end
local function gm(gmatch, s, p, init)
  local out = {}
  local it = gmatch(s, p, init)
  for i = 1, 40 do
    local r = table.pack(it())
    if r[1] == nil then break end
    for j = 1, r.n do out[#out + 1] = tostring(r[j]) end
    out[#out + 1] = ";"
  end
  return table.concat(out, ",")
end
local failures = {}
for case = 1, count do
  local s, p = subject(), pattern()
  local init = ({ nil, 1, 2, -1, -3, 0, 20, -20 })[rnd(8)]
  local which = rnd(5)
  local a, b
  if which == 1 then
    local plain = rnd(4) == 1
    a = pack(pcall(ofind, s, p, init, plain)); b = pack(pcall(nfind, s, p, init, plain))
  elseif which == 2 then
    a = pack(pcall(omatch, s, p, init)); b = pack(pcall(nmatch, s, p, init))
  elseif which == 3 then
    a = pack(pcall(gm, ogmatch, s, p, init)); b = pack(pcall(gm, ngmatch, s, p, init))
  else
    local reps = { "<%0>", "%1", "%2-%1", "%%", "%", "%x", "z", 7, { a = "A", ["("] = false, x = 1 },
                   function(c, d) if c == "a" then return nil end return (c or "") .. "!" .. tostring(d) end,
                   function() return {} end, true }
    local r = reps[rnd(#reps)]
    local max = ({ nil, 0, 1, 2, -1 })[rnd(5)]
    a = pack(pcall(ogsub, s, p, r, max)); b = pack(pcall(ngsub, s, p, r, max))
  end
  if a ~= b then
    failures[#failures + 1] = string.format("case %d: fn %d s=%q p=%q init=%s\n  lua: %s\n  new: %s", case, which, s, p, tostring(init), a, b)
    if #failures >= 10 then break end
  end
end
return table.concat(failures, "\n")
"""#
}
