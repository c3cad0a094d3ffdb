import LuaRuntime
import ScreenModel

/// Reading a row's, section's or screen's `ios = { ... }` and `android = { ... }` (SPEC §15):
/// plain data (strings, numbers, booleans, tables of them), no functions, no cycles, bounded
/// in size and depth, read with raw accessors (a metatable never runs).
extension Validator {
    /// The deepest a platform table may nest (the table itself is depth 1).
    static let maxPlatformDepth = 16
    /// The most values one platform table may hold, nested ones included.
    static let maxPlatformValues = 10_000

    /// The `ios` or `android` table at `index`, its entries sorted by key (nil, reported, when
    /// it is not a table of plain values).
    func platformTable(_ field: String, at index: Int32) -> [PlatformEntry]? {
        guard stack.type(at: index) == .table else {
            typeError(field, expected: "a table of plain values (\(field) = { KEY = value, ... })", at: index)
            return nil
        }
        var budget = PlatformBudget()
        let value = withPath(.field(field)) { platformValue(at: stack.absolute(index), depth: 1, budget: &budget, topLevel: field) }
        guard let value, !budget.failed else { return nil }
        switch value {
        case .table(let entries): return entries
        case .list(let items) where items.isEmpty: return []
        default:
            report("\(field) is a list; it must be a table of named keys (\(field) = { KEY = value, ... })", field: field)
            return nil
        }
    }

    /// What one platform table has left to spend, and whether it has failed.
    struct PlatformBudget {
        var values = Validator.maxPlatformValues
        var failed = false
        /// The tables being read (a cycle shows here).
        var visiting: [UnsafeRawPointer] = []
    }

    /// The plain value at the absolute index `at`; nil (reported) when it is not one.
    private func platformValue(at index: Int32, depth: Int, budget: inout PlatformBudget, topLevel: String) -> PlatformValue? {
        guard !budget.failed else { return nil }
        budget.values -= 1
        if budget.values < 0 {
            report("\(topLevel) holds more than \(Validator.maxPlatformValues) values; platform keys are a few settings, not data")
            budget.failed = true
            return nil
        }
        switch stack.type(at: index) {
        case .string:
            guard let (text, valid) = stack.checkedString(at: index) else { budget.failed = true; return nil }
            guard valid else {
                report("the text is not valid UTF-8; platform keys are written back byte for byte, so they must be text")
                budget.failed = true
                return nil
            }
            return .string(text)
        case .boolean: return .bool(stack.bool(at: index))
        case .number:
            if stack.isInteger(at: index), let i = stack.integer(at: index) { return .integer(i) }
            guard let d = stack.number(at: index), d.isFinite else {
                report("expected a finite number, got \(StoreValue.format(stack.number(at: index) ?? .nan))", code: .wrongType)
                budget.failed = true
                return nil
            }
            return .number(d)
        case .table:
            return platformTableValue(at: index, depth: depth, budget: &budget, topLevel: topLevel)
        default:
            report("expected a plain value (a string, a number, a boolean or a table of them), got a \(stack.type(at: index).name); \(topLevel) holds data written into the export, never code", code: .wrongType)
            budget.failed = true
            return nil
        }
    }

    /// A table of the platform value: a list (keys 1...n) or named keys (sorted).
    private func platformTableValue(at t: Int32, depth: Int, budget: inout PlatformBudget, topLevel: String) -> PlatformValue? {
        guard depth <= Validator.maxPlatformDepth else {
            report("\(topLevel) nests tables more than \(Validator.maxPlatformDepth) deep")
            budget.failed = true
            return nil
        }
        guard let pointer = stack.pointer(at: t) else { return nil }
        if budget.visiting.contains(pointer) {
            report("this table contains itself (a cycle of tables); \(topLevel) holds plain data", code: .cycle)
            budget.failed = true
            return nil
        }
        guard stack.ensure(8) else { budget.failed = true; return nil }
        budget.visiting.append(pointer)
        defer { budget.visiting.removeLast() }
        var named: [PlatformEntry] = []
        var count = 0
        var integerKeys = 0
        stack.pushNil()
        while stack.next(t) {
            count += 1
            switch stack.type(at: -2) {
            case .string:
                guard let (key, valid) = stack.checkedString(at: -2) else { stack.pop(2); budget.failed = true; return nil }
                if !valid {
                    report("a key that is not valid UTF-8 text")
                    stack.pop(2)
                    budget.failed = true
                    return nil
                }
                let value = withPath(.field(key)) { platformValue(at: stack.absolute(-1), depth: depth + 1, budget: &budget, topLevel: topLevel) }
                guard let value else { stack.pop(2); return nil }
                named.append(PlatformEntry(key: key, value: value))
            case .number where stack.integer(at: -2).map({ $0 >= 1 }) ?? false:
                integerKeys += 1
            default:
                let shown = stack.type(at: -2) == .number ? StoreValue.format(stack.number(at: -2) ?? 0) : stack.type(at: -2).name
                report("unexpected key \(shown); \(topLevel) tables have string keys or are lists")
                stack.pop(2)
                budget.failed = true
                return nil
            }
            stack.pop()
        }
        if integerKeys == 0 {
            named.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .table(named)
        }
        let n = stack.rawLength(t)
        guard named.isEmpty, n == integerKeys else {
            report(named.isEmpty ? "a list with holes; \(topLevel) lists hold their items at 1, 2, 3, ..."
                                 : "a table with both named keys and list items; use one or the other")
            budget.failed = true
            return nil
        }
        var items: [PlatformValue] = []
        items.reserveCapacity(n)
        for i in 1...n {
            stack.rawGet(t, index: i)
            let item = withPath(.index(i)) { platformValue(at: stack.absolute(-1), depth: depth + 1, budget: &budget, topLevel: topLevel) }
            stack.pop()
            guard let item else { return nil }
            items.append(item)
        }
        return .list(items)
    }
}
