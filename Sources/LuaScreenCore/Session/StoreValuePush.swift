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
