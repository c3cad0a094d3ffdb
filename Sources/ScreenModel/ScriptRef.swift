/// A handle on a value the script owns (a function, or a row's `context`), kept by the host
/// for the session to call. The model holds the handle only: no Lua in it. (Where a function
/// was defined is asked of the session, which owns the Lua state.)
public struct ScriptRef: Hashable, Sendable {
    public let id: Int32

    public init(id: Int32) {
        self.id = id
    }
}

/// A field that is either a plain value or a function of `ctx` evaluated at each render.
public enum Dynamic<Value: Sendable>: Sendable {
    case value(Value)
    case function(ScriptRef)

    public var value: Value? {
        if case .value(let v) = self { return v }
        return nil
    }

    public var function: ScriptRef? {
        if case .function(let f) = self { return f }
        return nil
    }
}

extension Dynamic: Equatable where Value: Equatable {}
