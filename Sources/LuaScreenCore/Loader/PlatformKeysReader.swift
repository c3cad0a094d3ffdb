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

    /// The `ios` or `android` table (nil, reported, when it is not a table of plain values),
    /// its entries sorted by key.
    func platformTable(_ field: String, at v: borrowing LuaValueView) -> [PlatformEntry]? {
        guard v.type == .table else {
            typeError(field, expected: "a table of plain values (\(field) = { KEY = value, ... })", at: v)
            return nil
        }
        var budget = PlatformBudget()
        let value = withPath(.field(field)) { platformValue(v, depth: 1, budget: &budget, topLevel: field) }
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

    /// The plain value; nil (reported) when it is not one.
    private func platformValue(_ v: borrowing LuaValueView, depth: Int, budget: inout PlatformBudget, topLevel: String) -> PlatformValue? {
        guard !budget.failed else { return nil }
        budget.values -= 1
        if budget.values < 0 {
            report("\(topLevel) holds more than \(Validator.maxPlatformValues) values; platform keys are a few settings, not data")
            budget.failed = true
            return nil
        }
        if v.type == .table {
            return v.table { platformTableValue($0, depth: depth, budget: &budget, topLevel: topLevel) } ?? nil
        }
        switch v.plainValue {
        case .string(let text, let valid):
            guard valid else {
                report("the text is not valid UTF-8; platform keys are written back byte for byte, so they must be text")
                budget.failed = true
                return nil
            }
            return .string(text)
        case .refusedCopy:
            budget.failed = true
            return nil
        case .bool(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .number(let d):
            guard d.isFinite else {
                report("expected a finite number, got \(StoreValue.format(d))", code: .wrongType)
                budget.failed = true
                return nil
            }
            return .number(d)
        case .other:
            report("expected a plain value (a string, a number, a boolean or a table of them), got a \(v.type.name); \(topLevel) holds data written into the export, never code", code: .wrongType)
            budget.failed = true
            return nil
        }
    }

    /// A table of the platform value: a list (keys 1...n) or named keys (sorted).
    private func platformTableValue(_ t: borrowing LuaTableView, depth: Int, budget: inout PlatformBudget, topLevel: String) -> PlatformValue? {
        guard depth <= Validator.maxPlatformDepth else {
            report("\(topLevel) nests tables more than \(Validator.maxPlatformDepth) deep")
            budget.failed = true
            return nil
        }
        guard let pointer = t.pointer else { return nil }
        if budget.visiting.contains(pointer) {
            report("this table contains itself (a cycle of tables); \(topLevel) holds plain data", code: .cycle)
            budget.failed = true
            return nil
        }
        budget.visiting.append(pointer)
        defer { budget.visiting.removeLast() }
        var named: [PlatformEntry] = []
        var integerKeys = 0
        // The first problem ends the walk, as it ends the read.
        let read = t.allPairs { key, value -> Bool in
            switch key.type {
            case .string:
                guard let (name, valid) = key.checkedString else { budget.failed = true; return false }
                if !valid {
                    report("a key that is not valid UTF-8 text")
                    budget.failed = true
                    return false
                }
                let item = withPath(.field(name)) { platformValue(value, depth: depth + 1, budget: &budget, topLevel: topLevel) }
                guard let item else { return false }
                named.append(PlatformEntry(key: name, value: item))
            case .number where key.integer.map({ $0 >= 1 }) ?? false:
                integerKeys += 1
            default:
                let shown = key.type == .number ? StoreValue.format(key.number ?? 0) : key.type.name
                report("unexpected key \(shown); \(topLevel) tables have string keys or are lists")
                budget.failed = true
                return false
            }
            return true
        }
        guard read else { return nil }
        if integerKeys == 0 {
            named.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .table(named)
        }
        let n = t.count
        guard named.isEmpty, n == integerKeys else {
            report(named.isEmpty ? "a list with holes; \(topLevel) lists hold their items at 1, 2, 3, ..."
                                 : "a table with both named keys and list items; use one or the other")
            budget.failed = true
            return nil
        }
        var items: [PlatformValue] = []
        items.reserveCapacity(n)
        let complete = t.allArrayItems(upTo: n) { i, value in
            guard let item = withPath(.index(i), { platformValue(value, depth: depth + 1, budget: &budget, topLevel: topLevel) }) else { return false }
            items.append(item)
            return true
        }
        return complete ? .list(items) : nil
    }
}
