import LuaRuntime
import ScreenModel

/// Typed readers of one field's value: each checks the type, reports what it expected and
/// returns nil when the value does not fit; and the iteration of a table's fields.
extension Validator {
    /// Keeps the value in the registry.
    func reference(at v: borrowing LuaValueView) -> ScriptRef {
        // Rows next to each other often share one callback function: one reference serves
        // them all (the function is kept alive by it).
        let pointer = v.type == .function ? v.pointer : nil
        if let pointer, let last = lastFunction, last.pointer == pointer { return last.ref }
        let ref = ScriptRef(id: (collectedRefs ?? keptRefs).keep(v))
        if let pointer { lastFunction = (pointer, ref) }
        return ref
    }


    /// Reads something that is read again at each render: references are collected, and a
    /// screen id read again replaces the screen registered under it.
    func readAgain<T>(_ body: () -> T) -> (T, refs: LuaRefGroup) {
        lastFunction = nil
        let collected = lua.refGroup()
        collectedRefs = collected
        replacesScreens = true
        defer {
            collectedRefs = nil
            replacesScreens = false
            lastFunction = nil
        }
        let result = body()
        return (result, collected)
    }


    /// A string (a warning for invalid UTF-8), else reported.
    func string(_ field: String, at v: borrowing LuaValueView) -> String? {
        if let (s, valid) = v.checkedString {
            if !valid { report("the text is not valid UTF-8; invalid bytes are shown as \u{FFFD}", field: field, severity: .warning) }
            return s
        }
        typeError(field, expected: "a string", at: v)
        return nil
    }

    /// A string or a function of ctx, else reported.
    func dynamicString(_ field: String, at v: borrowing LuaValueView) -> Dynamic<String>? {
        switch v.type {
        case .string: return string(field, at: v).map { .value($0) }
        case .function: return .function(reference(at: v))
        default:
            typeError(field, expected: "a string or a function of ctx", at: v)
            return nil
        }
    }

    /// A boolean or a function of ctx, else reported.
    func dynamicBool(_ field: String, at v: borrowing LuaValueView) -> Dynamic<Bool>? {
        switch v.type {
        case .boolean: return .value(v.truth)
        case .function: return .function(reference(at: v))
        default:
            typeError(field, expected: "a boolean or a function of ctx", at: v)
            return nil
        }
    }

    /// A boolean, else reported.
    func bool(_ field: String, at v: borrowing LuaValueView) -> Bool? {
        if let b = v.boolean { return b }
        typeError(field, expected: "a boolean", at: v)
        return nil
    }

    /// A function (kept by reference), else reported.
    func function(_ field: String, at v: borrowing LuaValueView) -> ScriptRef? {
        if v.type == .function { return reference(at: v) }
        typeError(field, expected: "a function", at: v)
        return nil
    }

    /// A finite number, else reported.
    func finiteNumber(_ field: String, at v: borrowing LuaValueView) -> Double? {
        guard let n = v.number else {
            typeError(field, expected: "a number", at: v)
            return nil
        }
        guard n.isFinite else {
            report("expected a finite number, got \(StoreValue.format(n))", field: field, code: .wrongType)
            return nil
        }
        return n
    }

    /// A boolean, string or number as a store value (nil for other types).
    func storeValue(at v: borrowing LuaValueView) -> StoreValue? {
        switch v.plainValue {
        case .bool(let b): return .bool(b)
        case .string(let text, let valid):
            // An error fails the load, so the replaced text is never stored (SPEC §6).
            if !valid { report("a value must be valid UTF-8 text, and this string is not (stored text is kept byte for byte, never altered)") }
            return .string(text)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .refusedCopy, .other: return nil
        }
    }

    /// One of an enum's names, else reported with a did-you-mean.
    func enumValue<E: RawRepresentable & CaseIterable>(_ field: String, _ type: E.Type, at v: borrowing LuaValueView) -> E? where E.RawValue == String {
        guard let raw = v.name else {
            typeError(field, expected: "a string", at: v)
            return nil
        }
        if let value = E(rawValue: raw) { return value }
        let names = E.allCases.map(\.rawValue)
        let closest = Suggest.closest(to: raw, in: names)
        let suggestion = closest.map { "; did you mean \"\($0)\"?" } ?? ""
        report("unknown value \"\(raw)\" (expected \(names.joined(separator: ", "))\(suggestion))", field: field, code: .unknownValue,
               subject: raw, suggestion: closest)
        return nil
    }

    /// Reports a field the table does not have, with a did-you-mean or the kinds that have it.
    func unknownField(_ key: String, allowed: [String]) {
        let closest = Suggest.closest(to: key, in: allowed)
        var hint = Suggest.hint(closest: closest)
        if hint.isEmpty {
            let owners = FieldNames.kinds(having: key)
            if !owners.isEmpty {
                hint = " (it is a field of \(owners.map { $0.constructor }.joined(separator: ", ")) rows)"
            }
        }
        report("unknown field \"\(key)\"\(hint)", field: key, code: .unknownField, subject: key, suggestion: closest)
    }

    /// Iterates the table: string keys go to `field` with their value, positive integer
    /// keys are counted as its array part, other keys are reported.
    func forEachField(_ t: borrowing LuaTableView, what: String, field: (String, borrowing LuaValueView) -> Void) -> Int {
        var arrayCount = 0
        t.forEachPair { key, value in
            switch key.type {
            case .string:
                if let name = key.name { field(name, value) }
            case .number:
                if let i = key.integer, i >= 1 { arrayCount += 1 } else {
                    report("unexpected key \(StoreValue.format(key.number ?? 0)) in a \(what)")
                }
            default:
                report("unexpected \(key.type.name) key in a \(what)")
            }
        }
        return arrayCount
    }

    /// The table's `type` field, when it is a string.
    func typeTag(_ t: borrowing LuaTableView) -> String? {
        t.value("type") { $0.type == .string ? $0.string : nil }
    }


    /// A `date` or `time` field: `"YYYY-MM-DD"` or `"HH:MM"`, a real day or time.
    func dayTime(_ kind: RowKind, _ field: String, at v: borrowing LuaValueView) -> String? {
        guard v.type == .string, let text = string(field, at: v) else {
            typeError(field, expected: kind == .date ? "a date \"YYYY-MM-DD\"" : "a time \"HH:MM\"", at: v)
            return nil
        }
        if let value = kind == .date ? DayTime.date(text) : DayTime.time(text) { return value }
        report("\"\(text.prefix(200))\" is not a \(kind == .date ? "real day in the form YYYY-MM-DD (e.g. 2026-11-30)" : "time of day in the form HH:MM, 00:00 to 23:59")", field: field)
        return nil
    }

    /// A whole number at least `least` (a count of items or options).
    func count(_ field: String, at v: borrowing LuaValueView, least: Int) -> Int? {
        if let n = v.integer, n >= least, n <= Int32.max { return Int(n) }
        if v.type == .number {
            report("\(field) must be a whole number of at least \(least)", field: field)
        } else {
            typeError(field, expected: "a whole number", at: v)
        }
        return nil
    }

    /// A default list (`{ "a", "b" }`): strings and numbers in its array part.
    func listValue(at v: borrowing LuaValueView) -> StoreValue? {
        v.table { t -> StoreValue? in
            var items: [StoreValue] = []
            var ok = true
            t.forEachArrayItem { _, item in
                switch storeValue(at: item) {
                case .string(let s)?: items.append(.string(s))
                case .integer(let v)?: items.append(.integer(v))
                case .number(let d)? where d.isFinite: items.append(.number(d))
                default: ok = false
                }
            }
            return ok ? .list(items) : nil
        } ?? nil
    }


    /// A whole number as an integer value, else a number value.
    func numberValue(_ d: Double) -> StoreValue {
        d == d.rounded() && abs(d) < 1e15 ? .integer(Int64(d)) : .number(d)
    }
}
