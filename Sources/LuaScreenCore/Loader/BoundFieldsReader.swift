import LuaRuntime
import ScreenModel

/// Reading the fields of a bound row (one with a store key), by kind.
extension Validator {
    /// Reads a bound row's key and the fields of its kind into `binding`; returns the key given.
    func readBoundFields(_ kind: RowKind, _ binding: inout Binding, _ s: RowSlots) -> String? {
        var key: String?
        if s.has(.key) {
            // Read once: the store's rules for a key (valid UTF-8), else the type's error.
            switch StoreInput.key(s.at(.key)) {
            case .failure(let refusal)?: report(refusal.message, field: "key")
            case .success(let given)?:
                if given.isEmpty { report("key must not be empty", field: "key") } else { key = given }
            case nil: typeError("key", expected: "a string", at: s.at(.key))
            }
        }
        let allowed = RowField.allowed(for: kind)
        if allowed & RowField.onChange.bit != 0, s.has(.onChange) { binding.onChange = function("on_change", at: s.at(.onChange)) }
        if allowed & RowField.options.bit != 0, s.has(.options) {
            let at = s.at(.options)
            switch at.type {
            case .function: binding.options = .function(reference(at: at))
            case .table: binding.options = at.table { readOptions($0, field: "options") }?.map { .value($0) }
            default: typeError("options", expected: "a list of options or a function of ctx", at: at)
            }
        }
        if kind == .input || kind == .list || kind == .date || kind == .time { readTextEntryFields(&binding, s) }
        if kind == .input { readInputHints(&binding, s) }
        if s.has(.validate) { binding.validate = function("validate", at: s.at(.validate)) }
        switch kind {
        case .toggle: if s.has(.values) { binding.toggleValues = toggleValues(at: s.at(.values)) }
        case .choice: readChoiceFields(&binding, s)
        case .date, .time: readDayTimeFields(kind, &binding, s)
        case .list: readListFields(&binding, s)
        case .number: readNumberFields(&binding, s)
        default: break
        }
        return key
    }

    /// The fields of rows whose value is typed: `placeholder`, `secure`, `multiline`, `max_length`.
    private func readTextEntryFields(_ binding: inout Binding, _ s: RowSlots) {
        if s.has(.placeholder) {
            if s.at(.placeholder).type == .function { binding.placeholderFunction = reference(at: s.at(.placeholder)) }
            else { binding.placeholder = dynamicString("placeholder", at: s.at(.placeholder))?.value }
        }
        if s.has(.secure), let b = bool("secure", at: s.at(.secure)) { binding.secureAsWritten = b }
        if s.has(.multiline), let b = bool("multiline", at: s.at(.multiline)) { binding.multiline = b }
        if binding.multiline, binding.secure {
            report("a secure input is one line; multiline is ignored", field: "multiline", severity: .warning)
        }
        if s.has(.maxLength) {
            let at = s.at(.maxLength)
            if let n = at.integer, n > 0 { binding.maxLength = Int(n) } else if at.type == .number {
                report("max_length must be a whole number above 0", field: "max_length")
            } else {
                typeError("max_length", expected: "a whole number", at: at)
            }
        }
    }

    /// An input's platform hints: `keyboard`, `autocapitalize`, `autocorrect`.
    private func readInputHints(_ binding: inout Binding, _ s: RowSlots) {
        if s.has(.keyboard) { binding.keyboard = enumValue("keyboard", KeyboardKind.self, at: s.at(.keyboard)) }
        if s.has(.autocapitalize) { binding.autocapitalize = enumValue("autocapitalize", Autocapitalization.self, at: s.at(.autocapitalize)) }
        if s.has(.autocorrect) { binding.autocorrect = bool("autocorrect", at: s.at(.autocorrect)) }
    }

    /// A choice's `close_on_pick`, `multiple`, `min_selected`, `max_selected`, `sorted` and `radio`.
    private func readChoiceFields(_ binding: inout Binding, _ s: RowSlots) {
        if s.has(.closeOnPick), let b = bool("close_on_pick", at: s.at(.closeOnPick)) { binding.closeOnPick = b }
        if s.has(.multiple), let b = bool("multiple", at: s.at(.multiple)) { binding.multiple = b }
        if s.has(.minSelected) { binding.minSelected = count("min_selected", at: s.at(.minSelected), least: 0) }
        if s.has(.maxSelected) { binding.maxSelected = count("max_selected", at: s.at(.maxSelected), least: 1) }
        if !binding.multiple, s.has(.minSelected) || s.has(.maxSelected) {
            report("min_selected and max_selected apply to a choice with multiple = true", field: s.has(.minSelected) ? "min_selected" : "max_selected", severity: .warning)
        }
        if let lo = binding.minSelected, let hi = binding.maxSelected, lo > hi {
            report("min_selected (\(lo)) is greater than max_selected (\(hi))", field: "min_selected")
        }
        if binding.multiple, binding.closeOnPick {
            report("close_on_pick is ignored by a choice with multiple = true (each pick adds or removes an option)", field: "close_on_pick", severity: .warning)
        }
        if s.has(.sorted), let b = bool("sorted", at: s.at(.sorted)) { binding.sortedOptions = b }
        if s.has(.radio), let b = bool("radio", at: s.at(.radio)) { binding.radio = b }
        if binding.multiple, binding.radio {
            report("radio shows one option picked of several; a choice with multiple = true is shown as a list instead", field: "radio", severity: .warning)
        }
    }

    /// A date's or time's `min` and `max`.
    private func readDayTimeFields(_ kind: RowKind, _ binding: inout Binding, _ s: RowSlots) {
        if s.has(.min) { binding.earliest = dayTime(kind, "min", at: s.at(.min)) }
        if s.has(.max) { binding.latest = dayTime(kind, "max", at: s.at(.max)) }
        if let lo = binding.earliest, let hi = binding.latest, lo > hi {
            report("min (\(lo)) is later than max (\(hi))", field: "min")
        }
    }

    /// A list's `min_items`, `max_items` and `unique`.
    private func readListFields(_ binding: inout Binding, _ s: RowSlots) {
        if s.has(.minItems) { binding.minItems = count("min_items", at: s.at(.minItems), least: 0) }
        if s.has(.maxItems) { binding.maxItems = count("max_items", at: s.at(.maxItems), least: 1) }
        if let lo = binding.minItems, let hi = binding.maxItems, lo > hi {
            report("min_items (\(lo)) is greater than max_items (\(hi))", field: "min_items")
        }
        if s.has(.unique), let b = bool("unique", at: s.at(.unique)) { binding.unique = b }
    }

    /// A number's `min`, `max`, `step` and `unit`.
    private func readNumberFields(_ binding: inout Binding, _ s: RowSlots) {
        if s.has(.min) { binding.minimum = finiteNumber("min", at: s.at(.min)) }
        if s.has(.max) { binding.maximum = finiteNumber("max", at: s.at(.max)) }
        if s.has(.step) { binding.step = finiteNumber("step", at: s.at(.step)) }
        if s.has(.unit) { binding.unit = string("unit", at: s.at(.unit)) }
        if s.has(.field), let b = bool("field", at: s.at(.field)) { binding.field = b }
    }
}
