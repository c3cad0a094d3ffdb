import LuaRuntime
import ScreenModel

/// A row's `actions` (SPEC §8): `action REF` lists them, `action REF ID` runs one.
extension Session {
    /// The actions of a row of the current screen (hidden and disabled rows refused, as
    /// `select` refuses them).
    public func actions(_ reference: String) throws -> [ResolvedAction] { try actions(.reference(reference)) }

    /// The actions of the row `address` names.
    func actions(_ address: RowAddress) throws -> [ResolvedAction] {
        let (_, row) = try actionRow(address)
        return row.actions.map { ResolvedAction(id: $0.id, text: tr($0.text), destructive: $0.destructive) }
    }

    /// Runs the action `id` of a row; `answer` replies to its `confirm` as for a button.
    public func runAction(_ reference: String, id: String, answer: Bool? = nil) throws {
        try runAction(.reference(reference), id: id, answer: answer)
    }

    /// Runs the action `id` of the row `address` names.
    func runAction(_ address: RowAddress, id: String, answer: Bool?) throws {
        let (resolved, row) = try actionRow(address)
        guard let action = row.actions.first(where: { $0.id == id })
                ?? row.actions.first(where: { $0.text.lowercased() == id.lowercased() || tr($0.text).lowercased() == id.lowercased() }) else {
            let ids = row.actions.map(\.id)
            throw SessionError.refused("row \"\(resolved.text)\" has no action \"\(id)\"; its actions: \(ids.joined(separator: ", "))\(Suggest.hint(id, ids))")
        }
        if let confirm = action.confirm,
           let question = try evalString(confirm, row: row, what: "confirm of action \"\(action.id)\"").get().map(tr) {
            guard let answer else { throw SessionError(.needsConfirmation(question), question) }
            guard answer else { return }
        }
        try perform { try call(action.onSelect, row: row, what: "action \"\(action.id)\" of row \"\(row.id)\"") }
    }

    private func actionRow(_ address: RowAddress) throws -> (ResolvedRow, Row) {
        let resolved = try lookup(address, includeHidden: false)
        guard navigation.last?.picker == nil, navigation.last?.list == nil, let row = declaredRow(resolved) else {
            throw SessionError.refused("\"\(resolved.text)\" has no actions")
        }
        if !resolved.enabled {
            throw SessionError(RowRefusal.disabled(text: resolved.text, reference: resolved.numberOrID))
        }
        guard !row.actions.isEmpty else { throw SessionError.refused("row \"\(resolved.text)\" has no actions") }
        return (resolved, row)
    }

    /// Adds a row's actions to the table `fillRowTable` fills (for update_row).
    func addActions(_ row: Row, to t: LuaTableWriter) {
        guard !row.actions.isEmpty else { return }
        t.setTable("actions", arrayCount: row.actions.count) { list in
            for (i, action) in row.actions.enumerated() {
                list.setTable(at: i + 1, recordCount: 5) { a in
                    a.set("id", action.id)
                    a.set("text", action.text)
                    a.set("destructive", action.destructive)
                    switch action.confirm {
                    case .value(let q)?: a.set("confirm", q)
                    case .function(let f)?: a.set("confirm", refID: f.id)
                    case nil: break
                    }
                    a.set("on_select", refID: action.onSelect.id)
                }
            }
        }
    }
}
