import CLua
import CLuaShim

/// One Lua value the host reads, for the length of the closure that was handed it: a view of
/// a stack slot that cannot be copied or kept (`~Copyable`, lent `borrowing`), so no stack
/// index leaves LuaRuntime and the slot cannot be read after it was popped.
///
/// Every accessor is raw and never raises: `lua_type` checks and `lua_to*x` of values that
/// already have the type asked for (no number-to-string conversion), no `__index`,
/// `__tostring` or `__len`. Strings cross into the host through `LuaStack.checkedString`
/// (checked, sized and charged against the cap).
///
/// Not `Sendable`: bound to its state's thread, and only valid inside its closure.
public struct LuaValueView: ~Copyable {
    /// The state whose stack holds the value (unowned: a view lives inside a call on it).
    @usableFromInline unowned(unsafe) let state: LuaState
    /// The stack the value is on (a coroutine's, inside a host function it calls).
    @usableFromInline let stack: LuaStack
    /// The absolute slot of the value.
    @usableFromInline let index: Int32

    @inlinable
    init(_ state: LuaState, _ stack: LuaStack, _ index: Int32) {
        self.state = state
        self.stack = stack
        self.index = index
    }

    /// The value in slot `n` of `slots` (its state copied as the unowned reference it is:
    /// no retain and release a slot read).
    @inlinable
    init(_ slots: LuaSlots, slot n: Int32) {
        self.state = slots.state
        self.stack = slots.stack
        self.index = slots.base &+ n
    }

    /// The value's type (`.none` for an absent value).
    @inlinable
    public var type: LuaType { stack.type(at: index) }
    /// Whether the value is nil (or absent).
    @inlinable
    public var isNil: Bool { stack.type(at: index).rawValue <= LuaType.nil_.rawValue }
    /// The string, only when it is a string (numbers are not converted); charged.
    @inlinable
    public var string: String? { stack.checkedString(at: index)?.0 }
    /// The string (only when it is a string) and whether its bytes were valid UTF-8 (invalid
    /// ones are replaced with U+FFFD); charged. Nil also when the cap refused the copy.
    @inlinable
    public var checkedString: (String, valid: Bool)? { stack.checkedString(at: index) }
    /// The string as a name compared with known words (at most 1 KiB of it, not charged).
    @inlinable
    public var name: String? { stack.name(at: index) }
    /// The string's default row id (`ls_slug`), when it is a string.
    public var slug: String? { stack.slug(at: index) }
    /// The bytes of the string, exactly (no UTF-8 repair), when it is a string.
    public var bytes: [UInt8]? { stack.bytes(at: index) }
    /// The number, only when it is a number (strings are not converted).
    @inlinable
    public var number: Double? { stack.number(at: index) }
    /// The integer, when it is a number with an exact integer value.
    @inlinable
    public var integer: Int64? { stack.integer(at: index) }
    /// Whether it is an integer (not a float, not a string).
    @inlinable
    public var isInteger: Bool { stack.isInteger(at: index) }
    /// The boolean, only when it is a boolean.
    @inlinable
    public var boolean: Bool? { stack.type(at: index) == .boolean ? stack.bool(at: index) : nil }
    /// The value's truth: false only for nil and false.
    @inlinable
    public var truth: Bool { stack.bool(at: index) }
    /// The identity of a table, function, userdata or thread (nil for other values).
    @inlinable
    public var pointer: UnsafeRawPointer? { stack.pointer(at: index) }
    /// The length without `__len`: a string's bytes or a table's border.
    @inlinable
    public var rawLength: Int { stack.rawLength(index) }
    /// Where the Lua function was defined (chunk name and first line), when it is one.
    public var functionDefinition: (source: String, line: Int)? {
        stack.functionDefinition(index)
    }

    /// The string the Lua function's upvalue `name` holds (a helper's argument its closure
    /// keeps: `function(ctx) return ctx.store[k] end`), or nil.
    public func upvalueString(named name: String) -> String? {
        stack.functionUpvalueString(index, named: name)
    }

    /// Keeps the value in the registry (see `LuaRef`).
    public func ref() -> LuaRef {
        stack.pushValue(index)
        return state.ref()
    }

    /// Whether this is the same value as `other` (without `__eq`).
    public func rawEquals(_ other: borrowing LuaValueView) -> Bool { stack.rawEqual(index, other.index) }

    /// Runs `body` on the value as a table; nil (body not run) when it is not a table.
    @inlinable
    public func table<R, E: Error>(_ body: (borrowing LuaTableView) throws(E) -> R) throws(E) -> R? {
        guard stack.type(at: index) == .table else { return nil }
        return try body(LuaTableView(state, stack, index))
    }

    /// The line the constructor that made this table was called on (0 for a plain table or
    /// another value) and its chunk name (a pointer stable for the state's life, or nil).
    public var constructorPlace: (line: Int32, source: UnsafePointer<CChar>?) {
        var source: UnsafePointer<CChar>? = nil
        let line = ls_constructor_line(stack.L, index, &source)
        return (line, source)
    }

    /// The calls that led to this table's constructor (see `LuaState.constructorCallers(of:)`).
    public var constructorCallers: [(file: String, line: Int)] { state.constructorCallers(of: index) }
}

/// A Lua table the host reads, for the length of the closure that was handed it (see
/// `LuaValueView`): raw reads only, each nested value lent to a closure and popped after it.
///
/// Not `Sendable`: bound to its state's thread, and only valid inside its closure.
public struct LuaTableView: ~Copyable {
    /// The state whose stack holds the table.
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

    /// The table's identity (for cycle checks and caches keyed by table).
    @inlinable
    public var pointer: UnsafeRawPointer? { stack.pointer(at: index) }
    /// The border of its array part, without `__len`.
    @inlinable
    public var count: Int { stack.rawLength(index) }
    /// The line the constructor that made this table was called on (0 for a plain table) and
    /// its chunk name (a pointer stable for the state's life, or nil).
    public var constructorPlace: (line: Int32, source: UnsafePointer<CChar>?) {
        var source: UnsafePointer<CChar>? = nil
        let line = ls_constructor_line(stack.L, index, &source)
        return (line, source)
    }
    /// The calls that led to this table's constructor (see `LuaState.constructorCallers(of:)`).
    public var constructorCallers: [(file: String, line: Int)] { state.constructorCallers(of: index) }
    /// The table as a value (for readers that take any value).
    @inlinable
    public func asValue<R, E: Error>(_ body: (borrowing LuaValueView) throws(E) -> R) throws(E) -> R {
        try body(LuaValueView(state, stack, index))
    }

    /// Runs `body` on `t[key]` (raw), then pops it.
    @inlinable
    public func value<R, E: Error>(_ key: String, _ body: (borrowing LuaValueView) throws(E) -> R) throws(E) -> R {
        let top = stack.top
        stack.ensure(4)
        stack.rawGet(index, key)
        defer { stack.top = top }
        return try body(LuaValueView(state, stack, top + 1))
    }

    /// Runs `body` on `t[i]` (raw), then pops it.
    @inlinable
    public func value<R, E: Error>(at i: Int, _ body: (borrowing LuaValueView) throws(E) -> R) throws(E) -> R {
        let top = stack.top
        stack.ensure(4)
        stack.rawGet(index, index: i)
        defer { stack.top = top }
        return try body(LuaValueView(state, stack, top + 1))
    }

    /// The type of `t[key]` (raw).
    @inlinable
    public func type(_ key: String) -> LuaType { value(key) { $0.type } }
    /// `t[key]` when it is a string (charged; see `LuaValueView.string`).
    @inlinable
    public func string(_ key: String) -> String? { value(key) { $0.string } }
    /// `t[key]` when it is a number with an exact integer value.
    @inlinable
    public func integer(_ key: String) -> Int64? { value(key) { $0.integer } }
    /// `t[key]` when it is a number.
    @inlinable
    public func number(_ key: String) -> Double? { value(key) { $0.number } }
    /// `t[key]` when it is a boolean.
    @inlinable
    public func boolean(_ key: String) -> Bool? { value(key) { $0.boolean } }

    /// Runs `body` on `t[key]` when it is a table (nil, body not run, otherwise).
    @inlinable
    public func table<R, E: Error>(_ key: String, _ body: (borrowing LuaTableView) throws(E) -> R) throws(E) -> R? {
        try value(key) { (v: borrowing LuaValueView) throws(E) -> R? in try v.table(body) }
    }

    /// Runs `body` on each of `t[1]`...`t[count]` (raw) with its index, in order; each popped after.
    @inlinable
    public func forEachArrayItem<E: Error>(_ body: (Int, borrowing LuaValueView) throws(E) -> Void) throws(E) {
        let n = count
        guard n > 0 else { return }
        try forEachArrayItem(upTo: n, body)
    }

    /// Runs `body` on each of `t[1]`...`t[n]` (raw) with its index, in order; each popped after.
    @inlinable
    public func forEachArrayItem<E: Error>(upTo n: Int, _ body: (Int, borrowing LuaValueView) throws(E) -> Void) throws(E) {
        guard n > 0 else { return }
        let top = stack.top
        guard stack.ensure(4) else { return }
        defer { stack.top = top }
        var i = 0
        while i < n {
            i += 1
            stack.rawGet(index, index: i)
            try body(i, LuaValueView(state, stack, top + 1))
            stack.top = top
        }
    }

    /// Runs `body` on each (key, value) pair, in `lua_next`'s order (raw: no `__pairs`).
    /// The body must not change the table's keys.
    @inlinable
    public func forEachPair<E: Error>(_ body: (borrowing LuaValueView, borrowing LuaValueView) throws(E) -> Void) throws(E) {
        let top = stack.top
        guard stack.ensure(6) else { return }
        defer { stack.top = top }
        stack.pushNil()
        while stack.next(index) {
            try body(LuaValueView(state, stack, top + 1), LuaValueView(state, stack, top + 2))
            stack.top = top + 1
        }
    }

    /// Runs `body` on each (key, value) pair in `lua_next`'s order while it returns true;
    /// whether it did for every pair (false: it stopped at one). Raw: no `__pairs`.
    @inlinable
    public func allPairs<E: Error>(_ body: (borrowing LuaValueView, borrowing LuaValueView) throws(E) -> Bool) throws(E) -> Bool {
        let top = stack.top
        guard stack.ensure(6) else { return true }
        defer { stack.top = top }
        stack.pushNil()
        while stack.next(index) {
            guard try body(LuaValueView(state, stack, top + 1), LuaValueView(state, stack, top + 2)) else { return false }
            stack.top = top + 1
        }
        return true
    }

    /// Runs `body` on each of `t[1]`...`t[n]` (raw) in order while it returns true; whether it
    /// did for every item.
    @inlinable
    public func allArrayItems<E: Error>(upTo n: Int, _ body: (Int, borrowing LuaValueView) throws(E) -> Bool) throws(E) -> Bool {
        guard n > 0 else { return true }
        let top = stack.top
        guard stack.ensure(4) else { return true }
        defer { stack.top = top }
        var i = 0
        while i < n {
            i += 1
            stack.rawGet(index, index: i)
            guard try body(i, LuaValueView(state, stack, top + 1)) else { return false }
            stack.top = top
        }
        return true
    }

    /// Copies the value of each string key this table has that `names` holds into `slots`,
    /// at the key's slot number, and sets bit `slot` of `present` for each one (a slot whose
    /// bit is clear keeps what it held: read only the present ones). Returns how many keys
    /// `names` does not know. One raw `lua_next` pass in C (`ls_collect_fields`, keys matched
    /// by their interned string): the loader's fast path.
    public func collectFields(names: LuaFieldNames, into slots: LuaSlots, present: inout UInt64) -> Int32 {
        ls_collect_fields(stack.L, index, names.set, slots.base, &present)
    }
}

/// A run of stack slots the host fills and reads (see `LuaTableView.collectFields`), made by
/// `LuaState.withSlots` and valid only inside its closure. Unlike a view it may be copied
/// (a reader keeps it beside what it read) but not read after the closure. Reading a slot not
/// filled for the current table gives what an earlier one left there: check `present` first.
///
/// Not `Sendable`: bound to its state's thread.
public struct LuaSlots {
    /// The state whose stack holds the slots.
    @usableFromInline unowned(unsafe) let state: LuaState
    /// Its main thread's stack.
    @usableFromInline let stack: LuaStack
    /// The slot before the first one.
    @usableFromInline let base: Int32
    /// How many slots there are.
    public let count: Int32

    init(_ state: LuaState, base: Int32, count: Int32) {
        self.state = state
        self.stack = state.stack
        self.base = base
        self.count = count
    }

    /// The value in slot `n` (1 to `count`).
    @inlinable
    public subscript(_ n: Int32) -> LuaValueView {
        LuaValueView(self, slot: n)
    }
}

extension LuaState {
    /// Runs `body` on the value the registry slot `id` keeps (a `LuaRef`'s, as a model's
    /// `ScriptRef` names it); pops it after.
    @inlinable
    public func withValue<R, E: Error>(ofRef id: Int32, _ body: (borrowing LuaValueView) throws(E) -> R) throws(E) -> R {
        stack.ensure(4)
        push(ref: id)
        return try withTop(body)
    }

    /// Runs `body` on the global table, read raw (a `__index` a script gave `_G` never runs).
    public func withGlobals<R, E: Error>(_ body: (borrowing LuaTableView) throws(E) -> R) throws(E) -> R {
        stack.ensure(4)
        stack.pushGlobals()
        let top = stack.top
        defer { stack.top = top - 1 }
        return try body(LuaTableView(self, stack, top))
    }

    /// Runs `body` on the value at the top of the main thread's stack; pops it after.
    @inlinable
    func withTop<R, E: Error>(_ body: (borrowing LuaValueView) throws(E) -> R) throws(E) -> R {
        let top = stack.top
        defer { stack.top = top - 1 }
        return try body(LuaValueView(self, stack, top))
    }

    /// Runs `body` with `count` fresh stack slots (nil at first); they go after it.
    public func withSlots<R, E: Error>(_ count: Int32, _ body: (LuaSlots) throws(E) -> R) throws(E) -> R {
        let base = stack.top
        stack.ensure(count + 24)
        stack.top = base + count
        defer { stack.top = base }
        return try body(LuaSlots(self, base: base, count: count))
    }
}
