import CLua
import CLuaShim

/// Handles: full userdata that stand for host objects in Lua (`ctx`, `ctx.store`, a test
/// session). A script cannot `rawset`, `rawget` or `setmetatable` a userdata, and its
/// metatable is hidden behind `__metatable`, so nothing it does to a handle reaches what the
/// host stores or later reads.
extension LuaStack {
    /// Pushes a new handle of no bytes with `userValues` hidden slots (reachable only
    /// through `userValue(_:_:)`, never from a sandboxed script).
    @usableFromInline func newHandle(userValues: Int32 = 0) {
        _ = lua_newuserdatauv(L, 0, userValues)
    }

    /// Pushes slot `n` (from 1) of the handle at `index`; its type (`.none` when no such slot).
    @discardableResult
    @usableFromInline func userValue(_ index: Int32, _ n: Int32) -> LuaType {
        LuaType(rawValue: lua_getiuservalue(L, index, n)) ?? .none
    }

    /// Pops a value into slot `n` of the handle at `index`; false when it has no such slot.
    @discardableResult
    @usableFromInline func setUserValue(_ index: Int32, _ n: Int32) -> Bool {
        lua_setiuservalue(L, index, n) != 0
    }
}

extension LuaStack {
    /// The bytes of the string at `index`, exactly (no UTF-8 repair), only when it is a string.
    @usableFromInline func bytes(at index: Int32) -> [UInt8]? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = ls_tolstring(L, index, &length) else { return nil }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }
}
