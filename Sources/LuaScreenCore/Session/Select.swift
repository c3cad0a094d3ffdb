import LuaRuntime
import ScreenModel

/// Selecting a row, as SPEC's kinds table says: per kind, in a choice's picker or a list,
/// a button's confirmation, a row's push and on_select, its detail button.
extension Session {
    /// Selects a row as SPEC's kinds table says. `answer` replies to a button's `confirm`.
    public func select(_ reference: String, answer: Bool? = nil) throws { try select(.reference(reference), answer: answer) }

    /// Selects the row `address` names (a REF or a `RowID`).
    func select(_ address: RowAddress, answer: Bool?) throws {
        let (resolved, row) = try usable(address)
        if navigation.last?.list != nil { return }  // selecting an item does nothing
        if let picker = navigation.last?.picker {
            guard let value = resolved.value else { return }
            if picker.row.binding?.multiple == true {
                try perform { try toggleOption(value, of: picker.row) }
                return
            }
            try perform {
                try change(picker.row, to: value)
                if picker.row.binding?.closeOnPick == true, navigation.last?.picker != nil {
                    navigation.removeLast()
                    changed()
                }
            }
            return
        }
        guard resolved.selectable else {
            throw SessionError.refused("row \"\(resolved.text)\" does nothing when selected")
        }
        // A symbol's row that pushes a screen (a menuconfig symbol) opens it; `set` changes it.
        if row.push != nil, row.kind == .toggle || row.kind == .tristate, symbols != nil,
           let key = row.binding?.key, symbolIndex(forKey: key) != nil {
            try perform { try followAndRun(row) }
            return
        }
        switch row.kind {
        case .toggle:
            guard let binding = row.binding else { return }
            let current = value(for: binding.key).flatMap { binding.toggleIsOn($0) } ?? false
            // Flipping is all a toggle does when selected (its push, if any, is never
            // followed: `check` warns); on_select still runs.
            try perform {
                try change(row, to: binding.toggleValue(!current))
                if let onSelect = row.onSelect {
                    try call(onSelect, row: row, what: "on_select of row \"\(row.id)\"")
                }
            }
        case .choice:
            try perform {
                // The options function runs once: a failure is the selection's error.
                if case .failure(let error) = options(of: row) { throw error }
                navigation.append(LiveScreen(id: row.id, title: resolved.text, picker: PickerSource(row: row, screenID: currentScreenID)))
                changed()
            }
        case .list:
            try perform { pushList(row, title: resolved.text) }
        case .tristate:
            try perform { try cycleSymbol(row) }
        case .symbol:
            throw SessionError.refused("\(row.binding?.key ?? row.id) has no prompt: its value is computed, never set")
        case .input, .number, .date, .time:
            throw SessionError(RowRefusal.needsValue(text: resolved.text, kind: row.kind, reference: resolved.number.map(String.init) ?? row.id))
        case .button:
            if let question = try confirmQuestion(of: row) {
                guard let answer else { throw SessionError(.needsConfirmation(question), question) }
                guard answer else { return }
            }
            try perform { try followAndRun(row) }
        case .text:
            try perform { try followAndRun(row) }
        }
    }

    /// Follows a row's `push` and runs its `on_select`.
    private func followAndRun(_ row: Row) throws {
        switch row.push {
        case .screen(let id)?:
            try pushScreen(id: id)
        case .function(let ref)?:
            let id = try call(ref, row: row, what: "push of row \"\(row.id)\"", results: 1) { results -> Result<String?, Error> in
                let v = results[1]
                return Result { v.isNil ? nil : try pushTargetID(v, what: "push of row \"\(row.id)\"") }
            }.get()
            if let id { try pushScreen(id: id) }
        case nil:
            break
        }
        if let onSelect = row.onSelect {
            try call(onSelect, row: row, what: "on_select of row \"\(row.id)\"")
        }
    }

    /// Runs the row's `on_accessory` (its detail button).
    public func accessory(_ reference: String) throws { try accessory(.reference(reference)) }

    /// Runs the `on_accessory` of the row `address` names.
    func accessory(_ address: RowAddress) throws {
        let (resolved, row) = try usable(address)
        guard let onAccessory = row.onAccessory else {
            throw SessionError.refused("row \"\(resolved.text)\" has no detail button (on_accessory)")
        }
        try perform { try call(onAccessory, row: row, what: "on_accessory of row \"\(row.id)\"") }
    }
}
