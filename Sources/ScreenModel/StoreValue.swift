/// A value kept in the store: boolean, number, string, or a list of strings and numbers
/// (a multiple choice's options, a list row's items).
/// Sendable: a plain value, safe to share between threads.
public enum StoreValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    indirect case list([StoreValue])

    /// Same case and payload; strings compared byte for byte (SPEC §6), not by Swift's
    /// canonical equivalence. `sameValue(as:)` also equates 5 and 5.0.
    public static func == (a: StoreValue, b: StoreValue) -> Bool {
        switch a {
        case .bool(let x): if case .bool(let y) = b { return x == y }
        case .integer(let x): if case .integer(let y) = b { return x == y }
        case .number(let x): if case .number(let y) = b { return x == y }
        case .string(let x): if case .string(let y) = b { return x.sameBytes(as: y) }
        case .list(let x): if case .list(let y) = b { return x == y }
        }
        return false
    }

    /// Hashes the case and payload (strings by their bytes), consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .bool(let b): hasher.combine(0); hasher.combine(b)
        case .integer(let i): hasher.combine(1); hasher.combine(i)
        case .number(let d): hasher.combine(2); hasher.combine(d)
        case .string(let s): hasher.combine(3); hasher.combine(StoreKey(s))
        case .list(let items): hasher.combine(4); hasher.combine(items)
        }
    }

    /// As a person reads it: `true`, `5`, `0.7`, `Ada`.
    public var description: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return StoreValue.format(d)
        case .string(let s): return s
        case .list(let items): return items.map(\.description).joined(separator: ", ")
        }
    }

    /// The type's name as the script's author knows it.
    public var typeName: String {
        switch self {
        case .bool: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .list: return "list"
        }
    }

    /// A number as a Double (nil for anything else).
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// Numbers compare by value whatever their representation (5 == 5.0), in lists too.
    public func sameValue(as other: StoreValue) -> Bool {
        if let a = doubleValue, let b = other.doubleValue { return a == b }
        if case .list(let a) = self, case .list(let b) = other {
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        }
        return self == other
    }

    /// The items of a list value (nil for a scalar).
    public var listItems: [StoreValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// The shortest text that reads back as the same double; integral values without ".0".
    public static func format(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
