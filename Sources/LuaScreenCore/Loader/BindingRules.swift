import LuaRuntime
import ScreenModel

/// The rules of a bound row's value: its default against its kind, range, options and
/// counts, and a toggle's stored values.
extension Validator {
    /// Completes a bound row's binding (its key, its default checked against its rules) and
    /// registers the key, reporting a key bound by another kind of row.
    func bind(_ row: inout Row, binding: Binding, key: String?, _ s: RowSlots) {
        let kind = row.kind
        var binding = binding
        binding.key = key ?? row.id
        var defaultPresent = s.has(.default_)
        if defaultPresent, s.at(.default_).type == .function {
            // A function of ctx, run at each read; the kind's fallback stands in for it.
            binding.defaultFunction = reference(at: s.at(.default_))
            defaultPresent = false
        }
        let defaultValue: StoreValue? = !defaultPresent ? nil
            : (kind == .list || binding.multiple) ? listValue(at: s.at(.default_)) : storeValue(at: s.at(.default_))
        if defaultPresent, defaultValue == nil {
            typeError("default", expected: expectedDefault(kind), at: s.at(.default_))
        }
        checkBinding(kind, &binding, defaultValue: defaultValue, defaultPresent: defaultPresent, optionsPresent: s.has(.options))
        row.binding = binding
        let entry = ScreenRegistry.BoundKey(defaultValue: binding.defaultValue, kind: kind, line: Int32(row.location?.line ?? 0),
                             rules: BoundRow.hasRules(row) ? BoundRow(row) : nil, rowID: row.id)
        if let previous = registry.bind(binding.key, entry) {
            let at = previous.line > 0 ? " at line \(previous.line)" : ""
            // The rules are compared only when a second row binds the key (made then, not kept).
            let signature = RuleSignature(kind, binding), previousSignature = previous.signature
            if previous.kind != kind {
                report("key \"\(binding.key)\" is bound by \(article(kind.constructor)) here and by \(article(previous.kind.constructor))\(at); one key holds one kind of value", field: "key",
                       code: .keyConflict)
            } else if case let differences = signature.differences(from: previousSignature), !differences.isEmpty {
                // Rows that agree may share a key (a Settings.bundle shows one value on two panes);
                // rows that disagree would let one accept what the other then shows out of its rules.
                // A clash of the key's rules, whatever rule differs (the default included).
                report("key \"\(binding.key)\" is bound by row \"\(row.id)\" here and by row \"\(previous.rowID)\"\(at) with different rules: \(differences.joined(separator: "; ")); rows sharing a key must agree", field: "key",
                       code: .keyConflict)
            }
        }
    }

    /// What a kind's default must be, for a type error.
    func expectedDefault(_ kind: RowKind) -> String {
        switch kind {
        case .list: return "a list of strings"
        case .date: return "a date \"YYYY-MM-DD\" or a function of ctx"
        case .time: return "a time \"HH:MM\" or a function of ctx"
        case .toggle: return "a boolean"
        case .input: return "a string"
        case .number: return "a number"
        default: return "a boolean, number or string"
        }
    }

    /// Checks a default against the kind's rules and sets the binding's default.
    func checkBinding(_ kind: RowKind, _ binding: inout Binding, defaultValue: StoreValue?, defaultPresent: Bool, optionsPresent: Bool) {
        switch kind {
        case .toggle:
            switch defaultValue {
            case .bool(let b)?: binding.defaultValue = binding.toggleValue(b)
            case let other?: report("expected a boolean, got \(other.typeName)\(binding.toggleValues != nil ? " (the default says on or off: true or false; values says what is stored)" : "")", field: "default", code: .wrongType)
                binding.defaultValue = binding.toggleValue(false)
            case nil: binding.defaultValue = binding.toggleValue(false)
            }
        case .input:
            if let d = defaultValue {
                if case .string(let s) = d {
                    binding.defaultValue = d
                    if let max = binding.maxLength, s.count > max {
                        report("the default is \(s.count) characters, more than max_length \(max)", field: "default", code: .badDefault)
                    }
                } else {
                    report("expected a string, got \(d.typeName)", field: "default", code: .wrongType)
                    binding.defaultValue = .string("")
                }
            } else {
                binding.defaultValue = .string("")
            }
        case .number:
            if let lo = binding.minimum, let hi = binding.maximum, lo > hi {
                report("min (\(StoreValue.format(lo))) is greater than max (\(StoreValue.format(hi)))", field: "min")
            }
            if let step = binding.step, step <= 0 {
                report("step must be greater than 0, got \(StoreValue.format(step))", field: "step", code: .wrongType)
            }
            var value: StoreValue = binding.minimum.map { numberValue($0) } ?? .integer(0)
            let rangeIsValid = (binding.minimum ?? 0) <= (binding.maximum ?? .infinity) || binding.minimum == nil || binding.maximum == nil
            if let d = defaultValue, !rangeIsValid {
                value = d
            } else if let d = defaultValue {
                if let n = d.doubleValue {
                    guard n.isFinite else {
                        report("expected a finite number, got \(d)", field: "default", code: .wrongType)
                        binding.defaultValue = value
                        return
                    }
                    value = d
                    if let lo = binding.minimum, n < lo {
                        report("the default \(d) is below min \(StoreValue.format(lo))", field: "default", code: .badDefault)
                    } else if let hi = binding.maximum, n > hi {
                        report("the default \(d) is above max \(StoreValue.format(hi))", field: "default", code: .badDefault)
                    } else if let step = binding.step, step > 0,
                              !NumberGrid.isOnGrid(n, step: step, origin: binding.minimum ?? 0) {
                        report("the default \(d) is " + NumberGrid.offGrid(n, step: step, origin: binding.minimum ?? 0, maximum: binding.maximum),
                               field: "default", severity: .warning, code: .badDefault)
                    }
                } else {
                    report("expected a number, got \(d.typeName)", field: "default", code: .wrongType)
                }
            } else if binding.minimum == nil, let hi = binding.maximum, hi < 0 {
                value = numberValue(hi)
            }
            binding.defaultValue = value
        case .choice where binding.multiple:
            binding.defaultValue = .list([])
            guard let items = defaultValue?.listItems else {
                if binding.options == nil, !optionsPresent {
                    report("missing required field \"options\" (a list of strings or { value =, text = } tables)", code: .missingField)
                }
                return
            }
            if case .value(let options)? = binding.options {
                for item in items where !options.contains(where: { $0.value.sameValue(as: item) }) {
                    let values = options.prefix(20).map { "\"\($0.value)\"" }.joined(separator: ", ")
                    let closest = Suggest.closest(to: item.description, in: options.map { $0.value.description })
                    report("the default holds \"\(item)\", which is not among the options (\(values))\(Suggest.hint(closest: closest))", field: "default",
                           code: .badDefault, suggestion: closest)
                }
            }
            if let lo = binding.minSelected, items.count < lo {
                report("the default chooses \(items.count) options, fewer than min_selected \(lo)", field: "default", code: .badDefault)
            }
            if let hi = binding.maxSelected, items.count > hi {
                report("the default chooses \(items.count) options, more than max_selected \(hi)", field: "default", code: .badDefault)
            }
            binding.defaultValue = .list(items)
        case .date, .time:
            binding.defaultValue = .string(binding.earliest ?? "")
            guard let d = defaultValue else { return }
            // `default = ""`: the value starts unset, as `set REF ""` leaves it.
            if case .string("") = d { binding.defaultValue = d; return }
            guard case .string(let text) = d, let value = kind == .date ? DayTime.date(text) : DayTime.time(text) else {
                report("the default \"\(d.description.prefix(200))\" is not a \(kind == .date ? "date YYYY-MM-DD" : "time HH:MM")", field: "default", code: .badDefault)
                return
            }
            if let lo = binding.earliest, value < lo { report("the default \(value) is before min \(lo)", field: "default", code: .badDefault) }
            if let hi = binding.latest, value > hi { report("the default \(value) is after max \(hi)", field: "default", code: .badDefault) }
            binding.defaultValue = .string(value)
        case .list:
            binding.defaultValue = .list([])
            guard let items = defaultValue?.listItems else { return }
            if let max = binding.maxItems, items.count > max {
                report("the default has \(items.count) items, more than max_items \(max)", field: "default", code: .badDefault)
            }
            if let min = binding.minItems, items.count < min {
                report("the default has \(items.count) item\(items.count == 1 ? "" : "s"), fewer than min_items \(min)", field: "default", code: .badDefault)
            }
            if binding.unique, Set(items.map(\.description)).count != items.count {
                report("the default holds an item twice, and the list is unique", field: "default", code: .badDefault)
            }
            binding.defaultValue = .list(items)
        case .choice:
            if case .value(let options)? = binding.options {
                if let d = defaultValue {
                    if !options.contains(where: { $0.value.sameValue(as: d) }) {
                        let values = options.map { "\"\($0.value)\"" }.joined(separator: ", ")
                        let closest = Suggest.closest(to: d.description, in: options.map { $0.value.description })
                        report("the default \"\(d)\" is not among the options (\(values))\(Suggest.hint(closest: closest))", field: "default",
                               code: .badDefault, suggestion: closest)
                    }
                    binding.defaultValue = d
                } else if let first = options.first {
                    binding.defaultValue = first.value
                }
            } else if binding.options == nil, !optionsPresent {
                report("missing required field \"options\" (a list of strings or { value =, text = } tables)", code: .missingField)
            } else if let d = defaultValue {
                binding.defaultValue = d
            } else {
                binding.defaultValue = .string("")
            }
        case .tristate:
            binding.defaultValue = .string("n")
            if let d = defaultValue {
                if case .string(let t) = d, Tristate(text: t) != nil { binding.defaultValue = d }
                else if case .bool(let b) = d { binding.defaultValue = .string(b ? "y" : "n") }
                else { report("expected \"n\", \"m\" or \"y\", got \(d.typeName) \"\(d.description.prefix(200))\"", field: "default", code: .wrongType) }
            }
        case .symbol:
            binding.defaultValue = defaultValue ?? .string("")
        case .text, .button:
            break
        }
    }

    /// A toggle's `values = { ON, OFF }`: two different booleans, numbers or strings.
    func toggleValues(at v: borrowing LuaValueView) -> (on: StoreValue, off: StoreValue)? {
        guard let read = v.table({ t -> (extra: Bool, on: StoreValue?, off: StoreValue?) in
            var extra = false
            t.forEachPair { key, _ in
                if !(key.isInteger && (key.integer == 1 || key.integer == 2)) { extra = true }
            }
            // As `guard !extra, let on, let off`: a value is read (and may report) only when
            // everything before it passed.
            guard !extra, let on = t.value(at: 1, { storeValue(at: $0) }) else { return (extra, nil, nil) }
            return (false, on, t.value(at: 2) { storeValue(at: $0) })
        }) else {
            typeError("values", expected: "a list of two values { ON, OFF }", at: v)
            return nil
        }
        guard !read.extra, let on = read.on, let off = read.off else {
            report("values must be a list of two values { ON, OFF } (booleans, numbers or strings), e.g. { \"yes\", \"no\" }", field: "values")
            return nil
        }
        if on.sameValue(as: off) {
            report("values: ON and OFF are both \"\(on)\"; they must differ", field: "values")
            return nil
        }
        return (on, off)
    }
}

/// "a word" or "an word", by the word's first letter.
func article(_ word: String) -> String {
    guard let first = word.first else { return word }
    return ("aeiou".contains(first) ? "an " : "a ") + word
}

/// The rules a bound row sets for its key, compared between rows that share the key.
/// A value type: `Sendable`.
struct RuleSignature: Sendable {
    /// Each rule's name and its value as written ("max" → "10"), in a fixed order.
    var rules: [(name: String, value: String)] = []

    init() {}

    /// The rules of `binding` for a row of `kind`; functions (a `default` or `options`
    /// function, `validate`) are not compared.
    init(_ kind: RowKind, _ binding: Binding) {
        func add(_ name: String, _ value: String?) { if let value { rules.append((name, value)) } }
        func number(_ n: Double?) -> String? { n.map(StoreValue.format) }
        if binding.defaultFunction == nil { add("default", binding.defaultValue.description) }
        add("min", number(binding.minimum) ?? binding.earliest)
        add("max", number(binding.maximum) ?? binding.latest)
        add("step", number(binding.step))
        add("max_length", binding.maxLength.map(String.init))
        add("min_selected", binding.minSelected.map(String.init))
        add("max_selected", binding.maxSelected.map(String.init))
        add("min_items", binding.minItems.map(String.init))
        add("max_items", binding.maxItems.map(String.init))
        if binding.unique { add("unique", "true") }
        if binding.multiple { add("multiple", "true") }
        if kind == .input, binding.multiline { add("multiline", "true") }
        if let values = binding.toggleValues { add("values", "{ \(values.on), \(values.off) }") }
        if case .value(let options)? = binding.options {
            add("options", "{ " + options.map { "\"\($0.value)\"" }.sorted().joined(separator: ", ") + " }")
        }
    }

    /// "max 10 here, 5 there" for each rule set differently (or only on one side).
    func differences(from other: RuleSignature) -> [String] {
        var names: [String] = []
        for rule in rules + other.rules where !names.contains(rule.name) { names.append(rule.name) }
        return names.compactMap { name in
            let here = rules.first { $0.name == name }?.value
            let there = other.rules.first { $0.name == name }?.value
            guard here != there else { return nil }
            func shown(_ v: String?) -> String { v.map { String($0.prefix(60)) } ?? "none" }
            return "\(name) \(shown(here)) here, \(shown(there)) there"
        }
    }
}
