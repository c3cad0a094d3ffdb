import XCTest
@testable import LuaRuntime

/// The handle types: references released on deinit and before close, and table views that
/// read raw (a hostile metatable never runs).
final class HandleTests: XCTestCase {
    func testReferenceIsReleasedWhenItsHandleGoes() throws {
        let lua = try sandboxed()
        lua.stack.push("kept")
        var ref: LuaRef? = lua.ref()
        XCTAssertEqual(lua.referenceCount, 1)
        XCTAssertEqual(lua.stack.top, 0)
        XCTAssertEqual(lua.push(ref!), .string)
        XCTAssertEqual(lua.withTop { $0.string }, "kept")
        ref = nil
        XCTAssertEqual(lua.referenceCount, 0)
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testReferencesAreReleasedBeforeCloseAndTheirDeinitAfterDoesNothing() throws {
        let before = LuaState.openStates
        var refs: [LuaRef] = []
        do {
            let lua = try sandboxed()
            for i in 0..<10 {
                lua.stack.push(i)
                refs.append(lua.ref())
            }
            XCTAssertEqual(lua.referenceCount, 10)
            lua.close()
            XCTAssertEqual(lua.referenceCount, 0)
            XCTAssertTrue(lua.isClosed)
        }
        XCTAssertEqual(LuaState.openStates, before)
        refs.removeAll()  // after close, and after the state itself went: nothing happens
        XCTAssertEqual(LuaState.openStates, before)
    }

    func testAStateThatGoesReleasesItsReferences() throws {
        let before = LuaState.openStates
        var ref: LuaRef?
        do {
            let lua = try sandboxed()
            lua.stack.newTable()
            ref = lua.ref()
        }
        XCTAssertEqual(LuaState.openStates, before, "a reference does not keep its state open")
        XCTAssertNotNil(ref)
        ref = nil
    }

    func testAGroupReleasesItsReferencesTogether() throws {
        let lua = try sandboxed()
        var group: LuaRefGroup? = lua.refGroup()
        let other = lua.refGroup()
        var ids: [Int32] = []
        for i in 0..<5 {
            lua.stack.push(i)
            ids.append(lua.withTop { group!.keep($0) })
            lua.stack.push("x\(i)")
            _ = lua.withTop { other.keep($0) }
        }
        XCTAssertEqual(lua.referenceCount, 10)
        XCTAssertEqual(lua.stack.top, 0)
        lua.push(ref: ids[3])
        XCTAssertEqual(lua.withTop { $0.integer }, 3)
        group!.adopt(other)
        XCTAssertEqual(group!.count, 10)
        XCTAssertEqual(other.count, 0)
        group = nil
        XCTAssertEqual(lua.referenceCount, 0)
    }

    func testAGroupThatOutlivesItsStateDoesNothing() throws {
        var group: LuaRefGroup?
        do {
            let lua = try sandboxed()
            group = lua.refGroup()
            lua.stack.newTable()
            _ = lua.withTop { group!.keep($0) }
            lua.close()
            XCTAssertEqual(lua.referenceCount, 0)
        }
        XCTAssertEqual(group?.count, 1)
        group = nil
    }

    func testReferenceSlotsAreReusedAndCounted() throws {
        let lua = try sandboxed()
        lua.stack.push(1)
        var a: LuaRef? = lua.ref()
        let firstID = a!.id
        a = nil
        lua.stack.push(2)
        let b = lua.ref()
        XCTAssertEqual(b.id, firstID, "luaL_ref reuses a freed slot")
        XCTAssertEqual(lua.referenceCount, 1)
        lua.push(b)
        XCTAssertEqual(lua.withTop { $0.integer }, 2)
    }

    func testTableViewReadsFieldsAndItems() throws {
        let lua = try sandboxed()
        try lua.load("return { title = 'T', count = 3, on = true, ratio = 0.5, rows = { 'a', 'b', 7 }, [true] = 1 }", chunkName: "=t")
        try lua.call(nresults: 1)
        let top = lua.stack.top
        let read: [String]? = lua.withTop { value in
            value.table { t in
                var out = [t.string("title") ?? "-", "\(t.integer("count") ?? -1)", "\(t.boolean("on") ?? false)",
                           "\(t.number("ratio") ?? 0)", t.type("missing").name, t.string("count") ?? "not a string"]
                _ = t.table("rows") { rows in
                    rows.forEachArrayItem { i, item in out.append("\(i)=\(item.string ?? item.integer.map(String.init) ?? "?")") }
                }
                var keys: [String] = []
                t.forEachPair { key, _ in keys.append(key.name ?? key.type.name) }
                out.append(keys.sorted().joined(separator: ","))
                return out
            }
        }
        XCTAssertEqual(read, ["T", "3", "true", "0.5", "nil", "not a string", "1=a", "2=b", "3=7",
                              "boolean,count,on,ratio,rows,title"])
        XCTAssertEqual(lua.stack.top, top - 1, "the view popped what it pushed, and withTop the table")
    }

    func testHostileMetatablesNeverRun() throws {
        let lua = try sandboxed()
        try lua.load("""
            local boom = function() error('a metamethod ran') end
            local mt = { __index = boom, __newindex = boom, __len = boom, __pairs = boom,
                         __tostring = boom, __eq = boom, __call = boom, __metatable = 'locked' }
            local t = setmetatable({ 'x', name = setmetatable({}, mt) }, mt)
            return t
            """, chunkName: "=hostile")
        try lua.call(nresults: 1)
        let read = lua.withTop { value in
            value.table { t -> [String] in
                var out = [t.type("absent").name, "\(t.count)", t.type("name").name, t.string("name") ?? "no string"]
                t.forEachPair { key, item in out.append("\(key.name ?? "#")=\(item.type.name)") }
                t.forEachArrayItem { _, item in out.append(item.string ?? "?") }
                _ = t.table("name") { inner in out.append("inner \(inner.count) \(inner.type("x").name)") }
                return out
            }
        }
        XCTAssertEqual(read?.prefix(4), ["nil", "1", "table", "no string"])
        XCTAssertEqual(Set(read?.dropFirst(4).prefix(2) ?? []), ["#=string", "name=table"])
        XCTAssertEqual(read?.suffix(2), ["x", "inner 0 nil"])
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testCollectFieldsFillsSlotsByName() throws {
        let lua = try sandboxed()
        let names = try XCTUnwrap(lua.fieldNames([("text", 1), ("key", 2), ("default", 3)]))
        let (present, unknown, text, isFalse) = try lua.withSlots(3) { slots in
            // The row goes above the slots, as a list's rows go above the slots they share.
            try lua.load("return { text = 'Wi-Fi', default = false, extra = 1, [1] = 2 }", chunkName: "=row")
            try lua.call(nresults: 1)
            return try XCTUnwrap(lua.withTop { row in
                row.table { t -> (UInt64, Int32, String?, Bool?) in
                    var present: UInt64 = 0
                    let unknown = t.collectFields(names: names, into: slots, present: &present)
                    return (present, unknown, slots[1].string, slots[3].boolean)
                }
            })
        }
        XCTAssertEqual(present, 0b1010)
        XCTAssertEqual(unknown, 2)
        XCTAssertEqual(text, "Wi-Fi")
        XCTAssertEqual(isFalse, false)
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testCollectFieldsMatchesKeysMadeAtRunTimeAndNotLongOnes() throws {
        let lua = try sandboxed()
        let names = try XCTUnwrap(lua.fieldNames([("text", 1), ("key", 2)]))
        let (present, unknown, key) = try lua.withSlots(2) { slots in
            // A key built by concatenation is the same interned string as the name; a key
            // longer than any name (not interned) and a table key are unknown.
            try lua.load("local k = ('ke'):rep(1) .. 'y'; return { [k] = 'v', [('x'):rep(60)] = 1, [{}] = 2 }", chunkName: "=row")
            try lua.call(nresults: 1)
            return try XCTUnwrap(lua.withTop { row in
                row.table { t -> (UInt64, Int32, String?) in
                    var present: UInt64 = 0
                    let unknown = t.collectFields(names: names, into: slots, present: &present)
                    return (present, unknown, slots[2].string)
                }
            })
        }
        XCTAssertEqual(present, 0b100)
        XCTAssertEqual(unknown, 2)
        XCTAssertEqual(key, "v")
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testSlugLowercasesAndJoinsRunsOfOtherBytesWithOneUnderscore() throws {
        let lua = try sandboxed()
        let cases: [(String, String)] = [
            ("Wi-Fi", "wi_fi"), ("  Action 12 ", "action_12"), ("!!!", ""), ("", ""),
            ("\u{DC}ber 2", "ber_2"), ("caf\u{E9} au lait", "caf_au_lait"),
            ("exactly15bytes!", "exactly15bytes"), ("A Much Longer Text -- Over Fifteen Bytes", "a_much_longer_text_over_fifteen_bytes"),
        ]
        for (text, slug) in cases {
            lua.stack.push(text)
            XCTAssertEqual(lua.withTop { $0.slug }, slug, text)
        }
        XCTAssertEqual(lua.stack.top, 0)
    }

    func testValueViewKeepsAReference() throws {
        let lua = try sandboxed()
        try lua.load("return function() return 42 end", chunkName: "@f.lua")
        try lua.call(nresults: 1)
        let (ref, place) = lua.withTop { f in (f.ref(), f.functionDefinition) }
        XCTAssertEqual(place?.source, "@f.lua")
        XCTAssertEqual(place?.line, 1)
        XCTAssertEqual(lua.stack.top, 0)
        lua.push(ref)
        try lua.call(nresults: 1)
        XCTAssertEqual(lua.withTop { $0.integer }, 42)
    }

    func testLoadAndCallThrowTheirErrors() throws {
        let lua = try sandboxed()
        XCTAssertThrowsError(try lua.load("return +", chunkName: "@s.lua")) { error in
            XCTAssertEqual((error as? LuaError)?.kind, .syntax)
        }
        try lua.load("error('no')", chunkName: "@r.lua")
        do {
            try lua.call()
            XCTFail("the call returned")
        } catch {
            XCTAssertEqual(error.message, "r.lua:1: no")  // typed throws: a LuaError
        }
        XCTAssertEqual(lua.stack.top, 0)
    }
}
