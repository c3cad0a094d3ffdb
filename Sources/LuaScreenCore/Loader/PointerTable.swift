/// A table keyed by the address of a Lua table (the screens a script's tables were read as).
///
/// Not a `Dictionary<UnsafeRawPointer, _>`: the first dictionary of a key type a process
/// makes looks the key's `Hashable` conformance up at run time, 0.23 M instructions in the
/// static executable (a tenth of a one-row `check`, issue 26). Open addressing over the
/// addresses' bits, grown geometrically. Not `Sendable`: a loader's own value.
struct PointerTable<Value> {
    private var keys: [UInt] = []  // 0: an empty slot (no table lives at address 0)
    private var values: [Value?] = []
    private var used = 0

    init() {}

    /// The value stored for `pointer`, nil when there is none; setting nil is not supported.
    subscript(pointer: UnsafeRawPointer) -> Value? {
        get {
            guard !keys.isEmpty else { return nil }
            let (slot, found) = probe(UInt(bitPattern: pointer))
            return found ? values[slot] : nil
        }
        set {
            guard let newValue else { return }
            if (used + 1) * 4 > keys.count * 3 { grow() }
            let key = UInt(bitPattern: pointer)
            let (slot, found) = probe(key)
            if !found {
                keys[slot] = key
                used += 1
            }
            values[slot] = newValue
        }
    }

    /// Where `key` is, or the empty slot where it would go.
    private func probe(_ key: UInt) -> (Int, Bool) {
        let mask = keys.count - 1
        // Lua's objects are 8-byte aligned: mix the high bits down before masking.
        var i = Int(truncatingIfNeeded: ((key >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while keys[i] != 0 {
            if keys[i] == key { return (i, true) }
            i = (i + 1) & mask
        }
        return (i, false)
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(8, keys.count * 2)
        keys = [UInt](repeating: 0, count: capacity)
        values = [Value?](repeating: nil, count: capacity)
        for (i, key) in oldKeys.enumerated() where key != 0 {
            let (slot, _) = probe(key)
            keys[slot] = key
            values[slot] = oldValues[i]
        }
    }
}
