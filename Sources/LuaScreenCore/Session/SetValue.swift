import LuaRuntime
import ScreenModel

/// Changing a bound row's value: set from typed text or a script value, reset, reset all.
extension Session {
    /// Sets a bound row's value from what a person typed.
    public func set(_ reference: String, text: String) throws { try set(.reference(reference), text: text) }

    /// Sets the value of the row `address` names from typed text.
    func set(_ address: RowAddress, text: String) throws {
        let (resolved, row) = try usable(address)
        let target = navigation.last?.picker?.row ?? row
        guard target.binding != nil, target.kind.isBound else {
            throw SessionError.refused("row \"\(resolved.text)\" has no value to set")
        }
        let value = try parse(text, for: target)
        try perform { try change(target, to: value) }
    }

    /// Sets a bound row's value from a script value (tests): parsed like typed text for
    /// strings, taken as is for booleans and numbers.
    public func set(_ reference: String, value: StoreValue) throws { try set(.reference(reference), value: value) }

    /// Sets the value of the row `address` names from a script value.
    func set(_ address: RowAddress, value: StoreValue) throws {
        let (resolved, row) = try usable(address)
        if case .string(let s) = value {
            // Text is taken as typed (for an input, as it is: spaces kept).
            if row.kind != .input { return try set(address, text: s) }
        }
        let target = navigation.last?.picker?.row ?? row
        guard target.kind.isBound else { throw SessionError.refused("row \"\(resolved.text)\" has no value to set") }
        try perform { try change(target, to: value) }
    }

    /// Stores a new value once it passes every check of its row (WriteCheck), then runs
    /// `on_change(ctx, new, old)`.
    func change(_ row: Row, to proposed: StoreValue) throws {
        guard let binding = row.binding else { return }
        let newValue = try checkWrite(proposed, for: row)
        let old = value(for: binding.key)
        try write(binding.key, newValue)
        // A write that leaves the value as it was is no change: on_change does not run.
        if let onChange = binding.onChange, old.map({ !$0.sameValue(as: newValue) }) ?? true {
            try call(onChange, row: row, what: "on_change of row \"\(row.id)\"", extra: [newValue, old])
        }
    }

    /// Puts a row back to its default (removes the stored value).
    public func reset(_ reference: String) throws { try reset(.reference(reference)) }

    /// Puts the row `address` names back to its default, once `validate` takes the default
    /// (a reset is a write like any other).
    func reset(_ address: RowAddress) throws {
        let (resolved, row) = try usable(address)
        let target = navigation.last?.picker?.row ?? row
        guard let binding = target.binding else { throw SessionError.refused("row \"\(resolved.text)\" has no value to reset") }
        try perform {
            let old = value(for: binding.key)
            try validateDefault(of: target)
            try write(binding.key, nil)
            if let onChange = binding.onChange, let new = value(for: binding.key), old.map({ !$0.sameValue(as: new) }) ?? true {
                try call(onChange, row: target, what: "on_change of row \"\(target.id)\"", extra: [new, old])
            }
        }
    }

    /// Every bound key back to its default, each once `validate` takes it (one refusal
    /// changes nothing); keys the script does not know are kept.
    public func resetAll() throws {
        try perform {
            for key in registry.boundKeys.sorted() where store.value(for: key) != nil || tracking.transaction?.pending(key) != nil {
                if let row = registry.boundKey(key)?.rules?.row { try validateDefault(of: row) }
                try write(key, nil)
            }
        }
    }

    /// Runs the row's `validate` on the default a reset would give it: refused as a `set`
    /// of that value would be.
    private func validateDefault(of row: Row) throws {
        guard let binding = row.binding, binding.validate != nil, let restored = defaultValue(for: binding.key) else { return }
        try runValidate(restored, for: row)
    }
}
