import LuaRuntime
import ScreenModel

extension LuaStack {
    /// Pushes a store value as the Lua boolean, integer, float or string it is.
    package func push(_ value: StoreValue) {
        switch value {
        case .bool(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .list(let items):
            ensure(3)
            newTable(arrayCount: items.count)
            for (i, item) in items.enumerated() {
                push(item)
                rawSet(-2, index: i + 1)
            }
        }
    }
}

extension LuaCall {
    /// Pushes a store value as a result: the Lua boolean, integer, float, string or list it is
    /// (the one conversion above, until every caller pushes through a `LuaCall` or a writer).
    package func push(_ value: StoreValue) {
        withStack { $0.push(value) }
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
    private func setItems(_ items: [StoreValue]) {
        for (i, item) in items.enumerated() { set(at: i + 1, item) }
    }
}
