import CLua
import CLuaShim

/// The type of a Lua value, as `lua_type` reports it. `Sendable`: a plain value.
public enum LuaType: Int32, Sendable {
    case none = -1, nil_ = 0, boolean, lightUserdata, number, string, table, function, userdata, thread

    /// The name Lua's messages use for the type (`type()`'s answer; "no value" for none).
    public var name: String {
        switch self {
        case .none: return "no value"
        case .nil_: return "nil"
        case .boolean: return "boolean"
        case .lightUserdata, .userdata: return "userdata"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .thread: return "thread"
        }
    }
}

/// The stack of one Lua thread, through calls that never raise.
///
/// Every accessor here is raw (`lua_rawget*`, `lua_next`, `lua_type`, `lua_to*x`): reading a
/// script's tables never runs a metamethod, so a hostile metatable cannot raise through Swift.
/// Pushes happen while the memory cap is lifted (outside `ls_pcall`, or inside a host function),
/// so they cannot raise either.
///
/// LuaRuntime's own: no library module uses a stack or an index (they get views, writers,
/// `LuaCall`, `LuaArguments` and `LuaResults`). `package`, with the few members its tests
/// read (`top`, `type`, `string`, `checkedString`, `integer`, `bool`, `push`, `pop`), only so
/// that LuaRuntimeTests check the stack without `@testable`. Not `Sendable`: bound, like its
/// `LuaState`, to the thread that made the state.
@usableFromInline
package struct LuaStack {
    /// The Lua thread whose stack this is (the C API's handle).
    @usableFromInline package let L: OpaquePointer

    /// True when this is the main thread's stack of `state`, not a coroutine's (the test
    /// globals refuse to run inside a coroutine).
    @usableFromInline func isMainThread(of state: LuaState) -> Bool { L == state.L }

    /// The stack of thread `L`.
    @usableFromInline init(_ L: OpaquePointer) { self.L = L }

    /// The index of the top slot (the number of values); setting it pops or pushes nils.
    @usableFromInline package var top: Int32 {
        get { lua_gettop(L) }
        nonmutating set { lua_settop(L, newValue) }
    }

    /// Pops `n` values.
    @usableFromInline package func pop(_ n: Int32 = 1) { ls_pop(L, n) }
    /// `index` as an index from the bottom (one that stays valid across pushes).
    @usableFromInline func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }
    /// Makes room for `slots` more values; false when the stack cannot grow.
    @discardableResult
    @usableFromInline func ensure(_ slots: Int32) -> Bool { lua_checkstack(L, slots) != 0 }

    /// The type of the value at `index` (`.none` for an empty slot).
    @usableFromInline package func type(at index: Int32) -> LuaType { LuaType(rawValue: lua_type(L, index)) ?? .none }

    /// The string at `index`, only when it is a string (numbers are not converted).
    @usableFromInline package func string(at index: Int32) -> String? {
        checkedString(at: index)?.0
    }

    /// The string at `index` (only when it is a string) and whether its bytes were valid
    /// UTF-8; invalid bytes are replaced with U+FFFD.
    ///
    /// This is where strings cross from Lua into the host: each copy is charged against the
    /// state's cap (`ls_host_charge`). When the action has copied as much as the cap allows,
    /// the copy is refused (nil) and the host function's trampoline raises "memory limit
    /// exceeded" at the script's line instead of anything the host returned.
    @usableFromInline package func checkedString(at index: Int32) -> (String, valid: Bool)? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = ls_tolstring(L, index, &length), length < 64 || ls_host_charge(L, length) != 0 else { return nil }
        let buffer = UnsafeRawBufferPointer(start: pointer, count: length)
        // Script text is almost always ASCII: check that eight bytes at a time, then byte by
        // byte, which is much cheaper than the generic validating initializer.
        var ascii = true
        var i = 0
        while i + 8 <= length {
            if buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                ascii = false
                break
            }
            i += 8
        }
        while ascii, i < length {
            if buffer[i] >= 0x80 { ascii = false }
            i += 1
        }
        if ascii {
            if let small = SmallStringBits.make(ascii: pointer, count: length) { return (small, true) }
            let copy = String(unsafeUninitializedCapacity: length) { out in
                out.baseAddress!.update(from: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length)
                return length
            }
            return (copy, true)
        }
        if let valid = String(validating: buffer, as: UTF8.self) { return (valid, true) }
        return (String(decoding: buffer, as: UTF8.self), false)
    }

    /// Charges work the host does for the script to the budget; false (and the script's next
    /// instruction raises the budget's error) when the budget cannot pay: then skip the work.
    @usableFromInline func chargeWork(_ instructions: Int) -> Bool {
        ls_charge_host_work(L, Int64(instructions)) != 0
    }

    /// Gives back the charge of a copy the host has dropped (see `checkedString`).
    @usableFromInline func releaseCopy(of text: String) {
        ls_host_release(L, text.utf8.count)
    }

    /// The string at `index` as a name the host only compares with short known words and
    /// quotes in messages (a field name, an enum value): at most its first 1 KiB (a longer
    /// one matches no known word anyway, and diagnostics quote 200 characters), not charged.
    @usableFromInline func name(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = ls_tolstring(L, index, &length) else { return nil }
        if length < 1024 { return checkedString(at: index)?.0 }
        let prefix = UnsafeRawBufferPointer(start: pointer, count: 1024)
        return String(decoding: prefix, as: UTF8.self)
    }

    /// Runs `body` with copies out of Lua not charged (for the host's own text: an error
    /// message the message handler made). A refusal already made in this action stays.
    func uncharged<T>(_ body: () -> T) -> T {
        let pool = ls_limits_of(L).pointee.pool!
        let (failed, host) = (pool.pointee.host_failed, pool.pointee.host)
        pool.pointee.host_failed = 0
        pool.pointee.host = 0
        defer { (pool.pointee.host_failed, pool.pointee.host) = (failed, host) }
        return body()
    }

    /// The default id a row's text at `index` gives (see `ls_slug`), when it is a string.
    @usableFromInline func slug(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = ls_tolstring(L, index, &length), length < 64 || ls_host_charge(L, length) != 0 else { return nil }
        if length <= 15 {
            // (a slug is ASCII and never longer than the text)
            var words: (UInt64, UInt64) = (0, 0)
            let n = withUnsafeMutableBytes(of: &words) { ls_slug(pointer, length, $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            if let small = withUnsafeBytes(of: &words, { SmallStringBits.make(ascii: $0.baseAddress!, count: n) }) { return small }
        }
        return String(unsafeUninitializedCapacity: length) { out in
            out.baseAddress!.withMemoryRebound(to: CChar.self, capacity: length) { ls_slug(pointer, length, $0) }
        }
    }

    /// The number at `index`, only when it is a number (strings are not converted).
    @usableFromInline func number(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// The integer at `index` when it is a number with an exact integer value.
    @usableFromInline package func integer(at index: Int32) -> Int64? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        let value = lua_tointegerx(L, index, &ok)
        return ok != 0 ? Int64(value) : nil
    }

    /// Whether the value at `index` is an integer (not a float, not a string).
    @usableFromInline func isInteger(at index: Int32) -> Bool { ls_isinteger(L, index) != 0 }
    /// The truth of the value at `index`: false only for nil and false.
    @usableFromInline package func bool(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }
    /// The identity of the table, function, userdata or thread at `index` (nil for others).
    @usableFromInline func pointer(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }

    /// Pushes `t[key]` without metamethods, where `t` is the table at `table`.
    @discardableResult
    @usableFromInline func rawGet(_ table: Int32, _ key: String) -> LuaType {
        let t = absolute(table)
        push(key)
        return LuaType(rawValue: lua_rawget(L, t)) ?? .none
    }

    /// Pushes `t[index]` without metamethods, where `t` is the table at `table`.
    @discardableResult
    @usableFromInline func rawGet(_ table: Int32, index: Int) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, table, lua_Integer(index))) ?? .none
    }

    /// `t[key] = value on top` without metamethods; pops the value.
    @usableFromInline func rawSet(_ table: Int32, _ key: String) {
        let t = absolute(table)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }

    /// `t[key] = value on top` for a literal key (no Swift string made); pops the value.
    @usableFromInline func rawSet(_ table: Int32, field key: StaticString) {
        let t = absolute(table)
        key.withUTF8Buffer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = lua_pushlstring(L, $0, buffer.count)
            }
        }
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }

    /// `t[key] = value` with key and value on top (pops both), without metamethods.
    @usableFromInline func rawSet(_ table: Int32) {
        lua_rawset(L, table)
    }

    /// `t[index] = value on top` without metamethods; pops the value.
    @usableFromInline func rawSet(_ table: Int32, index: Int) {
        lua_rawseti(L, table, lua_Integer(index))
    }

    /// The length of the value at `index` without `__len` (`#` of a string or a table's border).
    @usableFromInline func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Replaces the key on top with `t[key]`, where `t` is the table at `table` (raw).
    @discardableResult
    @usableFromInline func rawGetTop(_ table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawget(L, table)) ?? .none
    }

    /// lua_next on the table at `table`; the key must be on top (push nil to start).
    @usableFromInline func next(_ table: Int32) -> Bool { lua_next(L, table) != 0 }

    /// Pushes nil.
    @usableFromInline func pushNil() { lua_pushnil(L) }
    /// Pushes the value the registry slot `r` keeps (a `LuaRef`'s `id`; on this thread's stack).
    @discardableResult
    @usableFromInline func push(ref r: Int32) -> LuaType { LuaType(rawValue: ls_rawgetref(L, r)) ?? .none }
    /// Pushes a boolean.
    @usableFromInline func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    /// Pushes an integer.
    @usableFromInline package func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    /// Pushes a 64-bit integer.
    @usableFromInline package func push(_ value: Int64) { lua_pushinteger(L, lua_Integer(value)) }
    /// Pushes a float.
    @usableFromInline func push(_ value: Double) { lua_pushnumber(L, value) }
    /// Pushes a copy of the string's UTF-8 bytes.
    @usableFromInline package func push(_ value: String) {
        var copy = value
        copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { _ = lua_pushlstring(L, "", 0); return }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { _ = lua_pushlstring(L, $0, buffer.count) }
        }
    }
    /// Pushes a copy of the value at `index`.
    @usableFromInline func pushValue(_ index: Int32) { lua_pushvalue(L, index) }
    /// Pushes a new table with room for `arrayCount` items and `recordCount` fields.
    @usableFromInline func newTable(arrayCount: Int = 0, recordCount: Int = 0) {
        lua_createtable(L, Int32(clamping: arrayCount), Int32(clamping: recordCount))
    }
    /// Moves the top value to `index`, shifting the ones above up.
    @usableFromInline func insert(_ index: Int32) { ls_insert(L, index) }
    /// Removes the value at `index`, shifting the ones above down.
    @usableFromInline func remove(_ index: Int32) { ls_remove(L, index) }
    /// Pushes the global table.
    @usableFromInline func pushGlobals() { ls_pushglobaltable(L) }
    /// Pops the top value into the global `name`, raw: a `__newindex` a script gave `_G` never
    /// runs (outside a protected call it could raise through Swift).
    @usableFromInline func setGlobal(_ name: String) {
        ls_pushglobaltable(L)
        lua_rotate(L, -2, 1)
        rawSet(-2, name)
        ls_pop(L, 1)
    }
    /// Whether the values at `a` and `b` are the same without `__eq`.
    @usableFromInline func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }
    /// Pops the table on top and makes it the metatable of the value at `index`.
    @usableFromInline func setMetatable(_ index: Int32) { _ = lua_setmetatable(L, index) }
    /// Pushes the metatable of the value at `index` and returns true; false (nothing pushed) if none.
    @discardableResult
    @usableFromInline func getMetatable(_ index: Int32) -> Bool { lua_getmetatable(L, index) != 0 }

    /// Loads a text chunk: pushes the function (status LUA_OK) or the error message (a
    /// syntax or memory error status). Binary chunks are refused.
    @usableFromInline func loadText(_ source: [UInt8], chunkName: String) -> Int32 {
        source.withUnsafeBufferPointer { buffer -> Int32 in
            let base = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer<UInt8>(bitPattern: 1)!)
            return ls_loadtext(L, base.assumingMemoryBound(to: CChar.self), buffer.count, chunkName)
        }
    }

    /// Where the Lua function at `index` was defined: source and first line.
    @usableFromInline func functionDefinition(_ index: Int32) -> (source: String, line: Int)? {
        guard lua_type(L, index) == LUA_TFUNCTION else { return nil }
        var ar = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0, let source = ar.source else { return nil }
        return (String(cString: source), Int(ar.linedefined))
    }

    /// The string held by the upvalue `name` of the Lua function at `index` (what a closure a
    /// helper made keeps of the helper's argument); nil when there is none or it is no string.
    /// `lua_getupvalue` never raises, nor does reading a string.
    func functionUpvalueString(_ index: Int32, named name: String) -> String? {
        guard lua_type(L, index) == LUA_TFUNCTION, ensure(1) else { return nil }
        let function = absolute(index)
        var n: Int32 = 1
        while let found = lua_getupvalue(L, function, n) {
            defer { pop() }
            if String(cString: found) == name { return type(at: -1) == .string ? string(at: -1) : nil }
            n += 1
        }
        return nil
    }
}

/// A chunk name as the script's path: "@examples/a.lua" -> "examples/a.lua".
public func luaChunkPath(_ source: String) -> String {
    if source.hasPrefix("@") || source.hasPrefix("=") { return String(source.dropFirst()) }
    return source
}
