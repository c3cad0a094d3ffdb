/// A value kept in the store: boolean, number or string.
public enum StoreValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    /// As a person reads it: `true`, `5`, `0.7`, `Ada`.
    public var description: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return StoreValue.format(d)
        case .string(let s): return s
        }
    }

    /// The type's name as the script's author knows it.
    public var typeName: String {
        switch self {
        case .bool: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// Numbers compare by value whatever their representation (5 == 5.0).
    public func sameValue(as other: StoreValue) -> Bool {
        if let a = doubleValue, let b = other.doubleValue { return a == b }
        return self == other
    }

    /// The shortest text that reads back as the same double; integral values without ".0".
    public static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
