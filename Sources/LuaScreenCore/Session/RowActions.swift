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
        return row.actions.map { ResolvedAction(id: $0.id, text: $0.text, destructive: $0.destructive) }
    }

    /// Runs the action `id` of a row; `answer` replies to its `confirm` as for a button.
    public func runAction(_ reference: String, id: String, answer: Bool? = nil) throws {
        try runAction(.reference(reference), id: id, answer: answer)
    }

    /// Runs the action `id` of the row `address` names.
    func runAction(_ address: RowAddress, id: String, answer: Bool?) throws {
        let (resolved, row) = try actionRow(address)
        guard let action = row.actions.first(where: { $0.id == id })
                ?? row.actions.first(where: { $0.text.lowercased() == id.lowercased() }) else {
            let ids = row.actions.map(\.id)
            throw SessionError.refused("row \"\(resolved.text)\" has no action \"\(id)\"; its actions: \(ids.joined(separator: ", "))\(Suggest.hint(id, ids))")
        }
        if let confirm = action.confirm,
           let question = try evalString(confirm, row: row, what: "confirm of action \"\(action.id)\"").get() {
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

    /// Adds a row's actions to the table `pushRowTable` builds (for update_row).
    func pushActions(_ row: Row) {
        guard !row.actions.isEmpty else { return }
        let s = lua.stack
        s.ensure(6)
        s.newTable(arrayCount: row.actions.count)
        for (i, action) in row.actions.enumerated() {
            s.newTable(recordCount: 5)
            s.push(action.id)
            s.rawSet(-2, "id")
            s.push(action.text)
            s.rawSet(-2, "text")
            s.push(action.destructive)
            s.rawSet(-2, "destructive")
            switch action.confirm {
            case .value(let q)?: s.push(q); s.rawSet(-2, "confirm")
            case .function(let f)?: lua.push(ref: f.id); s.rawSet(-2, "confirm")
            case nil: break
            }
            lua.push(ref: action.onSelect.id)
            s.rawSet(-2, "on_select")
            s.rawSet(-2, index: i + 1)
        }
        s.rawSet(-2, "actions")
    }
}
