import LuaRuntime
import ScreenModel

/// What SPEC §8 adds to values: `default` functions, `inc`/`dec` on the step grid,
/// `pairs(ctx.store)` and `ctx:reset(...)`.
extension Session {
    // MARK: default functions

    /// Runs a row's `default(ctx)` (recording what it reads, like a field function); its
    /// result is not checked. A failure, a result that is not a value, or a default that
    /// reads its own key gives the kind's fallback.
    func dynamicDefault(_ row: Row, _ ref: ScriptRef, fallback: StoreValue) -> StoreValue {
        guard let binding = row.binding, tracking.defaulting.insert(binding.key).inserted else { return fallback }
        defer { tracking.defaulting.remove(binding.key) }
        let read: Result<StoreValue?, StoreInput.Refusal>?
        do {
            read = try withReadLog {
                try call(ref, row: row, what: "default of row \"\(row.id)\"", results: 1) { StoreInput.value($0[1], key: binding.key) }
            }
        } catch let error as SessionError {
            warnOnce("default \u{1}" + binding.key, "default of row \"\(row.id)\" failed: \(error.message); using \(fallback)")
            return fallback
        } catch {
            return fallback
        }
        guard case .success(let value?)? = read else { return fallback }
        if row.kind == .toggle, case .bool(let b) = value { return binding.toggleValue(b) }
        return value
    }

    // MARK: inc, dec

    /// `inc REF`: the next grid value up, stopping at the last one within `max`.
    public func increment(_ reference: String) throws { try stepNumber(.reference(reference), up: true) }

    /// `dec REF`: the next grid value down, stopping at the first one within `min`.
    public func decrement(_ reference: String) throws { try stepNumber(.reference(reference), up: false) }

    func stepNumber(_ address: RowAddress, up: Bool) throws {
        let resolved = try lookup(address, includeHidden: false)
        guard let row = declaredRow(resolved), row.kind == .number, let binding = row.binding else {
            throw SessionError.refused("\((up ? Verb.inc : .dec).name) moves a number row; \"\(resolved.text)\" is not one")
        }
        if !resolved.enabled {
            throw SessionError(RowRefusal.disabled(text: resolved.text, reference: resolved.numberOrID))
        }
        let current = value(for: binding.key)?.doubleValue ?? binding.defaultValue.doubleValue ?? 0
        guard let next = NumberGrid.step(from: current, up: up, step: binding.step ?? 1, origin: binding.minimum ?? 0,
                                         minimum: binding.minimum, maximum: binding.maximum) else {
            throw SessionError.refused("\((up ? Verb.inc : .dec).name): \"\(resolved.text)\" has no next value \(up ? "above" : "below") \(StoreValue.format(current)) (the next step would pass the largest number there is); set a value instead")
        }
        let value: StoreValue = next == next.rounded() && abs(next) < 1e15 ? .integer(Int64(next)) : .number(next)
        try perform { try change(row, to: value) }
    }

    // MARK: pairs(ctx.store)

    /// `__pairs` of the store proxy: an iterator over every bound key (declared in the
    /// script) and every stored key, with the values `ctx.store` reads.
    func storePairs(_ call: borrowing LuaCall) -> HostResult {
        var items: [(key: String, value: StoreValue)] = []
        var seen = Set<String>()
        for key in registry.boundKeys where seen.insert(key).inserted {
            if let v = value(for: key) { items.append((key, v)) }
        }
        for (key, _) in store.values where seen.insert(key).inserted {
            if let v = value(for: key) { items.append((key, v)) }
        }
        if let pending = tracking.transaction?.writes {
            for (key, _) in pending where seen.insert(key).inserted {
                if let v = value(for: key) { items.append((key, v)) }
            }
        }
        // A snapshot table walked by the standard `next`: no host state per loop.
        guard call.pushGlobal("next") == .function else {
            return .error("pairs(ctx.store) needs the standard function next, which the script replaced")
        }
        call.pushNewTable(recordCount: items.count) { t in
            for item in items { t.set(item.key, item.value) }
        }
        call.pushNil()
        return .results(3)
    }

    // MARK: ctx:reset

    /// `ctx:reset(key, ...)`: the keys back to their defaults (stored values removed); with no
    /// key every bound key, keeping stored keys no row binds. Runs no `on_change`.
    func ctxReset(_ call: borrowing LuaCall) -> HostResult {
        if tracking.readLog != nil { return .error("ctx:reset cannot be used in a field function; use it in a callback") }
        guard tracking.transaction != nil else { return .error("ctx:reset can only be used inside a callback") }
        let count = call.count - 1
        if count <= 0 {
            do {
                for key in registry.boundKeys where store.value(for: key) != nil || tracking.transaction?.pending(key) != nil {
                    try write(key, nil)
                }
            } catch { return .error("ctx:reset: \(error)") }
            return .results(0)
        }
        var keys: [String] = []
        for i in 2...(count + 1) {
            guard call.type(i) == .string, let key = call.string(i) else {
                return .error("ctx:reset(key, ...): keys are strings, got a \(call.type(i).name) (argument \(i - 1))")
            }
            keys.append(key)
        }
        do { for key in keys { try write(key, nil) } } catch { return .error("ctx:reset: \(error)") }
        return .results(0)
    }
}

extension Session {
    /// Adds the fields of SPEC §8 to the row table `fillRowTable` fills (for update_row).
    func addValueKindFields(_ row: Row, to t: LuaTableWriter) {
        func ref(_ name: String, _ r: ScriptRef?) { if let r { t.set(name, refID: r.id) } }
        addActions(row, to: t)
        ref("help", row.helpFunction)
        if row.kind == .button { ref("confirm", row.confirmFunction) }
        guard let b = row.binding else { return }
        if row.kind != .input { ref("validate", b.validate) }
        ref("default", b.defaultFunction)
        if row.kind == .input { ref("placeholder", b.placeholderFunction) }
        if row.kind == .toggle, let values = b.toggleValues {
            t.setTable("values", arrayCount: 2) { pair in
                pair.set(at: 1, values.on)
                pair.set(at: 2, values.off)
            }
            // The default is written as the boolean it says.
            t.set("default", b.toggleIsOn(b.defaultValue) ?? false)
        }
        if row.kind == .choice, b.closeOnPick {
            t.set("close_on_pick", true)
        }
    }
}

extension NumberGrid {
    /// The next grid value (`origin + k·step`) above or below `value`, kept within
    /// `minimum`/`maximum` at the last grid value inside them; nil when there is none.
    package static func step(from value: Double, up: Bool, step: Double, origin: Double, minimum: Double?, maximum: Double?) -> Double? {
        guard step > 0, value.isFinite else { return nil }
        // Every quotient and product is kept from overflowing near ±1.8e308, where a finite
        // value on the grid must still step (issue 40): differences are divided first, and
        // the next value is reached from the current one when origin + k·step is not finite.
        let q = steps(from: origin, to: value, step: step)
        guard q.isFinite else { return nil }  // a step finer than the numbers here can tell apart
        let tolerance = 1e-6 * max(1, abs(q))
        var k = up ? (q + tolerance).rounded(.down) + 1 : (q - tolerance).rounded(.up) - 1
        if let hi = maximum { k = min(k, (steps(from: origin, to: hi, step: step) + tolerance).rounded(.down)) }
        if let lo = minimum { k = max(k, (steps(from: origin, to: lo, step: step) - tolerance).rounded(.up)) }
        var result = origin + k * step
        if !result.isFinite { result = value + (k - q) * step }
        guard result.isFinite else { return nil }
        // Decimal steps: 0.1 * 3 is 0.30000000000000004; keep 12 decimals (where a double
        // holds them: beyond 1e15 there are none to keep, and the product could overflow).
        return abs(result) < 1e15 ? (result * 1e12).rounded() / 1e12 : result
    }
}
