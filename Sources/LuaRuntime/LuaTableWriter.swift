import CLua
import CLuaShim

/// A new table the host fills, for the length of the closure `LuaState.pushNewTable` (or a
/// parent writer's `setTable`) lends it: raw sets only (no `__newindex`: the table is new and
/// has no metatable), made while the memory cap is lifted (outside a protected call) or inside
/// a host function, so no set raises. It may be copied (helpers that fill parts of one table
/// take it) but is valid only inside its closure.
///
/// Not `Sendable`: bound to its state's thread.
public struct LuaTableWriter {
    /// The state the table is in (unowned: a writer lives inside a call on it).
    @usableFromInline unowned(unsafe) let state: LuaState
    /// The stack the table is on.
    @usableFromInline let stack: LuaStack
    /// The absolute slot of the table.
    @usableFromInline let index: Int32

    @inlinable
    init(_ state: LuaState, _ stack: LuaStack, _ index: Int32) {
        self.state = state
        self.stack = stack
        self.index = index
    }

    /// `t[key] = value`.
    @inlinable public func set(_ key: String, _ value: String) { stack.push(value); stack.rawSet(index, key) }
    /// `t[key] = value`.
    @inlinable public func set(_ key: String, _ value: Bool) { stack.push(value); stack.rawSet(index, key) }
    /// `t[key] = value` (an integer).
    @inlinable public func set(_ key: String, _ value: Int64) { stack.push(value); stack.rawSet(index, key) }
    /// `t[key] = value` (an integer).
    @inlinable public func set(_ key: String, _ value: Int) { stack.push(value); stack.rawSet(index, key) }
    /// `t[key] = value` (a float).
    @inlinable public func set(_ key: String, _ value: Double) { stack.push(value); stack.rawSet(index, key) }
    /// `t[key] =` the value the registry slot `id` keeps (a `LuaRef`'s, as a `ScriptRef` names it).
    @inlinable public func set(_ key: String, refID id: Int32) { stack.push(ref: id); stack.rawSet(index, key) }
    /// `t[key] =` the value `ref` keeps (nil for no reference: the key stays absent).
    @inlinable
    public func set(_ key: String, _ ref: LuaRef?) {
        stack.push(orNil: ref)
        stack.rawSet(index, key)
    }
    /// `t[key] =` a Lua function that runs `body` on each call (see `LuaState.pushHostCall`).
    public func set(_ key: String, hostCall body: @escaping (borrowing LuaCall) -> HostResult) {
        state.pushHostCall(body)
        stack.rawSet(index, key)
    }
    /// `t[key] = value` for the key and the value another table lends (a copy of a field).
    @inlinable
    public func set(_ key: borrowing LuaValueView, _ value: borrowing LuaValueView) {
        stack.ensure(4)
        stack.pushValue(key.index)
        stack.pushValue(value.index)
        stack.rawSet(index)
    }
    /// `t[key] =` a new table, filled by `body`.
    @inlinable
    public func setTable(_ key: String, arrayCount: Int = 0, recordCount: Int = 0, _ body: (LuaTableWriter) -> Void) {
        stack.ensure(4)
        stack.newTable(arrayCount: arrayCount, recordCount: recordCount)
        body(LuaTableWriter(state, stack, stack.top))
        stack.rawSet(index, key)
    }

    /// `t[i] = value`.
    @inlinable public func set(at i: Int, _ value: String) { stack.push(value); stack.rawSet(index, index: i) }
    /// `t[i] = value`.
    @inlinable public func set(at i: Int, _ value: Bool) { stack.push(value); stack.rawSet(index, index: i) }
    /// `t[i] = value` (an integer).
    @inlinable public func set(at i: Int, _ value: Int64) { stack.push(value); stack.rawSet(index, index: i) }
    /// `t[i] = value` (a float).
    @inlinable public func set(at i: Int, _ value: Double) { stack.push(value); stack.rawSet(index, index: i) }
    /// `t[i] =` a new table, filled by `body`.
    @inlinable
    public func setTable(at i: Int, arrayCount: Int = 0, recordCount: Int = 0, _ body: (LuaTableWriter) -> Void) {
        stack.ensure(4)
        stack.newTable(arrayCount: arrayCount, recordCount: recordCount)
        body(LuaTableWriter(state, stack, stack.top))
        stack.rawSet(index, index: i)
    }
}

extension LuaState {
    /// A new table filled by `body`, kept in the registry by the returned reference (a
    /// metatable the host hands out, a table of methods).
    public func newTableRef(arrayCount: Int = 0, recordCount: Int = 0, _ body: (LuaTableWriter) -> Void) -> LuaRef {
        pushNewTable(arrayCount: arrayCount, recordCount: recordCount, body)
        return ref()
    }

    /// A new handle (see `LuaStack.newHandle`) whose metatable is a new table filled by
    /// `metatable`, kept in the registry by the returned reference (ctx.store).
    public func newHandleRef(userValues: Int32 = 0, metatable: (LuaTableWriter) -> Void) -> LuaRef {
        stack.ensure(4)
        stack.newHandle(userValues: userValues)
        pushNewTable(recordCount: 4, metatable)
        stack.setMetatable(-2)
        return ref()
    }

    /// Pushes a new table with room for `arrayCount` items and `recordCount` fields, filled by
    /// `body` (it stays on the stack: an argument or a result).
    @inlinable
    func pushNewTable(arrayCount: Int = 0, recordCount: Int = 0, _ body: (LuaTableWriter) -> Void) {
        stack.pushNewTable(self, arrayCount: arrayCount, recordCount: recordCount, body)
    }
}

extension LuaStack {
    /// Pushes a new table of `state` with room for `arrayCount` items and `recordCount`
    /// fields, filled by `body`: the one home of every "push a new table" (results, arguments,
    /// the host's own).
    @inlinable
    func pushNewTable(_ state: LuaState, arrayCount: Int, recordCount: Int, _ body: (LuaTableWriter) -> Void) {
        ensure(6)
        newTable(arrayCount: arrayCount, recordCount: recordCount)
        body(LuaTableWriter(state, self, top))
    }

    /// Pushes the value `ref` keeps, or nil for no reference.
    @inlinable
    func push(orNil ref: LuaRef?) {
        if let ref { push(ref: ref.id) } else { pushNil() }
    }
}
