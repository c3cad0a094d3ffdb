import LuaRuntime
import ScreenModel

extension LuaValueSink where Self: ~Copyable {
    /// Pushes a store value as the Lua boolean, integer, float, string or list it is (a
    /// host function's result, an argument of a call into the script).
    package func push(_ value: StoreValue) {
        switch value {
        case .bool(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .list(let items): pushNewTable(arrayCount: items.count, recordCount: 0) { $0.setItems(items) }
        }
    }

    /// Pushes a store value, or nil for none.
    package func push(_ value: StoreValue?) {
        if let value { push(value) } else { pushNil() }
    }
}

extension LuaTableWriter {
    /// `t[key] =` a store value, as the Lua boolean, integer, float, string or list it is.
    package func set(_ key: String, _ value: StoreValue) {
        switch value {
        case .bool(let b): set(key, b)
        case .integer(let i): set(key, i)
        case .number(let d): set(key, d)
        case .string(let s): set(key, s)
        case .list(let items): setTable(key, arrayCount: items.count) { $0.setItems(items) }
        }
    }

    /// `t[i] =` a store value (see `set(_:_:)`).
    package func set(at i: Int, _ value: StoreValue) {
        switch value {
        case .bool(let b): set(at: i, b)
        case .integer(let n): set(at: i, n)
        case .number(let d): set(at: i, d)
        case .string(let s): set(at: i, s)
        case .list(let items): setTable(at: i, arrayCount: items.count) { $0.setItems(items) }
        }
    }

    /// `t[1...] =` the items, in order.
    fileprivate func setItems(_ items: [StoreValue]) {
        for (i, item) in items.enumerated() { set(at: i + 1, item) }
    }
}
