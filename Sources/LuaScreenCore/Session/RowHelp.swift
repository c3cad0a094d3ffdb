import LuaRuntime
import ScreenModel

/// `help REF`: what a row is, its key, value, default, range and options.
extension Session {
    /// `help REF`: the row's help, kind, key, value and default.
    public func help(_ reference: String) throws -> String {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved = try lookup(reference, includeHidden: true)
        guard let row = declaredRow(resolved) else { return resolved.text }
        var lines = ["\(resolved.text) (\(row.kind.constructor), id \(row.id))"]
        if let help = helpText(of: row) { lines.append(help) }
        if let binding = row.binding {
            let current = value(for: binding.key)
            lines.append("key: \(binding.key)")
            lines.append("value: \(binding.secure ? Binding.secureMask : current.map { $0.description } ?? "nil")")
            lines.append("default: \(binding.secure ? Binding.secureMask : binding.defaultValue.description)")
            if row.kind == .number {
                let range = [binding.rangeText, binding.unit.map { "unit \($0)" }].compactMap { $0 }
                if !range.isEmpty { lines.append(range.joined(separator: ", ")) }
            }
            if row.kind == .choice, case .success(let options) = options(of: row) {
                lines.append("options: " + options.map { tr($0.text) == $0.value.description ? $0.text : "\($0.value) (\(tr($0.text)))" }.joined(separator: ", "))
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
        lines += actionHelp(row)
        if !resolved.enabled || !resolved.visible { lines.append(try why(reference)) }
        if let location = row.location { lines.append("declared at \(location)") }
        return lines.joined(separator: "\n")
    }
}
