import LuaRuntime
import ScreenModel

/// `why REF`: why a row is hidden or disabled, naming the values that decided it.
extension Session {
    /// `why REF`: why a row is disabled or hidden, with the values its conditions read;
    /// `why SECTION_ID`: why a section is hidden. A row hidden because its section is hidden
    /// names the section's condition.
    public func why(_ reference: String) throws -> WhyAnswer { try why(.reference(reference)) }

    /// `why` of the row `address` names (a REF may name a section of the screen shown).
    func why(_ address: RowAddress) throws -> WhyAnswer {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved: ResolvedRow
        do {
            resolved = try lookup(address, includeHidden: true)
        } catch {
            if case .reference(let reference) = address, let (section, shown) = declaredSection(id: reference.trimmingSpaces) {
                return whySection(section, shown: shown)
            }
            throw error
        }
        guard let row = declaredRow(resolved) else { return WhyAnswer(subject: .option(text: resolved.text), findings: []) }
        var findings: [WhyAnswer.Finding] = []
        let caller = callers(of: row).last
        if !resolved.visible {
            if case .value(true) = row.visible, let (section, _) = declaredSection(holding: row.id) {
                findings.append(condition(section.visible, row: nil, name: "visible", state: .hiddenWithSection(section.id),
                                          what: "visible of section \"\(section.id)\"", location: section.location, caller: nil))
            } else if case .value(true) = row.visible {
                findings.append(.sectionHidden)
            } else {
                findings.append(condition(row.visible, row: row, name: "visible", state: .hidden,
                                          what: "visible of row \"\(row.id)\"", location: row.location, caller: caller))
            }
        }
        if !resolved.enabled {
            findings.append(condition(row.enabled, row: row, name: "enabled", state: .disabled,
                                      what: "enabled of row \"\(row.id)\"", location: row.location, caller: caller))
        }
        if findings.isEmpty { findings.append(shownNote([("visible", row.visible), ("enabled", row.enabled)], row: row, enabled: true)) }
        return WhyAnswer(subject: .row(text: resolved.text), findings: findings)
    }

    /// Why a section of the screen shown is hidden (or that it shows), by its id.
    public func why(section id: String) throws -> WhyAnswer {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        guard let (section, shown) = declaredSection(id: id) else {
            throw SessionError.refused("no section \"\(id)\" on screen \"\(currentScreenID)\"")
        }
        return whySection(section, shown: shown)
    }

    /// `why SECTION_ID`: whether the section shows, and the values its condition read.
    func whySection(_ section: Section, shown: Bool) -> WhyAnswer {
        let finding = shown ? shownNote([("visible", section.visible)], row: nil, enabled: false)
            : condition(section.visible, row: nil, name: "visible", state: .hidden,
                        what: "visible of section \"\(section.id)\"", location: section.location, caller: nil)
        return WhyAnswer(subject: .section(id: section.id), findings: [finding])
    }

    /// Why a condition is false now (`disabled because sync = false`, said by `WhyAnswer.text`).
    func condition(_ field: Dynamic<Bool>, row: Row?, name: String, state: WhyAnswer.State, what: String,
                   location: SourceLocation?, caller: SourceLocation?) -> WhyAnswer.Finding {
        let verdict: WhyAnswer.Verdict
        switch field {
        case .value:
            verdict = .falseInScript(declaredAt: location)
        case .function(let ref):
            let (result, allReads, error) = explain(field, row: row, what: what)
            let reads = deciding(field, row: row, what: what, result: result, reads: allReads)
            let function = definition(of: ref)
            if let error {
                verdict = .failed(message: error.message)
            } else {
                verdict = .returnedFalse(reads: reads.map { ValueRead(key: $0.key, value: $0.value) }, function: function,
                                         rowMadeBy: caller)
            }
        }
        return .unmet(WhyAnswer.Unmet(state: state, field: name, verdict: verdict))
    }

    /// Shown (and enabled): what the conditions read when they passed.
    func shownNote(_ fields: [(String, Dynamic<Bool>)], row: Row?, enabled: Bool) -> WhyAnswer.Finding {
        let passed = fields.compactMap { name, field -> WhyAnswer.Passed? in
            guard case .function = field else { return nil }
            let (_, allReads, _) = explain(field, row: row, what: name)
            let reads = distinct(allReads).map { ValueRead(key: $0.key, value: $0.value) }
            return reads.isEmpty ? nil : WhyAnswer.Passed(field: name, reads: reads)
        }
        return .shown(enabled: enabled, passed: passed)
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
            tracking.readOverrides = [read.key: flipped]
            let (other, _, error) = explain(field, row: row, what: what)
            tracking.readOverrides = nil
            if error == nil, other != result { decided.append(read) }
        }
        return decided.isEmpty ? reads : decided
    }
}
