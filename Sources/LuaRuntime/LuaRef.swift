import CLua
import CLuaShim

/// A Lua value kept alive for the host: one `luaL_ref` in its state's registry, released when
/// the last Swift reference to this object goes, or by the state's `close()` (before
/// `lua_close`), whichever comes first. A release after the state closed does nothing.
///
/// A model value that must stay `Sendable` (ScreenModel's `ScriptRef`) names the slot by
/// `id`; whoever made the model keeps the `LuaRef` alive as long as the model may use it.
///
/// Not `Sendable`: bound, like its `LuaState`, to the thread that made the state.
public final class LuaRef {
    /// The registry slot (the number `luaL_ref` handed out).
    public let id: Int32
    /// The state's table of live references (not the state: a ref never keeps a state open,
    /// and the state's own reference counting stays on its fast path, with no weak reference).
    private let table: LuaRefTable

    init(id: Int32, table: LuaRefTable) {
        self.id = id
        self.table = table
    }

    deinit { table.release(id) }
}

/// Registry references kept and released together: a model's many function references (a
/// screen of 100,000 rows may hold one a row) without an object each. Released when the group
/// goes, or by the state's `close()` before `lua_close`; a release after close does nothing.
///
/// Not `Sendable`: bound, like its `LuaState`, to the thread that made the state.
public final class LuaRefGroup {
    /// The state's table of live references.
    private let table: LuaRefTable
    /// The slots this group keeps.
    private var ids: [Int32] = []

    init(table: LuaRefTable) { self.table = table }

    deinit {
        guard !table.isClosed else { return }
        for id in ids { table.release(id) }
    }

    /// How many references the group keeps.
    public var count: Int { ids.count }

    /// Keeps `value` in the registry as one more of the group; its slot (a `ScriptRef` names it).
    public func keep(_ value: borrowing LuaValueView) -> Int32 {
        value.stack.pushValue(value.index)
        let id = table.take()
        ids.append(id)
        return id
    }

    /// Takes over every reference of `other`, which is left empty.
    public func adopt(_ other: LuaRefGroup) {
        guard other !== self else { return }
        ids += other.ids
        other.ids.removeAll()
    }
}

/// The registry references of one state the host holds: which slots are live, released one
/// by one as their `LuaRef`s go, all at once by `LuaState.close()` (before `lua_close`);
/// after that, a release does nothing. Bound to its state's thread.
final class LuaRefTable {
    /// The state's main thread (valid until `releaseAll`).
    private let L: OpaquePointer
    /// Live references by slot (luaL_ref hands out small integers, reusing freed ones).
    private var live: [Bool] = []
    /// How many are live.
    private(set) var liveCount = 0
    /// Whether the state closed.
    private var closed = false
    /// Whether the state closed (every release does nothing).
    var isClosed: Bool { closed }

    init(_ L: OpaquePointer) { self.L = L }

    /// Pops the value on top into the registry; its slot, tracked until `release`.
    func take() -> Int32 {
        let r = ls_ref(L)
        if r >= 0 {
            let i = Int(r)
            if i >= live.count { live.append(contentsOf: repeatElement(false, count: i - live.count + 1)) }
            if !live[i] { live[i] = true; liveCount += 1 }
        }
        return r
    }

    /// Releases slot `r` (twice, an unknown one, or after `releaseAll`: nothing happens).
    func release(_ r: Int32) {
        guard !closed, r >= 0, Int(r) < live.count, live[Int(r)] else { return }
        live[Int(r)] = false
        liveCount -= 1
        ls_unref(L, r)
    }

    /// Releases every live slot; later releases do nothing (the state is about to close).
    func releaseAll() {
        guard !closed else { return }
        for (r, isLive) in live.enumerated() where isLive { ls_unref(L, Int32(r)) }
        live.removeAll()
        liveCount = 0
        closed = true
    }
}

extension LuaStack {
    /// Pushes the value `ref` keeps (the registry is shared by every thread of a state); its type.
    @discardableResult
    func push(_ ref: LuaRef) -> LuaType { push(ref: ref.id) }
}

extension LuaState {
    /// Pops the value on top and keeps it in the registry until the returned handle goes
    /// (or the state closes). A nil value is kept as nil.
    package func ref() -> LuaRef {
        LuaRef(id: refs.take(), table: refs)
    }

    /// A new, empty group of references (see `LuaRefGroup`).
    public func refGroup() -> LuaRefGroup { LuaRefGroup(table: refs) }

    /// Pushes the value `ref` keeps; its type.
    @discardableResult
    package func push(_ ref: LuaRef) -> LuaType {
        push(ref: ref.id)
    }
}
