import ScreenModel

// The words of `why` and `help` answers: the one home of their text, which the REPL prints,
// a test's `s:why` / `s:help` return to Lua, the preview serves and explore quotes.

extension WhyAnswer {
    /// The answer as one line: `Network: disabled because wifi = false (file:line)`.
    package var formatted: String {
        switch subject {
        case .option(let text): return "row \"\(text)\" is a choice's option"
        case .row(let text): return "\(text): " + findings.map(\.formatted).joined(separator: "; ")
        case .section(let id): return "section \"\(id)\": " + findings.map(\.formatted).joined(separator: "; ")
        }
    }
}

extension WhyAnswer.Finding {
    /// One finding as `why` says it.
    package var formatted: String {
        switch self {
        case .sectionHidden: return "hidden because its section is hidden"
        case .unmet(let unmet): return unmet.formatted
        case .shown(let enabled, let passed):
            var note = enabled ? "shown and enabled" : "shown"
            let conditions = passed.map { "\($0.field) read \(WhyAnswer.text(of: $0.reads))" }
            if !conditions.isEmpty { note += " (" + conditions.joined(separator: "; ") + ")" }
            return note
        }
    }
}

extension WhyAnswer.Unmet {
    /// "disabled because sync = false (file:line)".
    package var formatted: String {
        let stateText: String
        switch state {
        case .hidden: stateText = "hidden"
        case .disabled: stateText = "disabled"
        case .hiddenWithSection(let id): stateText = "hidden because its section \"\(id)\" is hidden"
        }
        switch verdict {
        case .falseInScript(let location):
            return "\(stateText) because \(field) = false in the script\(location.map { " (\($0))" } ?? "")"
        case .failed(let message):
            return "\(field) failed: \(message)"
        case .returnedFalse(let reads, let function, let madeBy):
            let caller = madeBy.map { ", row made by the call at \($0)" } ?? ""
            let place = function.map { " (\($0)\(caller))" } ?? ""
            if reads.isEmpty { return "\(stateText) because its \(field) function returned false\(place)" }
            return "\(stateText) because \(WhyAnswer.text(of: reads))\(place)"
        }
    }
}

extension WhyAnswer {
    /// "a = true, b = nil, tags = {}".
    static func text(of reads: [ValueRead]) -> String {
        reads.map { "\($0.key) = \($0.value.map(\.answerText) ?? "nil")" }.joined(separator: ", ")
    }
}

extension StoreValue {
    /// The value as `why` and `help` say it: a list as the REPL's `store` writes it (an
    /// empty one `{}`), an empty text `""`, so no value reads as nothing; others as they are.
    var answerText: String {
        switch self {
        case .list: return LuaLiteral.value(self)
        case .string(""): return "\"\""
        default: return description
        }
    }
}

extension RowHelpAnswer {
    /// The answer in lines: the row's text, kind and id, its help, key, value, default, range,
    /// options, form, actions, why it is hidden or disabled, and where it is declared.
    package var formatted: String {
        guard let row else { return text }
        var lines = ["\(text) (\(row.kind.constructor), id \(row.id))"]
        if let help { lines.append(help) }
        if let binding = row.binding {
            lines.append("key: \(binding.key)")
            lines.append("value: \(binding.secure ? Binding.secureMask : value.map(\.answerText) ?? "nil")")
            lines.append("default: \(binding.secure ? Binding.secureMask : binding.defaultValue.answerText)")
            if row.kind == .number {
                let range = [binding.rangeText, binding.unit.map { "unit \($0)" }].compactMap { $0 }
                if !range.isEmpty { lines.append(range.joined(separator: ", ")) }
            }
            if let options {
                lines.append("options: " + options.map { $0.shownText == $0.option.value.description ? $0.option.text : "\($0.option.value) (\($0.shownText))" }.joined(separator: ", "))
            }
            if row.kind == .input, let max = binding.maxLength { lines.append("at most \(max) characters") }
            if row.kind == .date || row.kind == .time {
                // The form and the bounds a new value must keep to.
                var form = row.kind == .date ? "form: YYYY-MM-DD" : "form: HH:MM (24-hour)"
                if let lo = binding.earliest { form += ", min \(lo)" }
                if let hi = binding.latest { form += ", max \(hi)" }
                lines.append(form)
            }
        }
        if !row.actions.isEmpty {
            lines.append("actions: " + row.actions.map { "\($0.id) (\($0.text)\($0.destructive ? ", destructive" : ""))" }.joined(separator: ", ")
                         + "; run one with action \(row.id) ID")
        }
        if let why { lines.append(why.formatted) }
        if let location = row.location { lines.append("declared at \(location)") }
        return lines.joined(separator: "\n")
    }
}
