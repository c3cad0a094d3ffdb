import LuaRuntime
import ScreenModel

/// The values callbacks see and write: pending, stored or default; the bindings of keys.
extension Session {
    /// The value of a key as callbacks see it: written in this transaction, else stored
    /// (when of the right type for its row), else the default of the row bound to it.
    package func value(for key: String) -> StoreValue? {
        if symbols != nil, let i = symbolIndex(forKey: key) { return symbolValue(i, kind: registry.boundKey(key)?.kind) }
        let pending = tracking.transaction?.pending(key)
        if let pending, let written = pending { return written }
        let bound = ScreenRegistry.boundKey(key, in: &registry)
        let defaultValue = bound?.defaultValue
        // A removal in this transaction (`.some(nil)`) reads as the default, not the stored value.
        if pending == nil, let stored = store.value(for: key) {
            if let bound, let problem = checkedStoredValue(key, stored, bound) {
                warnOnce(key, "the store holds \(stored.typeName) \"\(stored)\" for \"\(key)\", but \(problem); using the default until it is changed")
                return defaultValue
            }
            return stored
        }
        if let row = bound?.rules?.row, let ref = row.binding?.defaultFunction {
            return dynamicDefault(row, ref, fallback: bound!.defaultValue)
        }
        return defaultValue
    }

    /// `storedValueProblem`, remembered per key while the value and the rules stay the same.
    private func checkedStoredValue(_ key: String, _ stored: StoreValue, _ bound: ScreenRegistry.BoundKey) -> String? {
        if let known = caches.storedVerdicts[key], known.structure == caches.structureGeneration, known.value == stored {
            return known.problem
        }
        let problem = storedValueProblem(stored, bound)
        if caches.storedVerdicts.count > 4096 { caches.storedVerdicts.removeAll(keepingCapacity: true) }
        caches.storedVerdicts[key] = (caches.structureGeneration, stored, problem)
        return problem
    }

    func warnOnce(_ key: String, _ message: String) {
        if tracking.warnedKeys.insert(StoreKey(key)).inserted { warnings.append(message) }
    }

    /// Writes a value in the current transaction. Throws, writing nothing, when the store
    /// file would pass 16 MiB (SPEC §6), so the write fails where it was made.
    func write(_ key: String, _ value: StoreValue?) throws {
        if tracking.transaction == nil {
            // Outside an action (e.g. `lua` code at the prompt): a transaction of its own.
            try perform { try write(key, value) }
            return
        }
        try checkSymbolWrite(key, value)
        let current = tracking.transaction!.fileSize ?? store.fileSize
        let old = tracking.transaction!.pending(key).map { $0.map { StoreSize.member(key: key, value: $0) } ?? 0 }
            ?? store.fileSize(ofMember: key)
        let size = current - old + (value.map { StoreSize.member(key: key, value: $0) } ?? 0)
        if size > StoreSize.limit {
            throw SessionError.refused("cannot store \"\(Diagnostic.quote(key))\": the store file would be \(size) bytes (\(StoreSize.mebibytes(size))), larger than the \(StoreSize.limit >> 20) MiB limit; nothing was stored")
        }
        tracking.transaction!.fileSize = size
        tracking.transaction!.writes.append((key, value))
        valuesChanged()
    }

    /// Every bound key's value (stored or default), then any other stored key.
    public func storeValues() -> [(key: String, value: StoreValue)] {
        var out: [(key: String, value: StoreValue)] = []
        var seen = Set<StoreKey>()
        for screen in registry.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for section in sections {
                for row in section.rows {
                    if let key = row.binding?.key, seen.insert(StoreKey(key)).inserted, let v = value(for: key) {
                        out.append((key, v))
                    }
                }
            }
        }
        for key in registry.boundKeys.sorted() where seen.insert(StoreKey(key)).inserted {
            if let v = value(for: key) { out.append((key, v)) }
        }
        for (key, v) in store.values where seen.insert(StoreKey(key)).inserted {
            out.append((key, v))
        }
        return out
    }

    /// The first `count` keys of `storeValues()`, in its order, without reading any value:
    /// the declared rows are walked only until that many keys are found, so the first page
    /// of a listing costs what the page holds, not the whole store.
    public func storeKeys(first count: Int) -> [String] {
        var out: [String] = []
        guard count > 0 else { return out }
        var seen = Set<StoreKey>()
        for screen in registry.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for s in sections.indices {
                // The rows in place: a loop over them would copy each one.
                let done: Bool = sections[s].rows.withUnsafeBufferPointer { rows in
                    for r in rows.indices {
                        if let key = rows[r].binding?.key, seen.insert(StoreKey(key)).inserted {
                            out.append(key)
                            if out.count == count { return true }
                        }
                    }
                    return false
                }
                if done { return out }
            }
        }
        for key in registry.boundKeys.sorted() where seen.insert(StoreKey(key)).inserted {
            out.append(key)
            if out.count == count { return out }
        }
        for (key, _) in store.values where seen.insert(StoreKey(key)).inserted {
            out.append(key)
            if out.count == count { return out }
        }
        return out
    }

    /// How many keys `storeValues()` lists: every bound key and every other stored key.
    public var storeKeyCount: Int {
        var count = registry.boundKeyCount
        var others = Set<StoreKey>()
        for (key, _) in store.values where !registry.isBound(key) && others.insert(StoreKey(key)).inserted { count += 1 }
        return count
    }

    /// How a key is bound (kind of row aside): its default, range, step, secure flag,
    /// options, as the first row bound to it declared them.
    public func binding(forKey key: String) -> Binding? {
        guard registry.isBound(key) else { return nil }
        if let cached = caches.bindings, cached.structure == caches.structureGeneration {
            return cached.bindings.binding(of: key)
        }
        let table = FirstBoundRows(declared: registry.screens, live: navigation, keys: registry.boundKeyCount)
        caches.bindings = (caches.structureGeneration, table)
        return table.binding(of: key)
    }

    /// Every key a row binds, sorted.
    public var boundKeys: [String] { registry.boundKeys.sorted() }

    /// Where the declared rows binding `key` are made (rows of screens whose `sections` is a
    /// table: a `sections` function's are known only once it runs), in order, each with the
    /// calls that led to a row a helper function built, innermost first.
    public func bindingPlaces(ofKey key: String) -> [(location: SourceLocation, callers: [SourceLocation])] {
        guard registry.isBound(key) else { return [] }
        var out: [(location: SourceLocation, callers: [SourceLocation])] = []
        for screen in registry.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for section in sections {
                for row in section.rows where row.binding?.key == key {
                    if let location = row.location { out.append((location, callers(of: row))) }
                }
            }
        }
        return out
    }

    /// The default of a bound key.
    public func defaultValue(for key: String) -> StoreValue? {
        guard let bound = registry.boundKey(key) else { return nil }
        if let row = bound.rules?.row, let ref = row.binding?.defaultFunction {
            return dynamicDefault(row, ref, fallback: bound.defaultValue)
        }
        return bound.defaultValue
    }
}
