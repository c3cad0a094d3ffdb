/// A handle on a value the script owns (a function, or a row's `context`), kept by the host
/// for the session to call. The model holds the handle only: no Lua in it.
public struct ScriptRef: Hashable, Sendable {
    public let id: Int32
    /// Where the function was defined, when it is a Lua function.
    public let definedAt: SourceLocation?

    public init(id: Int32, definedAt: SourceLocation? = nil) {
        self.id = id
        self.definedAt = definedAt
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
