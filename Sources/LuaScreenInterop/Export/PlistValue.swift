import LuaScreenCore
import ScreenModel
/// A property-list value (the contents of a Settings.bundle's `.plist` files), with
/// dictionaries keeping their keys in the order written.
public indirect enum PlistValue: Equatable, Sendable {
    /// `<string>`
    case string(String)
    /// `<integer>`
    case integer(Int64)
    /// `<real>`
    case real(Double)
    /// `<true/>`, `<false/>`
    case bool(Bool)
    /// Seconds since 2001-01-01 00:00:00 UTC, as plists count them.
    case date(Double)
    /// `<data>` (base64 in XML)
    case data([UInt8])
    /// `<array>`
    case array([PlistValue])
    /// `<dict>`, its keys in the order written
    case dictionary([(key: String, value: PlistValue)])

    /// Equal values; dictionaries compare their keys in order.
    public static func == (a: PlistValue, b: PlistValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.bool(let x), .bool(let y)): return x == y
        case (.date(let x), .date(let y)): return x == y
        case (.data(let x), .data(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of `key` in a dictionary (the last one when a key is written twice).
    public subscript(key: String) -> PlistValue? {
        guard case .dictionary(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [PlistValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The number, when this is an integer or a real.
    public var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let d): return d
        default: return nil
        }
    }

    /// The type's name with its article ("an array", "a string"), for messages.
    public var described: String {
        let name = typeName
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// The name of the element that holds this kind of value in an XML plist.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .bool: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }
}
