import LuaRuntime
import ScreenModel

/// Typed text read as a value of a row's kind (the REPL's `set`, a test's `set` with a string).
extension Session {
    /// What a toggle's `set` takes, for its refusal: `on or off (true/false, yes/no)`; with
    /// `values` those first, as they are stored (`on or off: enabled or disabled, or
    /// true/false, yes/no`), a built-in pair they repeat left out.
    static func toggleWords(_ values: (on: StoreValue, off: StoreValue)?) -> String {
        guard let values else { return "on or off (true/false, yes/no)" }
        let pair = "\(values.on)/\(values.off)"
        let others = ["on/off", "true/false", "yes/no"].filter { $0 != pair }
        return "on or off: \(values.on) or \(values.off) (its values), or \(others.joined(separator: ", "))"
    }

    /// Turns typed text into a value of the row's kind.
    func parse(_ text: String, for row: Row) throws -> StoreValue {
        guard let binding = row.binding else { throw SessionError.refused("row \"\(row.id)\" has no value") }
        let t = text.trimmingSpaces
        switch row.kind {
        case .toggle:
            if let values = binding.toggleValues {
                if t == values.on.description { return values.on }
                if t == values.off.description { return values.off }
            }
            switch t.lowercased() {
            case "true", "on", "yes", "y", "1": return .bool(true)
            case "false", "off", "no", "n", "0": return .bool(false)
            default:
                throw SessionError.refused("\"\(row.text.value ?? row.id)\" is a toggle: give \(Session.toggleWords(binding.toggleValues))")
            }
        case .choice where binding.multiple:
            return try parseMultiple(text, for: row)
        case .list:
            return .list(Session.splitItems(text).map { .string($0) })
        case .choice:
            let options = try options(of: row).get()
            if let o = options.first(where: { $0.value.description == t }) { return o.value }
            if let o = options.first(where: { $0.text == t || tr($0.text) == t }) { return o.value }
            if let o = options.first(where: { $0.text.lowercased() == t.lowercased() || $0.value.description.lowercased() == t.lowercased() }) { return o.value }
            let list = options.map { $0.text == $0.value.description ? $0.text : "\($0.value) (\($0.text))" }
            throw SessionError.refused("\"\(t)\" is not an option of \"\(row.text.value ?? row.id)\"; options: \(list.joined(separator: ", "))\(Suggest.hint(t, options.map(\.text)))")
        case .input:
            // REPL text reads \n as a newline in a multiline input.
            return .string(binding.multiline ? Session.readingNewlines(text) : text)
        case .date, .time:
            return .string(t)
        case .tristate:
            guard let v = Tristate(text: t.lowercased()) else {
                throw SessionError.refused("\"\(row.text.value ?? row.id)\" is a tristate: give n, m or y")
            }
            return .string(v.description)
        case .number:
            let unitless = binding.unit.map { u in t.hasSuffix(u) ? String(t.dropLast(u.count)).trimmingSpaces : t } ?? t
            let value: StoreValue
            if let i = Int64(unitless) { value = .integer(i) }
            else if let d = Double(unitless), d.isFinite { value = .number(d) }
            else { throw SessionError.refused("\"\(t)\" is not a number") }
            return value
        default:
            throw SessionError.refused("row \"\(row.id)\" has no value")
        }
    }
}
