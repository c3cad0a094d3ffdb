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
        let problems = Diagnostic.sorted(script.validator.takeDiagnostics())
        let errors = problems.filter { $0.severity == .error }
        return .error("\(what): not valid:\n" + errors.map(\.description).joined(separator: "\n"))
    }

    private func position(_ call: borrowing LuaCall, _ n: Int, count: Int, what: String) -> Result<Int, SessionError> {
        guard let p = call.integer(n) else {
            return .failure(.refused("\(what): the position must be a whole number from 1 to \(count + 1), got \(call.type(n).name)"))
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
        editSections("insert_row") { sections in
            guard let sectionID = call.string(2) else { return .error("ctx:insert_row expects a section id first") }
            guard let si = sections.firstIndex(where: { $0.id == sectionID }) else {
                return .error("ctx:insert_row: no section \"\(Diagnostic.quote(sectionID))\" on screen \"\(currentScreenID)\"\(Suggest.hint(sectionID, sections.map(\.id)))")
            }
            let pos: Int
            switch position(call, 3, count: sections[si].rows.count, what: "ctx:insert_row") {
            case .success(let p): pos = p
            case .failure(let e): return .error(e.message)
            }
            guard call.type(4) == .table else { return .error("ctx:insert_row expects a row table, got a \(call.type(4).name)") }
            var ids = rowIDs(of: sections)
            let row = call.argument(4) { v in
                v.table { script.validator.readRuntimeRow($0, path: [.field("insert_row")], rowIDs: &ids, registry: &registry) } ?? nil
            }
            guard let row, !script.validator.hasErrors else { return invalid("ctx:insert_row") }
            _ = script.validator.takeDiagnostics()
            sections[si].rows.insert(row, at: pos - 1)
            return .results(0)
        }
    }

    /// `ctx:remove_row(row_id)`.
    func ctxRemoveRow(_ call: borrowing LuaCall) -> HostResult {
        editSections("remove_row") { sections in
            guard let id = call.string(2) else { return .error("ctx:remove_row expects a row id") }
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
        editSections("update_row") { sections in
            guard let id = call.string(2) else { return .error("ctx:update_row expects a row id") }
            guard call.type(3) == .table else { return .error("ctx:update_row expects a table of fields, got a \(call.type(3).name)") }
            for si in sections.indices {
                guard let ri = sections[si].rows.firstIndex(where: { $0.id == id }) else { continue }
                let old = sections[si].rows[ri]
                var ids = rowIDs(of: sections, except: old.id)
                // The row as a table, with the new fields on top, validated as a whole.
                let row = call.withNewTable(recordCount: 16, fill: { merged in
                    fillRowTable(old, merged)
                    call.argument(3) { fields in
                        _ = fields.table { t in
                            t.forEachPair { key, value in
                                let isType = key.type == .string && key.string == "type"
                                if !isType { merged.set(key, value) }
                            }
                        }
                    }
                }) { merged in
                    script.validator.readRuntimeRow(merged, path: [.field("update_row")], rowIDs: &ids, registry: &registry)
                }
                guard let row, !script.validator.hasErrors else { return invalid("ctx:update_row") }
                _ = script.validator.takeDiagnostics()
                sections[si].rows[ri] = row
                return .results(0)
            }
            return noRow(id, in: sections, "update_row")
        }
    }

    /// `ctx:insert_section(position, section)`.
    func ctxInsertSection(_ call: borrowing LuaCall) -> HostResult {
        editSections("insert_section") { sections in
            let pos: Int
            switch position(call, 2, count: sections.count, what: "ctx:insert_section") {
            case .success(let p): pos = p
            case .failure(let e): return .error(e.message)
            }
            guard call.type(3) == .table else { return .error("ctx:insert_section expects a section table, got a \(call.type(3).name)") }
            var ids = rowIDs(of: sections)
            let section = call.argument(3) { v in
                v.table {
                    script.validator.readRuntimeSection($0, path: [.field("insert_section")], position: sections.count + 1, rowIDs: &ids, registry: &registry)
                } ?? nil
            }
            guard let section, !script.validator.hasErrors else { return invalid("ctx:insert_section") }
            _ = script.validator.takeDiagnostics()
            if sections.contains(where: { $0.id == section.id }) {
                return .error("ctx:insert_section: screen \"\(currentScreenID)\" already has a section \"\(section.id)\"; give the new one another id")
            }
            sections.insert(section, at: pos - 1)
            return .results(0)
        }
    }

    /// `ctx:remove_section(section_id)`.
    func ctxRemoveSection(_ call: borrowing LuaCall) -> HostResult {
        editSections("remove_section") { sections in
            guard let id = call.string(2) else { return .error("ctx:remove_section expects a section id") }
            guard let si = sections.firstIndex(where: { $0.id == id }) else {
                return .error("ctx:remove_section: no section \"\(Diagnostic.quote(id))\" on screen \"\(currentScreenID)\"\(Suggest.hint(id, sections.map(\.id)))")
            }
            sections.remove(at: si)
            return .results(0)
        }
    }
}
