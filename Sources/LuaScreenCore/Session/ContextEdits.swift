import LuaRuntime
import ScreenModel

/// The run-time edits of ctx: `insert_row`, `remove_row`, `update_row`, `insert_section`,
/// `remove_section`, each validated like a declared row or section and kept only on success.
extension Session {
    private func editableSections(_ name: String) -> Result<[Section], SessionError> {
        guard let live = navigation.last else { return .failure(.refused("no screen")) }
        if live.picker != nil { return .failure(.refused("ctx:\(name): a choice's picker cannot be changed")) }
        guard let sections = live.sections else {
            return .failure(.refused("ctx:\(name): screen \"\(live.id)\" computes its sections with a function; change the values that function reads instead"))
        }
        return .success(sections)
    }

    private func rowIDs(of sections: [Section], except: String? = nil) -> RowIDs {
        var ids = RowIDs()
        for section in sections {
            for row in section.rows where row.id != except { _ = ids.insert(row.id, line: Int32(row.location?.line ?? 0)) }
        }
        return ids
    }

    private func invalid(_ what: String) -> HostResult {
        let problems = Diagnostic.sorted(validator.takeDiagnostics())
        let errors = problems.filter { $0.severity == .error }
        return .error("\(what): not valid:\n" + errors.map(\.description).joined(separator: "\n"))
    }

    private func position(_ s: LuaStack, at index: Int32, count: Int, what: String) -> Result<Int, SessionError> {
        guard let p = s.integer(at: index) else {
            return .failure(.refused("\(what): the position must be a whole number from 1 to \(count + 1), got \(s.type(at: index).name)"))
        }
        guard p >= 1, p <= count + 1 else {
            return .failure(.refused("\(what): position \(p) is out of range (1 to \(count + 1))"))
        }
        return .success(Int(p))
    }

    /// A run-time change of the current screen: checks that it may be made, lets `edit`
    /// change a copy of the sections, and keeps the copy when `edit` succeeds.
    private func editSections(_ name: String, _ edit: (inout [Section]) -> HostResult) -> HostResult {
        if let problem = ensureInAction(name) { return .error(problem) }
        var sections: [Section]
        switch editableSections(name) {
        case .success(let current): sections = current
        case .failure(let e): return .error(e.message)
        }
        let result = edit(&sections)
        if case .results = result {
            for i in sections.indices { sections[i].visibility = VisibilitySummary(sections[i].rows) }
            navigation[navigation.count - 1].sections = sections
            keepLiveRows()
            changed()
        }
        return result
    }

    private func noRow(_ id: String, in sections: [Section], _ what: String) -> HostResult {
        let all = sections.flatMap { $0.rows.map(\.id) }
        return .error("ctx:\(what): no row \"\(Diagnostic.quote(id))\" on screen \"\(currentScreenID)\"\(Suggest.hint(id, all))")
    }

    /// `ctx:insert_row(section_id, position, row)`.
    func ctxInsertRow(_ call: borrowing LuaCall) -> HostResult {
        call.withStack { ctxInsertRow($0) }
    }

    private func ctxInsertRow(_ s: LuaStack) -> HostResult {
        editSections("insert_row") { sections in
            guard let sectionID = s.string(at: 2) else { return .error("ctx:insert_row expects a section id first") }
            guard let si = sections.firstIndex(where: { $0.id == sectionID }) else {
                return .error("ctx:insert_row: no section \"\(Diagnostic.quote(sectionID))\" on screen \"\(currentScreenID)\"\(Suggest.hint(sectionID, sections.map(\.id)))")
            }
            let pos: Int
            switch position(s, at: 3, count: sections[si].rows.count, what: "ctx:insert_row") {
            case .success(let p): pos = p
            case .failure(let e): return .error(e.message)
            }
            guard s.type(at: 4) == .table else { return .error("ctx:insert_row expects a row table, got a \(s.type(at: 4).name)") }
            var ids = rowIDs(of: sections)
            guard let row = validator.readRuntimeRow(4, path: [.field("insert_row")], rowIDs: &ids, registry: &registry),
                  !validator.hasErrors else { return invalid("ctx:insert_row") }
            _ = validator.takeDiagnostics()
            sections[si].rows.insert(row, at: pos - 1)
            return .results(0)
        }
    }

    /// `ctx:remove_row(row_id)`.
    func ctxRemoveRow(_ call: borrowing LuaCall) -> HostResult {
        call.withStack { ctxRemoveRow($0) }
    }

    private func ctxRemoveRow(_ s: LuaStack) -> HostResult {
        editSections("remove_row") { sections in
            guard let id = s.string(at: 2) else { return .error("ctx:remove_row expects a row id") }
            for si in sections.indices {
                if let ri = sections[si].rows.firstIndex(where: { $0.id == id }) {
                    sections[si].rows.remove(at: ri)
                    return .results(0)
                }
            }
            return noRow(id, in: sections, "remove_row")
        }
    }

    /// `ctx:update_row(row_id, fields)`.
    func ctxUpdateRow(_ call: borrowing LuaCall) -> HostResult {
        call.withStack { ctxUpdateRow($0) }
    }

    private func ctxUpdateRow(_ s: LuaStack) -> HostResult {
        editSections("update_row") { sections in
            guard let id = s.string(at: 2) else { return .error("ctx:update_row expects a row id") }
            guard s.type(at: 3) == .table else { return .error("ctx:update_row expects a table of fields, got a \(s.type(at: 3).name)") }
            for si in sections.indices {
                guard let ri = sections[si].rows.firstIndex(where: { $0.id == id }) else { continue }
                let old = sections[si].rows[ri]
                // The row as a table, with the new fields on top, validated as a whole.
                pushRowTable(old)
                let merged = s.absolute(-1)
                s.pushNil()
                while s.next(3) {
                    let isType = s.type(at: -2) == .string && s.string(at: -2) == "type"
                    if !isType {
                        s.pushValue(-2)
                        s.pushValue(-2)
                        s.rawSet(merged)
                    }
                    s.pop()
                }
                var ids = rowIDs(of: sections, except: old.id)
                let row = validator.readRuntimeRow(merged, path: [.field("update_row")], rowIDs: &ids, registry: &registry)
                s.pop()
                guard let row, !validator.hasErrors else { return invalid("ctx:update_row") }
                _ = validator.takeDiagnostics()
                sections[si].rows[ri] = row
                return .results(0)
            }
            return noRow(id, in: sections, "update_row")
        }
    }

    /// `ctx:insert_section(position, section)`.
    func ctxInsertSection(_ call: borrowing LuaCall) -> HostResult {
        call.withStack { ctxInsertSection($0) }
    }

    private func ctxInsertSection(_ s: LuaStack) -> HostResult {
        editSections("insert_section") { sections in
            let pos: Int
            switch position(s, at: 2, count: sections.count, what: "ctx:insert_section") {
            case .success(let p): pos = p
            case .failure(let e): return .error(e.message)
            }
            guard s.type(at: 3) == .table else { return .error("ctx:insert_section expects a section table, got a \(s.type(at: 3).name)") }
            var ids = rowIDs(of: sections)
            guard let section = validator.readRuntimeSection(3, path: [.field("insert_section")], position: sections.count + 1, rowIDs: &ids, registry: &registry),
                  !validator.hasErrors else { return invalid("ctx:insert_section") }
            _ = validator.takeDiagnostics()
            if sections.contains(where: { $0.id == section.id }) {
                return .error("ctx:insert_section: screen \"\(currentScreenID)\" already has a section \"\(section.id)\"; give the new one another id")
            }
            sections.insert(section, at: pos - 1)
            return .results(0)
        }
    }

    /// `ctx:remove_section(section_id)`.
    func ctxRemoveSection(_ call: borrowing LuaCall) -> HostResult {
        call.withStack { ctxRemoveSection($0) }
    }

    private func ctxRemoveSection(_ s: LuaStack) -> HostResult {
        editSections("remove_section") { sections in
            guard let id = s.string(at: 2) else { return .error("ctx:remove_section expects a section id") }
            guard let si = sections.firstIndex(where: { $0.id == id }) else {
                return .error("ctx:remove_section: no section \"\(Diagnostic.quote(id))\" on screen \"\(currentScreenID)\"\(Suggest.hint(id, sections.map(\.id)))")
            }
            sections.remove(at: si)
            return .results(0)
        }
    }
}
