/// A value kept in the store: boolean, number or string.
public enum StoreValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    /// Same case and payload; strings compared byte for byte (SPEC §6), not by Swift's
    /// canonical equivalence. `sameValue(as:)` also equates 5 and 5.0.
    public static func == (a: StoreValue, b: StoreValue) -> Bool {
        switch a {
        case .bool(let x): if case .bool(let y) = b { return x == y }
        case .integer(let x): if case .integer(let y) = b { return x == y }
        case .number(let x): if case .number(let y) = b { return x == y }
        case .string(let x): if case .string(let y) = b { return x.sameBytes(as: y) }
        }
        return false
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .bool(let b): hasher.combine(0); hasher.combine(b)
        case .integer(let i): hasher.combine(1); hasher.combine(i)
        case .number(let d): hasher.combine(2); hasher.combine(d)
        case .string(let s): hasher.combine(3); hasher.combine(StoreKey(s))
        }
    }

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
