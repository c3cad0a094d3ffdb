import LuaRuntime
import ScreenModel

/// The first row bound to a key, kept beside the key when that row has rules beyond its
/// kind (a range, a grid, options, a length, `validate`), so any write to the key can be
/// checked against it without searching the screens.
final class BoundRow: @unchecked Sendable {
    let row: Row
    init(_ row: Row) { self.row = row }

    /// Whether a row's binding has rules beyond the kind of its value.
    static func hasRules(_ row: borrowing Row) -> Bool {
        guard let b = row.binding else { return false }
        // No rule set: only the kind (and a one-line input) has rules (as below, read faster).
        if b.hasNoRules { return row.kind == .choice || row.kind == .list || row.kind == .date || row.kind == .time || row.kind == .input }
        return row.kind == .choice || row.kind == .list || row.kind == .date || row.kind == .time || b.multiline == false && row.kind == .input || b.validate != nil || b.minimum != nil || b.maximum != nil
            || b.step != nil || b.maxLength != nil || b.toggleValues != nil || b.defaultFunction != nil
    }
}

/// SPEC §6: every write to a key that a row binds, from any source (`set`, `ctx.store.k = v`
/// in a callback or at the prompt, a session's `set`, a seeded test store), is checked here
/// against that row; a stored value read from the file that breaks the rules is warned
/// about once and replaced by the default.
extension Session {
    // MARK: the kind of value

    /// Whether a value is of the kind a row kind holds.
    func fits(_ value: StoreValue, kind: RowKind) -> Bool {
        switch (kind, value) {
        case (.toggle, .bool), (.input, .string), (.number, .integer), (.number, .number), (.list, .list),
             (.date, .string), (.time, .string): return true
        case (.choice, _), (.tristate, .string), (.symbol, _): return true
        default: return false
        }
    }

    /// "a boolean", "a string", ... as an error message names a kind's value.
    func kindValueName(_ kind: RowKind) -> String {
        switch kind {
        case .toggle: return "a boolean"
        case .input: return "a string"
        case .number: return "a number"
        default: return "a value"
        }
    }

    // MARK: the rules

    /// Checks a value against the row's rules without running Lua beyond a choice's options
    /// function: kind, `max_length`, `min`/`max` and the `step` grid, `options`. Returns the
    /// value as stored (a choice's option value).
    package func checkRules(_ value: StoreValue, for row: Row) throws -> StoreValue {
        guard let binding = row.binding else { throw SessionError.refused("row \"\(row.id)\" has no value") }
        var name: String { row.text.value ?? row.id }
        switch (row.kind, value) {
        case (.toggle, _) where binding.toggleValues != nil:
            // Either stored value, or a boolean saying which.
            if let on = binding.toggleIsOn(value) { return binding.toggleValue(on) }
            if case .bool(let b) = value { return binding.toggleValue(b) }
            let values = binding.toggleValues!
            throw SessionError.refused("\"\(name)\" is a toggle storing \(values.on.typeName == "string" ? "\"\(values.on)\"" : values.on.description) or \(values.off.typeName == "string" ? "\"\(values.off)\"" : values.off.description), not \(value.typeName) \"\(value)\"")
        case (.toggle, .bool): return value
        case (.toggle, _): throw SessionError.refused("\"\(name)\" is a toggle: its value is true or false, not \(value.typeName) \"\(value)\"")
        case (.input, .string(let s)):
            if !binding.multiline, s.contains(where: { $0 == "\n" || $0 == "\r\n" }) {
                throw SessionError.refused("\"\(name)\" is one line: the value holds a newline (multiline = true allows them)")
            }
            if let max = binding.maxLength, s.count > max {
                throw SessionError.refused("\"\(name)\" takes at most \(max) characters; this is \(s.count)")
            }
            return value
        case (.input, _): throw SessionError.refused("\"\(name)\" is an input: its value is a string, not \(value.typeName)")
        case (.number, _):
            guard let d = value.doubleValue, d.isFinite else { throw SessionError.refused("\"\(name)\" is a number row: give a number, not \(value.typeName) \"\(value)\"") }
            if let lo = binding.minimum, d < lo { throw SessionError.refused("\(value) is below the minimum \(StoreValue.format(lo)) of \"\(name)\"") }
            if let hi = binding.maximum, d > hi { throw SessionError.refused("\(value) is above the maximum \(StoreValue.format(hi)) of \"\(name)\"") }
            if let step = binding.step, !NumberGrid.isOnGrid(d, step: step, origin: binding.minimum ?? 0) {
                throw SessionError.refused("\(value) is not on the step \(StoreValue.format(step)) of \"\(name)\"\(binding.minimum.map { " (from \(StoreValue.format($0)))" } ?? "")")
            }
            return value
        case (.choice, _) where binding.multiple:
            return try checkMultiple(value, for: row, binding)
        case (.list, _):
            return try checkList(value, for: row, binding)
        case (.date, .string(let s)), (.time, .string(let s)):
            if s.isEmpty { return value }  // not set
            let isDate = row.kind == .date
            guard let v = isDate ? DayTime.date(s) : DayTime.time(s) else {
                throw SessionError.refused("\"\(s)\" is not a \(isDate ? "real day: give YYYY-MM-DD, e.g. 2026-11-30" : "time of day: give HH:MM, 00:00 to 23:59") for \"\(name)\"")
            }
            if let lo = binding.earliest, v < lo { throw SessionError.refused("\(v) is before the earliest \(lo) of \"\(name)\"") }
            if let hi = binding.latest, v > hi { throw SessionError.refused("\(v) is after the latest \(hi) of \"\(name)\"") }
            return .string(v)
        case (.date, _), (.time, _):
            throw SessionError.refused("\"\(name)\" is a \(row.kind.rawValue): its value is a string \(row.kind == .date ? "YYYY-MM-DD" : "HH:MM"), not \(value.typeName)")
        case (.tristate, .string(let s)) where Tristate(text: s) != nil: return value
        case (.tristate, .bool(let b)): return .string(b ? "y" : "n")
        case (.tristate, _): throw SessionError.refused("\"\(name)\" is a tristate: its value is \"n\", \"m\" or \"y\", not \(value.typeName) \"\(value)\"")
        case (.symbol, _): throw SessionError.refused("\(binding.key) has no prompt: its value is computed, never set")
        case (.choice, .list):
            throw SessionError.refused("\"\(name)\" holds one option, not a list")
        case (.choice, _):
            let options = try options(of: row).get()
            guard let option = options.first(where: { $0.value.sameValue(as: value) }) else {
                let list = options.prefix(20).map { "\"\($0.value)\"" }.joined(separator: ", ")
                throw SessionError.refused("\"\(value)\" is not an option of \"\(name)\" (options: \(list)\(options.count > 20 ? ", …" : ""))\(Suggest.hint(value.description, options.map { $0.value.description }))")
            }
            return option.value
        default:
            throw SessionError.refused("\"\(name)\" has no value")
        }
    }

    /// Runs the row's `validate(value, ctx)`: nil (or true) accepts, a message refuses.
    func runValidate(_ value: StoreValue, for row: Row) throws {
        guard let validate = row.binding?.validate else { return }
        if row.kind == .list, let items = value.listItems {
            // A list's validate(item, ctx) runs once per item.
            for item in items { try runValidate(item, validate, for: row) }
            return
        }
        try runValidate(value, validate, for: row)
    }

    private func runValidate(_ value: StoreValue, _ validate: ScriptRef, for row: Row) throws {
        // `validate(value, ctx)`: the value first.
        let refusal: String? = try scriptCall(validate, row: row, what: "validate of row \"\(row.id)\"", results: 1, arguments: { args in
            args.push(value)
            pushContext(row: row, args)
        }, { results in
            let v = results[1]
            switch v.type {
            case .nil_: return nil
            case .string: return "\"\(row.text.value ?? row.id)\": \(v.string ?? "invalid value")"
            case .boolean where v.truth: return nil
            case .boolean: return "\"\(row.text.value ?? row.id)\": invalid value"
            default: return "validate of row \"\(row.id)\" returned a \(v.type.name); it should return nil or a message"
            }
        }) { SessionError.script($0, what: "validate of row \"\(row.id)\"") }
        if let refusal { throw SessionError.refused(refusal) }
    }

    /// Every check a write to the row's key passes: its rules, then `validate`. Returns the
    /// value to store.
    func checkWrite(_ value: StoreValue, for row: Row) throws -> StoreValue {
        let checked = try checkRules(value, for: row)
        try runValidate(checked, for: row)
        return checked
    }

    /// `ctx.store.KEY = value`: the value to store (a toggle's mapped ON/OFF value, a
    /// choice's option value), or why the write is refused. Keys no row binds take any value.
    func checkedStoreWrite(_ key: String, _ value: StoreValue) -> Result<StoreValue, SessionError> {
        guard let bound = registry.boundKey(key) else { return .success(value) }
        guard let row = bound.rules?.row else {
            if fits(value, kind: bound.kind) { return .success(value) }
            return .failure(.refused("\"\(key)\" is bound to a \(bound.kind.constructor) row, which holds \(kindValueName(bound.kind)), not \(value.typeName)"))
        }
        do {
            return .success(try checkWrite(value, for: row))
        } catch let error as SessionError {
            return .failure(SessionError(error.kind, "ctx.store.\(key): \(error.message)", traceback: error.traceback))
        } catch {
            return .failure(.refused("ctx.store.\(key): \(error)"))
        }
    }

    // MARK: stored values

    /// Whether a stored value keeps its row's rules (kind, range, grid, static options,
    /// length); `validate` and options functions are not run on reads.
    func storedValueProblem(_ stored: StoreValue, _ bound: ScreenRegistry.BoundKey) -> String? {
        guard let row = bound.rules?.row else {
            return fits(stored, kind: bound.kind) ? nil : "its \(bound.kind.constructor) row needs \(kindValueName(bound.kind))"
        }
        if case .function? = row.binding?.options { return fits(stored, kind: bound.kind) ? nil : "it is not an option" }
        do {
            _ = try checkRules(stored, for: row)
            return nil
        } catch let error as SessionError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    /// Checks every stored value of a bound key as a write (rules and `validate`): a seeded
    /// test store that breaks a row's rules makes `open` fail. Throws the first problem.
    public func checkStoredValues() throws {
        for (key, stored) in store.values {
            guard let bound = registry.boundKey(key) else { continue }
            guard let row = bound.rules?.row else {
                if fits(stored, kind: bound.kind) { continue }
                throw SessionError.refused("store value for \"\(key)\": \(stored.typeName) \"\(stored)\" does not fit: its \(bound.kind.constructor) row holds \(kindValueName(bound.kind))")
            }
            do {
                _ = try perform { try checkWrite(stored, for: row) }
            } catch let error as SessionError {
                throw SessionError(error.kind, "store value for \"\(key)\": \(error.message)", traceback: error.traceback)
            }
        }
    }
}
