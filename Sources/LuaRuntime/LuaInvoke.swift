import CLua
import CLuaShim

/// The arguments of one call the host makes into Lua (see `LuaState.call`), pushed in order
/// for the length of the closure that was handed it, so the host never counts or indexes
/// them. Pushes happen while the memory cap is lifted (outside a protected call, or inside a
/// host function), so none raises. The call makes room for 8 arguments; a table or handle
/// makes room for itself.
///
/// Not `Sendable`: bound to its state's thread, and valid only inside its closure
/// (`~Copyable`, lent `borrowing`).
public struct LuaArguments: ~Copyable {
    /// The state the call runs in.
    @usableFromInline unowned(unsafe) let state: LuaState
    /// The stack the arguments go on (the main thread's).
    @usableFromInline let stack: LuaStack

    @inlinable
    init(_ state: LuaState, _ stack: LuaStack) {
        self.state = state
        self.stack = stack
    }

    /// Pushes nil.
    @inlinable public func pushNil() { stack.pushNil() }
    /// Pushes a boolean.
    @inlinable public func push(_ value: Bool) { stack.push(value) }
    /// Pushes an integer.
    @inlinable public func push(_ value: Int) { stack.push(value) }
    /// Pushes a 64-bit integer.
    @inlinable public func push(_ value: Int64) { stack.push(value) }
    /// Pushes a float.
    @inlinable public func push(_ value: Double) { stack.push(value) }
    /// Pushes a copy of the string.
    @inlinable public func push(_ value: String) { stack.push(value) }
    /// Pushes the value a `LuaRef` keeps (nil for no reference).
    @inlinable
    public func push(_ ref: LuaRef?) {
        stack.push(orNil: ref)
    }
    /// Pushes a new table filled by `body`.
    @inlinable
    public func pushNewTable(arrayCount: Int = 0, recordCount: Int = 0, _ body: (LuaTableWriter) -> Void) {
        stack.pushNewTable(state, arrayCount: arrayCount, recordCount: recordCount, body)
    }
    /// Pushes a new handle (a userdata of no bytes, see `LuaStack.newHandle`) with
    /// `userValues` hidden slots and the metatable `metatable` keeps (none for nil); its
    /// identity, as `LuaValueView.pointer` reads it when the host meets it again.
    @inlinable
    public func pushHandle(userValues: Int32, metatable: LuaRef?) -> UnsafeRawPointer? {
        stack.ensure(4)
        stack.newHandle(userValues: userValues)
        stack.push(orNil: metatable)
        stack.setMetatable(-2)
        return stack.pointer(at: -1)
    }
    /// Sets the global `name` (raw: no `__newindex` of `_G` runs) to the argument pushed
    /// last as well; it stays an argument.
    public func setGlobalToLast(_ name: String) {
        stack.ensure(4)
        stack.pushValue(-1)
        stack.setGlobal(name)
    }
}

/// The results of one call the host made into Lua (see `LuaState.call`), lent as views by
/// position (from 1) for the length of the closure that was handed them; popped after.
///
/// Not `Sendable`: bound to its state's thread, and valid only inside its closure.
public struct LuaResults: ~Copyable {
    /// The state the call ran in.
    @usableFromInline unowned(unsafe) let state: LuaState
    /// The stack the results are on.
    @usableFromInline let stack: LuaStack
    /// The slot below the first result.
    @usableFromInline let base: Int32
    /// How many results there are (the number asked for, or all of them).
    public let count: Int

    @inlinable
    init(_ state: LuaState, _ stack: LuaStack, base: Int32) {
        self.state = state
        self.stack = stack
        self.base = base
        self.count = Int(stack.top - base)
    }

    /// Result `n` (from 1) as a view (its type is `.none` past the last one).
    @inlinable
    public subscript(_ n: Int) -> LuaValueView {
        LuaValueView(state, stack, n <= count ? base + Int32(n) : 0)
    }

    /// Runs `body` on each result in order.
    @inlinable
    public func forEach(_ body: (borrowing LuaValueView) -> Void) {
        var i = base
        while i < base + Int32(count) {
            i += 1
            body(LuaValueView(state, stack, i))
        }
    }
}

/// A chunk of Lua text compiled and not yet run (see `LuaState.compile`): kept in the registry
/// until `LuaState.run` takes it (which lets it go before it runs, as a chunk on the stack
/// would be: it runs once) or the handle goes, or the state closes.
///
/// Not `Sendable`: bound, like its `LuaState`, to the thread that made the state.
public final class LuaChunk {
    /// The registry slot that keeps the compiled function (LUA_NOREF once run).
    fileprivate var id: Int32
    /// The state's table of live references.
    private let table: LuaRefTable

    init(id: Int32, table: LuaRefTable) {
        self.id = id
        self.table = table
    }

    /// Lets the registry slot go (the function is on the stack, about to run); its slot.
    fileprivate func take() -> Int32 {
        let r = id
        id = LUA_NOREF
        table.release(r)
        return r
    }

    deinit { if id != LUA_NOREF { table.release(id) } }
}

extension LuaState {
    /// Calls the function the registry slot `function` keeps (a `LuaRef`'s or a model's
    /// `ScriptRef`'s `id`) with the arguments `arguments` pushes, under the budget, the cap
    /// and the traceback handler, and lends its first `results` results (-1: all) to `read`;
    /// they are popped after. Nil (nothing called) when the slot holds no function. Throws
    /// what the call raised; the stack is as it was either way.
    @inlinable
    public func call<R>(_ function: Int32, results: Int32 = 0, arguments: (borrowing LuaArguments) -> Void = { _ in },
                        _ read: (borrowing LuaResults) -> R) throws(LuaError) -> R? {
        let stack = self.stack
        let base = stack.top
        stack.ensure(12)
        guard stack.push(ref: function) == .function else {
            stack.top = base
            return nil
        }
        return try invoke(base: base, results: results, arguments: arguments, read)
    }

    /// Calls the function `function` keeps (see `call(_:results:arguments:_:)`).
    @inlinable
    public func call<R>(_ function: LuaRef, results: Int32 = 0, arguments: (borrowing LuaArguments) -> Void = { _ in },
                        _ read: (borrowing LuaResults) -> R) throws(LuaError) -> R? {
        try call(function.id, results: results, arguments: arguments, read)
    }

    /// Runs a compiled chunk with the arguments `arguments` pushes, lending its first
    /// `results` results (-1: all) to `read` (see `call(_:results:arguments:_:)`). The chunk
    /// is let go before it runs: once it returns, nothing keeps its code. Nil (nothing run) for
    /// a chunk that ran already.
    public func run<R>(_ chunk: LuaChunk, results: Int32 = 0, arguments: (borrowing LuaArguments) -> Void = { _ in },
                       _ read: (borrowing LuaResults) -> R) throws(LuaError) -> R? {
        let base = stack.top
        stack.ensure(12)
        guard chunk.id != LUA_NOREF, stack.push(ref: chunk.id) == .function else {
            stack.top = base
            return nil
        }
        _ = chunk.take()
        return try invoke(base: base, results: results, arguments: arguments, read)
    }

    /// The call of the function just pushed above `base`: its arguments, the protected call,
    /// the results lent to `read`, the stack set back to `base`.
    @usableFromInline
    func invoke<R>(base: Int32, results: Int32, arguments: (borrowing LuaArguments) -> Void,
                   _ read: (borrowing LuaResults) -> R) throws(LuaError) -> R {
        arguments(LuaArguments(self, stack))
        try call(nargs: stack.top - base - 1, nresults: results)
        defer { stack.top = base }
        return read(LuaResults(self, stack, base: base))
    }

    /// Compiles a text chunk; throws a syntax or memory error. Binary chunks are refused.
    public func compile(_ source: [UInt8], chunkName: String) throws(LuaError) -> LuaChunk {
        try load(source, chunkName: chunkName)
        return LuaChunk(id: refs.take(), table: refs)
    }

    /// Compiles a text chunk from a string (see `compile(_:chunkName:)`).
    public func compile(_ source: String, chunkName: String) throws(LuaError) -> LuaChunk {
        try compile(Array(source.utf8), chunkName: chunkName)
    }

    /// Sets the global `name` to nil (raw: no `__newindex` of `_G` runs).
    public func clearGlobal(_ name: String) {
        stack.ensure(4)
        stack.pushNil()
        stack.setGlobal(name)
    }
}

/// Where the host pushes Lua values one after the other: a host function's results
/// (`LuaCall`) or the arguments of a call into Lua (`LuaArguments`). Host value types (a
/// store value, JSON) are pushed through it once for both.
///
/// Its conformers are not `Sendable`: bound to their state's thread.
public protocol LuaValueSink: ~Copyable {
    /// Pushes nil.
    func pushNil()
    /// Pushes a boolean.
    func push(_ value: Bool)
    /// Pushes a 64-bit integer.
    func push(_ value: Int64)
    /// Pushes a float.
    func push(_ value: Double)
    /// Pushes a copy of the string.
    func push(_ value: String)
    /// Pushes a new table filled by `body`.
    func pushNewTable(arrayCount: Int, recordCount: Int, _ body: (LuaTableWriter) -> Void)
}

extension LuaArguments: LuaValueSink {}
extension LuaCall: LuaValueSink {}
