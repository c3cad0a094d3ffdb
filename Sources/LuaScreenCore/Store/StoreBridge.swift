import ScreenModel

extension StoreValue {
    /// The store value a JSON value holds: booleans, numbers (integers stay integers),
    /// strings, and arrays of strings and numbers (lists); nil for null, objects and other
    /// arrays, which a store keeps but does not expose.
    public init?(json: JSONValue) {
        switch json {
        case .bool(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .array(let items):
            var list: [StoreValue] = []
            list.reserveCapacity(items.count)
            for item in items {
                switch item {
                case .integer(let i): list.append(.integer(i))
                case .number(let d): list.append(.number(d))
                case .string(let s): list.append(.string(s))
                default: return nil
                }
            }
            self = .list(list)
        case .null, .object: return nil
        }
    }
}

extension JSONValue {
    /// The JSON form of a store value; nil for NaN and infinities, which JSON cannot hold.
    ///
    /// An integral double within ±1e15 is written without a fraction (`2.0` as `2`) and so
    /// reads back as `.integer`; `StoreValue.sameValue(as:)` treats the two as equal.
    public init?(store: StoreValue) {
        switch store {
        case .bool(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .number(let d):
            guard d.isFinite else { return nil }
            self = .number(d)
        case .string(let s): self = .string(s)
        case .list(let items):
            var array: [JSONValue] = []
            array.reserveCapacity(items.count)
            for item in items {
                guard let json = JSONValue(store: item) else { return nil }
                array.append(json)
            }
            self = .array(array)
        }
    }
}
