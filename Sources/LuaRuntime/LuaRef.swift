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
    /// The state whose registry holds the value (weak: a ref never keeps its state open).
    private weak var state: LuaState?

    init(id: Int32, state: LuaState) {
        self.id = id
        self.state = state
    }

    deinit { state?.release(id) }
}

extension LuaStack {
    /// Pushes the value `ref` keeps (the registry is shared by every thread of a state); its type.
    @discardableResult
    public func push(_ ref: LuaRef) -> LuaType { push(ref: ref.id) }
}

extension LuaState {
    /// Pops the value on top and keeps it in the registry until the returned handle goes
    /// (or the state closes). A nil value is kept as nil.
    public func ref() -> LuaRef {
        LuaRef(id: takeRef(), state: self)
    }

    /// Pushes the value `ref` keeps; its type.
    @discardableResult
    public func push(_ ref: LuaRef) -> LuaType {
        push(ref: ref.id)
    }
}
