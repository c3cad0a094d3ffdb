import LuaRuntime
import ScreenModel

/// `why REF`: why a row is hidden or disabled, naming the values that decided it.
extension Session {
    /// `why REF`: why a row is disabled or hidden, with the values its conditions read;
    /// `why SECTION_ID`: why a section is hidden. A row hidden because its section is hidden
    /// names the section's condition.
    public func why(_ reference: String) throws -> String {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved: ResolvedRow
        do {
            resolved = try lookup(reference, includeHidden: true)
        } catch {
            if let (section, shown) = declaredSection(id: reference.trimmingSpaces) { return whySection(section, shown: shown) }
            throw error
        }
        guard let row = declaredRow(resolved) else { return "row \"\(resolved.text)\" is a choice's option" }
        var lines: [String] = []
        let caller = callers(of: row).last.map { ", row made by the call at \($0)" } ?? ""
        if !resolved.visible {
            if case .value(true) = row.visible, let (section, _) = declaredSection(holding: row.id) {
                lines.append(condition(section.visible, row: nil, name: "visible", state: "hidden because its section \"\(section.id)\" is hidden",
                                       what: "visible of section \"\(section.id)\"", location: section.location, caller: ""))
            } else if case .value(true) = row.visible {
                lines.append("hidden because its section is hidden")
            } else {
                lines.append(condition(row.visible, row: row, name: "visible", state: "hidden",
                                       what: "visible of row \"\(row.id)\"", location: row.location, caller: caller))
            }
        }
        if !resolved.enabled {
            lines.append(condition(row.enabled, row: row, name: "enabled", state: "disabled",
                                   what: "enabled of row \"\(row.id)\"", location: row.location, caller: caller))
        }
        if lines.isEmpty { lines.append(shownNote([("visible", row.visible), ("enabled", row.enabled)], row: row, enabled: true)) }
        return "\(resolved.text): " + lines.joined(separator: "; ")
    }

    /// `why SECTION_ID`: whether the section shows, and the values its condition read.
    func whySection(_ section: Section, shown: Bool) -> String {
        let what = "section \"\(section.id)\""
        if shown { return "\(what): " + shownNote([("visible", section.visible)], row: nil, enabled: false) }
        return "\(what): " + condition(section.visible, row: nil, name: "visible", state: "hidden",
                                       what: "visible of \(what)", location: section.location, caller: "")
    }

    /// "disabled because sync = false (file:line)" for a condition that is false now.
    func condition(_ field: Dynamic<Bool>, row: Row?, name: String, state: String, what: String,
                   location: SourceLocation?, caller: String) -> String {
        switch field {
        case .value:
            return "\(state) because \(name) = false in the script\(location.map { " (\($0))" } ?? "")"
        case .function(let ref):
            let (result, allReads, error) = explain(field, row: row, what: what)
            let reads = deciding(field, row: row, what: what, result: result, reads: allReads)
            let place = definition(of: ref).map { " (\($0)\(caller))" } ?? ""
            if let error { return "\(name) failed: \(error.message)" }
            if reads.isEmpty { return "\(state) because its \(name) function returned false\(place)" }
            let values = reads.map { "\($0.key) = \($0.value.map { $0.description } ?? "nil")" }
            return "\(state) because \(values.joined(separator: ", "))\(place)"
        }
    }

    /// "shown and enabled (visible read adv = true)": what the conditions read when they passed.
    func shownNote(_ fields: [(String, Dynamic<Bool>)], row: Row?, enabled: Bool) -> String {
        var note = enabled ? "shown and enabled" : "shown"
        let conditions = fields.compactMap { name, field -> String? in
            guard case .function = field else { return nil }
            let (_, allReads, _) = explain(field, row: row, what: name)
            let values = distinct(allReads).map { "\($0.key) = \($0.value.map { $0.description } ?? "nil")" }
            return values.isEmpty ? nil : "\(name) read \(values.joined(separator: ", "))"
        }
        if !conditions.isEmpty { note += " (" + conditions.joined(separator: "; ") + ")" }
        return note
    }

    /// The declared section of the current screen with this id, and whether it shows now.
    func declaredSection(id: String) -> (Section, Bool)? {
        guard let live = navigation.last, live.picker == nil, live.list == nil else { return nil }
        guard let section = sections(of: live).0.first(where: { $0.id == id }) else { return nil }
        let shown = currentScreen().sections.first { $0.id == id }?.visible ?? true
        return (section, shown)
    }

    /// The declared section of the current screen that holds the row with this id.
    func declaredSection(holding rowID: String) -> (Section, Bool)? {
        guard let live = navigation.last, live.picker == nil, live.list == nil else { return nil }
        guard let section = sections(of: live).0.first(where: { $0.rows.contains { $0.id == rowID } }) else { return nil }
        return (section, false)
    }

    /// The values a condition read, once each, in the order read.
    package func distinct(_ reads: [(key: String, value: StoreValue?)]) -> [(key: String, value: StoreValue?)] {
        var seen = Set<String>()
        return reads.filter { seen.insert($0.key).inserted }
    }

    /// Of the values a condition read, those that decided it: each boolean (or unset) value
    /// that, flipped alone, flips the condition (`a and b` false because a is false names a
    /// only). When no single one does (both false, or numbers and strings), or the condition
    /// read more than 16 values, all of them.
    func deciding(_ field: Dynamic<Bool>, row: Row?, what: String, result: Bool,
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
            let (other, _, error) = explain(field, row: row, what: what)
            readOverrides = nil
            if error == nil, other != result { decided.append(read) }
        }
        return decided.isEmpty ? reads : decided
    }
}
