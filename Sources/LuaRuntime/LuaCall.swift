import CLua
import CLuaShim

/// One call from Lua into a host function: its arguments, read by position as views (from
/// 1, as Lua counts them), and the results the function pushes, so a host function never
/// sees a stack index. Results are pushed here and counted by the `HostResult.results(n)`
/// the function returns.
///
/// Every read is raw and never raises (see `LuaValueView`); pushes happen inside the host
/// function, where the memory cap is lifted, so they cannot raise either.
///
/// Not `Sendable`: bound to its state's thread, and valid only during the call it was lent for
/// (`~Copyable`, lent `borrowing`).
public struct LuaCall: ~Copyable {
    /// The state the call runs in (unowned: a call lives inside a call on it).
    @usableFromInline unowned(unsafe) let state: LuaState
    /// The stack of the calling thread (a coroutine's when a coroutine called).
    @usableFromInline let stack: LuaStack
    /// How many arguments the call was given.
    public let count: Int

    @inlinable
    init(_ state: LuaState, _ stack: LuaStack) {
        self.state = state
        self.stack = stack
        self.count = Int(stack.top)
    }

    /// True when Lua called from the state's main thread, not from a coroutine.
    public var isMainThread: Bool { stack.isMainThread(of: state) }

    /// The type of argument `n` (from 1; `.none` when the call gave fewer).
    @inlinable
    public func type(_ n: Int) -> LuaType { stack.type(at: Int32(n)) }

    /// Argument `n` (from 1), lent to `body` as a view (its type is `.none` when absent).
    @inlinable
    public func argument<R, E: Error>(_ n: Int, _ body: (borrowing LuaValueView) throws(E) -> R) throws(E) -> R {
        try body(LuaValueView(state, stack, Int32(n)))
    }

    /// Argument `n` when it is a string (checked and charged, as `LuaValueView.string`).
    @inlinable
    public func string(_ n: Int) -> String? { stack.checkedString(at: Int32(n))?.0 }

    /// The truth of argument `n`: false only for nil, false and no argument.
    @inlinable
    public func truth(_ n: Int) -> Bool { stack.bool(at: Int32(n)) }

    /// Argument `n` when it is a number with an exact integer value.
    @inlinable
    public func integer(_ n: Int) -> Int64? { stack.integer(at: Int32(n)) }

    /// Lends `body` a new table filled by `fill` (a scratch table: a row rebuilt with new
    /// fields), then lets it go.
    @inlinable
    public func withNewTable<R>(recordCount: Int = 0, fill: (LuaTableWriter) -> Void, _ body: (borrowing LuaTableView) -> R) -> R {
        let top = stack.top
        stack.ensure(6)
        stack.newTable(recordCount: recordCount)
        defer { stack.top = top }
        fill(LuaTableWriter(state, stack, top + 1))
        return body(LuaTableView(state, stack, top + 1))
    }

    // MARK: results

    /// Pushes nil as a result.
    @inlinable public func pushNil() { stack.pushNil() }
    /// Pushes a boolean as a result.
    @inlinable public func push(_ value: Bool) { stack.push(value) }
    /// Pushes an integer as a result.
    @inlinable public func push(_ value: Int) { stack.push(value) }
    /// Pushes a 64-bit integer as a result.
    @inlinable public func push(_ value: Int64) { stack.push(value) }
    /// Pushes a float as a result.
    @inlinable public func push(_ value: Double) { stack.push(value) }
    /// Pushes a copy of the string as a result.
    @inlinable public func push(_ value: String) { stack.push(value) }
    /// Pushes argument `n` itself (the same value, not a copy of a table) as a result.
    @inlinable public func pushArgument(_ n: Int) { stack.pushValue(Int32(n)) }
    /// Pushes the value a `LuaRef` keeps (by its `id`) as a result; its type.
    @inlinable @discardableResult
    public func push(refID id: Int32) -> LuaType { stack.push(ref: id) }
    /// Pushes the global `name`, read raw (no `__index` of `_G` runs), as a result; its type.
    @inlinable @discardableResult
    public func pushGlobal(_ name: String) -> LuaType {
        stack.ensure(6)
        stack.pushGlobals()
        let type = stack.rawGet(-1, name)
        stack.remove(-2)
        return type
    }
    /// Pushes the value a `LuaRef` keeps as a result (nil for no reference).
    @inlinable
    public func push(_ ref: LuaRef?) {
        stack.push(orNil: ref)
    }
    /// Pushes `t[argument n]`, read raw, as a result, where `t` is the table `ref` keeps (the
    /// table stays below the result).
    @inlinable
    public func pushField(of ref: LuaRef?, keyArgument n: Int) {
        push(ref)
        stack.pushValue(Int32(n))
        stack.rawGetTop(-2)
    }
    /// Pushes hidden slot `slot` of the handle given as argument `n` as a result and returns
    /// true, unless the slot holds nil: then nothing is pushed and it returns false.
    @inlinable
    public func pushHandleSlot(ofArgument n: Int, _ slot: Int32) -> Bool {
        if stack.userValue(Int32(n), slot) != .nil_ { return true }
        stack.pop()
        return false
    }
    /// Pushes `t[argument key]`, read raw, as a result, where `t` is the table in hidden slot
    /// `slot` of the handle given as argument `n`; nil when that slot holds no table.
    @inlinable
    public func pushHandleField(ofArgument n: Int, slot: Int32, keyArgument key: Int) {
        guard stack.userValue(Int32(n), slot) == .table else {
            stack.pushNil()
            return
        }
        stack.pushValue(Int32(key))
        stack.rawGetTop(-2)
    }
    /// Pushes as a result a read-only view (a new handle whose hidden slot 1 holds a new
    /// table filled by `body`, with the metatable `metatable` keeps) and keeps it in hidden
    /// slot `slot` of the handle given as argument `n` as well.
    @inlinable
    public func pushView(metatable: LuaRef?, recordCount: Int, keptInSlot slot: Int32, ofArgument n: Int, _ body: (LuaTableWriter) -> Void) {
        pushNewTable(recordCount: recordCount, body)
        stack.newHandle(userValues: 1)
        stack.insert(-2)
        stack.setUserValue(-2, 1)
        push(metatable)
        stack.setMetatable(-2)
        stack.pushValue(-1)
        stack.setUserValue(Int32(n), slot)
    }
    /// Pushes as a result a new handle whose metatable is the one `metatable` keeps (shared by
    /// every handle of its kind); its identity, as `LuaValueView.pointer` reads it.
    public func pushHandle(sharing metatable: LuaRef) -> UnsafeRawPointer? {
        stack.ensure(4)
        stack.newHandle()
        let pointer = stack.pointer(at: -1)
        push(metatable)
        stack.setMetatable(-2)
        return pointer
    }
    /// Pushes a new table filled by `body` as a result.
    @inlinable
    public func pushNewTable(arrayCount: Int = 0, recordCount: Int = 0, _ body: (LuaTableWriter) -> Void) {
        stack.pushNewTable(state, arrayCount: arrayCount, recordCount: recordCount, body)
    }
}

extension LuaState {
    /// Installs `body` as the global function `name` (see `pushHostCall(_:)`).
    public func setGlobalHostCall(_ name: String, _ body: @escaping (borrowing LuaCall) -> HostResult) {
        pushHostCall(body)
        stack.setGlobal(name)
    }
}
