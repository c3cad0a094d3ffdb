import LuaRuntime
import ScreenModel

/// `why REF`: why a row is hidden or disabled, naming the values that decided it.
extension Session {
    /// `why REF`: why a row is disabled or hidden, with the values its conditions read.
    public func why(_ reference: String) throws -> String {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved = try lookup(reference, includeHidden: true)
        guard let row = declaredRow(resolved) else { return "row \"\(resolved.text)\" is a choice's option" }
        var lines: [String] = []
        /// "disabled because sync = false (file:line)" for a condition that is false now.
        func explainFalse(_ field: Dynamic<Bool>, name: String, state: String) {
            switch field {
            case .value:
                lines.append("\(state) because \(name) = false in the script\(row.location.map { " (\($0))" } ?? "")")
            case .function(let ref):
                let (result, allReads, error) = explain(field, row: row, what: "\(name) of row \"\(row.id)\"")
                let reads = deciding(field, row: row, name: name, result: result, reads: allReads)
                let caller = callers(of: row).last.map { ", row made by the call at \($0)" } ?? ""
                let place = definition(of: ref).map { " (\($0)\(caller))" } ?? ""
                if let error {
                    lines.append("\(name) failed: \(error.message)")
                } else if reads.isEmpty {
                    lines.append("\(state) because its \(name) function returned false\(place)")
                } else {
                    let values = reads.map { "\($0.key) = \($0.value.map { $0.description } ?? "nil")" }
                    lines.append("\(state) because \(values.joined(separator: ", "))\(place)")
                }
            }
        }
        if !resolved.visible {
            if case .value(true) = row.visible {
                lines.append("hidden because its section is hidden")
            } else {
                explainFalse(row.visible, name: "visible", state: "hidden")
            }
        }
        if !resolved.enabled { explainFalse(row.enabled, name: "enabled", state: "disabled") }
        if lines.isEmpty {
            var note = "shown and enabled"
            let conditions = [("visible", row.visible), ("enabled", row.enabled)].compactMap { name, field -> String? in
                guard case .function = field else { return nil }
                let (_, allReads, _) = explain(field, row: row, what: name)
                let values = distinct(allReads).map { "\($0.key) = \($0.value.map { $0.description } ?? "nil")" }
                return values.isEmpty ? nil : "\(name) read \(values.joined(separator: ", "))"
            }
            if !conditions.isEmpty { note += " (" + conditions.joined(separator: "; ") + ")" }
            lines.append(note)
        }
        return "\(resolved.text): " + lines.joined(separator: "; ")
    }

    /// The values a condition read, once each, in the order read.
    func distinct(_ reads: [(key: String, value: StoreValue?)]) -> [(key: String, value: StoreValue?)] {
        var seen = Set<String>()
        return reads.filter { seen.insert($0.key).inserted }
    }

    /// Of the values a condition read, those that decided it: each boolean (or unset) value
    /// that, flipped alone, flips the condition (`a and b` false because a is false names a
    /// only). When no single one does (both false, or numbers and strings), or the condition
    /// read more than 16 values, all of them.
    func deciding(_ field: Dynamic<Bool>, row: Row, name: String, result: Bool,
                  reads: [(key: String, value: StoreValue?)]) -> [(key: String, value: StoreValue?)] {
        let reads = distinct(reads)
        // (each try runs the function again: not for a condition that reads dozens of values)
        guard reads.count > 1, reads.count <= 16 else { return reads }
        var decided: [(key: String, value: StoreValue?)] = []
        for read in reads {
            let flipped: StoreValue
            switch read.value {
            case .bool(let b)?: flipped = .bool(!b)
            case nil: flipped = .bool(true)
            default: continue
            }
            readOverrides = [read.key: flipped]
            let (other, _, error) = explain(field, row: row, what: "\(name) of row \"\(row.id)\"")
            readOverrides = nil
            if error == nil, other != result { decided.append(read) }
        }
        return decided.isEmpty ? reads : decided
    }
}
