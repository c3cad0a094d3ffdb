import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// A value of a test file's Lua state, copied into Swift with raw accessors only, so `eq`
/// can compare two values and show them without running any of the test's Lua code
/// (no metamethods: `__eq`, `__index`, `__pairs` and `__tostring` are never called).
indirect enum TestValue {
    case nil_
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    /// A string's bytes as Lua holds them (compared byte for byte: "\xff" is not "\xfe").
    case string([UInt8])
    case table(TestTable)
    /// A function, userdata or thread: equal only to itself.
    case opaque(type: String, pointer: UInt)
}

/// One table, shared by every place that refers to it (so cycles are finite).
final class TestTable {
    let pointer: UInt
    var entries: [(key: TestValue, value: TestValue)] = []
    /// Not every entry was read (too deep, or too many entries).
    var truncated = false

    init(pointer: UInt) { self.pointer = pointer }

    /// Entries in display order: 1, 2, 3, ... first, then the other keys sorted.
    lazy var ordered: [(key: TestValue, value: TestValue)] = {
        entries.sorted { TestValue.keyOrder($0.key, $1.key) }
    }()

    /// The length of the sequence 1..n at the start of `ordered`.
    var sequenceLength: Int {
        var n = 0
        for entry in ordered {
            guard case .integer(let i) = entry.key, i == Int64(n + 1) else { break }
            n += 1
        }
        return n
    }

    func value(for key: TestKey) -> TestValue? {
        if lookup == nil {
            var index: [TestKey: TestValue] = [:]
            for entry in entries { index[TestKey(entry.key)] = entry.value }
            lookup = index
        }
        return lookup![key]
    }
    private var lookup: [TestKey: TestValue]?
}

/// A table key as Lua compares keys: by value for booleans, numbers and strings (by their
/// bytes), by identity for everything else.
enum TestKey: Hashable {
    case bool(Bool)
    case integer(Int64)
    case number(UInt64)
    case string([UInt8])
    case identity(UInt)
    case none

    init(_ value: TestValue) {
        switch value {
        case .nil_: self = .none
        case .bool(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .number(let d):
            // Lua turns float keys with an integral value into integer keys.
            if d == d.rounded(), abs(d) < 9.2e18 { self = .integer(Int64(d)) } else { self = .number(d.bitPattern) }
        case .string(let s): self = .string(s)
        case .table(let t): self = .identity(t.pointer)
        case .opaque(_, let p): self = .identity(p)
        }
    }
}

/// Copies Lua values, read through views. Bounded: nesting deeper than `maxDepth` or more
/// than `maxEntries` entries in all are left out (and the table marked truncated).
struct TestValueReader {
    var tables: [UInt: TestTable] = [:]
    var entryCount = 0
    var maxDepth = 200
    var maxEntries = 200_000

    mutating func read(_ v: borrowing LuaValueView, depth: Int = 0) -> TestValue {
        let type = v.type
        switch type {
        case .nil_, .none:
            return .nil_
        case .boolean:
            return .bool(v.truth)
        case .number:
            if v.isInteger, let n = v.integer { return .integer(n) }
            return .number(v.number ?? .nan)
        case .string:
            return .string(v.bytes ?? [])
        case .table:
            let pointer = UInt(bitPattern: v.pointer)
            if let known = tables[pointer] { return .table(known) }
            let table = TestTable(pointer: pointer)
            tables[pointer] = table
            guard depth < maxDepth else {
                table.truncated = true
                return .table(table)
            }
            _ = v.table { t in
                t.allPairs { key, value in
                    entryCount += 1
                    if entryCount > maxEntries {
                        table.truncated = true
                        return false
                    }
                    let keyValue = read(key, depth: depth + 1)
                    let valueValue = read(value, depth: depth + 1)
                    table.entries.append((keyValue, valueValue))
                    return true
                }
            }
            return .table(table)
        default:
            return .opaque(type: type.name, pointer: UInt(bitPattern: v.pointer))
        }
    }
}

/// Where two values first differ.
struct TestDifference {
    /// `.sections[1].rows[2].value`, or "" when the values themselves differ.
    var path: String
    var expected: TestValue
    var actual: TestValue
    /// Why the values could not be compared entirely, when that is the reason.
    var note: String?
}

extension TestValue {
    var isTruthy: Bool {
        switch self {
        case .nil_: return false
        case .bool(let b): return b
        default: return true
        }
    }

    var typeName: String {
        switch self {
        case .nil_: return "nil"
        case .bool: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .opaque(let type, _): return type
        }
    }

    /// Lua's raw equality for everything but tables, which are compared entry by entry.
    static func difference(expected: TestValue, actual: TestValue) -> TestDifference? {
        var assumed = Set<[UInt]>()
        return difference(expected, actual, path: "", assumed: &assumed)
    }

    private static func difference(_ e: TestValue, _ a: TestValue, path: String, assumed: inout Set<[UInt]>) -> TestDifference? {
        switch (e, a) {
        case (.table(let et), .table(let at)):
            if et.pointer == at.pointer { return nil }
            // A pair already being compared higher up is taken as equal (cycles).
            guard assumed.insert([et.pointer, at.pointer]).inserted else { return nil }
            for entry in et.ordered {
                let key = TestKey(entry.key)
                let other = at.value(for: key) ?? .nil_
                if let d = difference(entry.value, other, path: path + pathComponent(entry.key), assumed: &assumed) {
                    return d
                }
            }
            for entry in at.ordered where et.value(for: TestKey(entry.key)) == nil {
                return TestDifference(path: path + pathComponent(entry.key), expected: .nil_, actual: entry.value)
            }
            if et.truncated || at.truncated {
                // Too large to compare entirely: equal only as the same table.
                return TestDifference(path: path, expected: e, actual: a,
                                      note: "the tables are too large to compare (nested over 200 levels deep, or over 200,000 entries in all); compare smaller parts")
            }
            return nil
        default:
            return rawEqual(e, a) ? nil : TestDifference(path: path, expected: e, actual: a)
        }
    }

    static func rawEqual(_ a: TestValue, _ b: TestValue) -> Bool {
        switch (a, b) {
        case (.nil_, .nil_): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let i), .number(let d)), (.number(let d), .integer(let i)):
            // Lua compares an integer and a float by their mathematical values.
            guard d == d.rounded(), d >= -9.223372036854775808e18, d < 9.223372036854775808e18 else { return false }
            return Int64(d) == i
        case (.string(let x), .string(let y)): return x == y
        case (.table(let x), .table(let y)): return x.pointer == y.pointer
        case (.opaque(_, let x), .opaque(_, let y)): return x == y
        default: return false
        }
    }

    /// `.name`, `[1]`, `["two words"]`.
    static func pathComponent(_ key: TestValue) -> String {
        if case .string(let s) = key, isIdentifier(s) { return "." + String(decoding: s, as: UTF8.self) }
        return "[" + describe(key, lineWidth: 40) + "]"
    }

    static func isIdentifier(_ s: [UInt8]) -> Bool { LuaLiteral.isName(s) }

    /// The order keys are shown in: integers ascending, then strings, then the rest.
    static func keyOrder(_ a: TestValue, _ b: TestValue) -> Bool {
        func rank(_ v: TestValue) -> Int {
            switch v {
            case .integer: return 0
            case .number: return 1
            case .string: return 2
            case .bool: return 3
            default: return 4
            }
        }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y
        case (.number(let x), .number(let y)): return x < y
        case (.string(let x), .string(let y)): return x.lexicographicallyPrecedes(y)
        case (.bool(let x), .bool(let y)): return !x && y
        default: return describe(a, lineWidth: 80) < describe(b, lineWidth: 80)
        }
    }

    // MARK: showing values

    /// The value as Lua source would write it: `nil`, `true`, `5`, `0.5`, `"text"`,
    /// `{ 1, 2, name = "x" }`; tables longer than `lineWidth` are written one entry a line.
    static func describe(_ value: TestValue, lineWidth: Int = 72, maxLines: Int = 60) -> String {
        var writer = ValueWriter(lineWidth: lineWidth, maxLines: maxLines)
        return writer.text(value, indent: 0, ancestors: [])
    }

    static func formatNumber(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        // Lua writes floats with an integral value with ".0": 1.0 is not the integer 1.
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return "\(d)"
    }
}

/// Writes values compactly when they fit on a line, else one entry a line.
private struct ValueWriter {
    let lineWidth: Int
    let maxLines: Int
    var lines = 0

    init(lineWidth: Int, maxLines: Int) {
        self.lineWidth = lineWidth
        self.maxLines = maxLines
    }

    mutating func text(_ value: TestValue, indent: Int, ancestors: Set<UInt>) -> String {
        switch value {
        case .nil_: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return TestValue.formatNumber(d)
        case .string(let s): return LuaLiteral.string(s)
        case .opaque(let type, let pointer): return "<\(type) 0x\(String(pointer, radix: 16))>"
        case .table(let table):
            if ancestors.contains(table.pointer) { return "<cycle>" }
            if table.entries.isEmpty { return table.truncated ? "{ … }" : "{}" }
            var inner = ancestors
            inner.insert(table.pointer)
            let sequence = table.sequenceLength
            var compact: [String] = []
            var length = 4
            var fits = true
            for (n, entry) in table.ordered.enumerated() {
                var flat = ValueWriter(lineWidth: Int.max, maxLines: Int.max)
                let item = (n < sequence ? "" : key(entry.key) + " = ") + flat.text(entry.value, indent: 0, ancestors: inner)
                length += item.count + 2
                if length > lineWidth - indent || item.contains("\n") { fits = false; break }
                compact.append(item)
            }
            if fits {
                return "{ " + compact.joined(separator: ", ") + (table.truncated ? ", …" : "") + " }"
            }
            let pad = String(repeating: "  ", count: indent + 1)
            var out = "{"
            for (n, entry) in table.ordered.enumerated() {
                lines += 1
                if lines > maxLines {
                    out += "\n" + pad + "… (\(table.entries.count - n) more)"
                    break
                }
                let item = (n < sequence ? "" : key(entry.key) + " = ") + text(entry.value, indent: indent + 1, ancestors: inner)
                out += "\n" + pad + item + ","
            }
            if table.truncated { out += "\n" + pad + "…" }
            return out + "\n" + String(repeating: "  ", count: indent) + "}"
        }
    }

    mutating func key(_ key: TestValue) -> String {
        if case .string(let s) = key, TestValue.isIdentifier(s) { return String(decoding: s, as: UTF8.self) }
        var flat = ValueWriter(lineWidth: Int.max, maxLines: Int.max)
        return "[" + flat.text(key, indent: 0, ancestors: []) + "]"
    }
}
