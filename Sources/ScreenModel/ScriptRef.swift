/// A handle on a value the script owns (a function, or a row's `context`), kept by the host
/// for the session to call. The model holds the handle only: no Lua in it. (Where a function
/// was defined is asked of the session, which owns the Lua state.)
/// Sendable: a number only; the value it names is used on the session's thread.
public struct ScriptRef: Hashable, Sendable {
    /// The registry reference (`luaL_ref`) in the session's Lua state.
    public let id: Int32

    /// A handle on the registry reference `id`.
    public init(id: Int32) {
        self.id = id
    }
}

/// A field that is either a plain value or a function of `ctx` evaluated at each render.
/// Sendable: its value is Sendable, or it is a handle (a number).
public enum Dynamic<Value: Sendable>: Sendable {
    case value(Value)
    case function(ScriptRef)

    /// The plain value, nil for a function.
    public var value: Value? {
        if case .value(let v) = self { return v }
        return nil
    }

    /// The function, nil for a plain value.
    public var function: ScriptRef? {
        if case .function(let f) = self { return f }
        return nil
    }
}

extension Dynamic: Equatable where Value: Equatable {}
