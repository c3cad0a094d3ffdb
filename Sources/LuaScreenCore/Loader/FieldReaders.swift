import LuaRuntime
import ScreenModel

/// Typed readers of one field's value: each checks the type, reports what it expected and
/// returns nil when the value does not fit; and the iteration of a table's fields.
extension Validator {
    /// Keeps the value on top in the registry (it stays on the stack).
    func reference(at index: Int32 = -1) -> ScriptRef {
        // Rows next to each other often share one callback function: one reference serves
        // them all (the function is kept alive by it).
        let pointer = stack.type(at: index) == .function ? stack.pointer(at: index) : nil
        if let pointer, let last = lastFunction, last.pointer == pointer { return last.ref }
        stack.pushValue(index)
        let ref = ScriptRef(id: lua.ref())
        if let pointer { lastFunction = (pointer, ref) }
        collectedRefs?.append(ref.id)
        return ref
    }


    /// Reads something that is read again at each render: references are collected, and a
    /// screen id read again replaces the screen registered under it.
    func readAgain<T>(_ body: () -> T) -> (T, refs: [Int32]) {
        lastFunction = nil
        collectedRefs = []
        replacesScreens = true
        defer {
            collectedRefs = nil
            replacesScreens = false
            lastFunction = nil
        }
        let result = body()
        return (result, collectedRefs ?? [])
    }


    /// A string (a warning for invalid UTF-8), else reported.
    func string(_ field: String, at index: Int32 = -1) -> String? {
        if let (s, valid) = stack.checkedString(at: index) {
            if !valid { report("the text is not valid UTF-8; invalid bytes are shown as \u{FFFD}", field: field, severity: .warning) }
            return s
        }
        typeError(field, expected: "a string", at: index)
        return nil
    }

    /// A string or a function of ctx, else reported.
    func dynamicString(_ field: String, at index: Int32 = -1) -> Dynamic<String>? {
        switch stack.type(at: index) {
        case .string: return string(field, at: index).map { .value($0) }
        case .function: return .function(reference(at: index))
        default:
            typeError(field, expected: "a string or a function of ctx", at: index)
            return nil
        }
    }

    /// A boolean or a function of ctx, else reported.
    func dynamicBool(_ field: String, at index: Int32 = -1) -> Dynamic<Bool>? {
        switch stack.type(at: index) {
        case .boolean: return .value(stack.bool(at: index))
        case .function: return .function(reference(at: index))
        default:
            typeError(field, expected: "a boolean or a function of ctx", at: index)
            return nil
        }
    }

    /// A boolean, else reported.
    func bool(_ field: String, at index: Int32 = -1) -> Bool? {
        if stack.type(at: index) == .boolean { return stack.bool(at: index) }
        typeError(field, expected: "a boolean", at: index)
        return nil
    }

    /// A function (kept by reference), else reported.
    func function(_ field: String, at index: Int32 = -1) -> ScriptRef? {
        if stack.type(at: index) == .function { return reference(at: index) }
        typeError(field, expected: "a function", at: index)
        return nil
    }

    /// A finite number, else reported.
    func finiteNumber(_ field: String, at index: Int32 = -1) -> Double? {
        guard let n = stack.number(at: index) else {
            typeError(field, expected: "a number", at: index)
            return nil
        }
        guard n.isFinite else {
            report("expected a finite number, got \(StoreValue.format(n))", field: field, code: .wrongType)
            return nil
        }
        return n
    }

    /// A boolean, string or number as a store value (nil for other types).
    func storeValue(at index: Int32) -> StoreValue? {
        switch stack.type(at: index) {
        case .boolean: return .bool(stack.bool(at: index))
        case .string:
            guard let (text, valid) = stack.checkedString(at: index) else { return nil }
            // An error fails the load, so the replaced text is never stored (SPEC §6).
            if !valid { report("a value must be valid UTF-8 text, and this string is not (stored text is kept byte for byte, never altered)") }
            return .string(text)
        case .number:
            if stack.isInteger(at: index), let i = stack.integer(at: index) { return .integer(i) }
            return stack.number(at: index).map { .number($0) }
        default: return nil
        }
    }

    /// One of an enum's names, else reported with a did-you-mean.
    func enumValue<E: RawRepresentable & CaseIterable>(_ field: String, _ type: E.Type, at index: Int32 = -1) -> E? where E.RawValue == String {
        guard let raw = stack.name(at: index) else {
            typeError(field, expected: "a string", at: index)
            return nil
        }
        if let value = E(rawValue: raw) { return value }
        let names = E.allCases.map(\.rawValue)
        let suggestion = Suggest.closest(to: raw, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        report("unknown value \"\(raw)\" (expected \(names.joined(separator: ", "))\(suggestion))", field: field, code: .unknownValue)
        return nil
    }

    /// Reports a field the table does not have, with a did-you-mean or the kinds that have it.
    func unknownField(_ key: String, allowed: [String]) {
        var hint = Suggest.hint(key, allowed)
        if hint.isEmpty {
            let owners = FieldNames.kinds(having: key)
            if !owners.isEmpty {
                hint = " (it is a field of \(owners.map { $0.constructor }.joined(separator: ", ")) rows)"
            }
        }
        report("unknown field \"\(key)\"\(hint)", field: key, code: .unknownField)
    }

    /// Iterates the table at `index`: string keys go to `field` (the value on top),
    /// positive integer keys are counted as its array part, other keys are reported.
    func forEachField(_ index: Int32, what: String, field: (String) -> Void) -> Int {
        let t = stack.absolute(index)
        var arrayCount = 0
        stack.ensure(8)
        stack.pushNil()
        while stack.next(t) {
            switch stack.type(at: -2) {
            case .string:
                if let key = stack.name(at: -2) { field(key) }
            case .number:
                if let i = stack.integer(at: -2), i >= 1 { arrayCount += 1 } else {
                    report("unexpected key \(StoreValue.format(stack.number(at: -2) ?? 0)) in a \(what)")
                }
            default:
                report("unexpected \(stack.type(at: -2).name) key in a \(what)")
            }
            stack.pop()
        }
        return arrayCount
    }

    /// The table's `type` field, when it is a string.
    func typeTag(_ index: Int32) -> String? {
        defer { stack.pop() }
        return stack.rawGet(index, "type") == .string ? stack.string(at: -1) : nil
    }


    /// A `date` or `time` field: `"YYYY-MM-DD"` or `"HH:MM"`, a real day or time.
    func dayTime(_ kind: RowKind, _ field: String, at index: Int32) -> String? {
        guard stack.type(at: index) == .string, let text = string(field, at: index) else {
            typeError(field, expected: kind == .date ? "a date \"YYYY-MM-DD\"" : "a time \"HH:MM\"", at: index)
            return nil
        }
        if let value = kind == .date ? DayTime.date(text) : DayTime.time(text) { return value }
        report("\"\(text.prefix(200))\" is not a \(kind == .date ? "real day in the form YYYY-MM-DD (e.g. 2026-11-30)" : "time of day in the form HH:MM, 00:00 to 23:59")", field: field)
        return nil
    }

    /// A whole number at least `least` (a count of items or options).
    func count(_ field: String, at index: Int32, least: Int) -> Int? {
        if let n = stack.integer(at: index), n >= least, n <= Int32.max { return Int(n) }
        if stack.type(at: index) == .number {
            report("\(field) must be a whole number of at least \(least)", field: field)
        } else {
            typeError(field, expected: "a whole number", at: index)
        }
        return nil
    }

    /// A default list (`{ "a", "b" }`): strings and numbers in its array part.
    func listValue(at index: Int32) -> StoreValue? {
        guard stack.type(at: index) == .table else { return nil }
        let t = stack.absolute(index)
        let n = stack.rawLength(t)
        var items: [StoreValue] = []
        var ok = true
        if n > 0 {
            for i in 1...n {
                stack.rawGet(t, index: i)
                switch storeValue(at: -1) {
                case .string(let s)?: items.append(.string(s))
                case .integer(let v)?: items.append(.integer(v))
                case .number(let d)? where d.isFinite: items.append(.number(d))
                default: ok = false
                }
                stack.pop()
            }
        }
        return ok ? .list(items) : nil
    }


    /// A whole number as an integer value, else a number value.
    func numberValue(_ d: Double) -> StoreValue {
        d == d.rounded() && abs(d) < 1e15 ? .integer(Int64(d)) : .number(d)
    }
}
