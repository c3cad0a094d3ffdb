/// The row ids used on one screen, with the line each was declared on (0: unknown).
///
/// Checking a hundred thousand ids for duplicates is the loader's hottest set: a `KeyTable`
/// holds them in a quarter of the memory of a `Dictionary<String, Int>`, without its SipHash.
struct RowIDs {
    private var table = KeyTable<Int32>()

    init() {}

    var count: Int { table.count }

    mutating func reserveCapacity(_ n: Int) { table.reserveCapacity(n) }

    /// Records `id`, or returns the line of the id already recorded (nothing is recorded then).
    mutating func insert(_ id: String, line: Int32) -> Int32? {
        table.insertIfAbsent(id, line)
    }
}

/// A string-keyed table with FNV-1a hashing and open addressing, for the loader's per-row
/// lookups (bound keys): cheaper to hash than `Dictionary<String, _>`, and grows in place.
/// Keys are compared byte for byte (SPEC §6: "caf\u{E9}" and "cafe\u{301}" are two keys).
struct KeyTable<Value> {
    private var hashes: [UInt64] = []
    private var slots: [Int32] = []
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []
    /// Each key's hash, so growing the table does not hash every key again.
    private var keyHashes: [UInt64] = []

    init() {}

    var count: Int { keys.count }

    /// Room for `n` keys in all without growing.
    mutating func reserveCapacity(_ n: Int) {
        var capacity = 16
        while capacity * 3 < n * 4 { capacity <<= 1 }
        if capacity > hashes.count {
            rehash(capacity)
            // Grown with the table (geometrically): reserving exactly `n` at each call would
            // copy the arrays once per section of a screen.
            keys.reserveCapacity(capacity * 3 / 4)
            values.reserveCapacity(capacity * 3 / 4)
            keyHashes.reserveCapacity(capacity * 3 / 4)
        }
    }

    /// The slot of `key` (hash `h`): where it is, or the empty slot where it would go.
    private func probe(_ key: String, _ h: UInt64) -> (slot: Int, found: Bool) {
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while hashes[i] != 0 {
            if hashes[i] == h, keys[Int(slots[i])].sameBytes(as: key) { return (i, true) }
            i = (i + 1) & mask
        }
        return (i, false)
    }

    subscript(key: String) -> Value? {
        guard !hashes.isEmpty else { return nil }
        let (i, found) = probe(key, fnv1a(key))
        return found ? values[Int(slots[i])] : nil
    }

    /// Stores `value` under `key` unless the key is there already; returns the value there.
    mutating func insertIfAbsent(_ key: String, _ value: Value) -> Value? {
        if (keys.count + 1) * 4 > hashes.count * 3 { rehash(max(16, hashes.count * 2)) }
        let h = fnv1a(key)
        let (i, found) = probe(key, h)
        if found { return values[Int(slots[i])] }
        hashes[i] = h
        slots[i] = Int32(keys.count)
        keys.append(key)
        values.append(value)
        keyHashes.append(h)
        return nil
    }

    private mutating func rehash(_ capacity: Int) {
        hashes = [UInt64](repeating: 0, count: capacity)
        slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (n, h) in keyHashes.enumerated() {
            var i = Int(truncatingIfNeeded: h) & mask
            while hashes[i] != 0 { i = (i + 1) & mask }
            hashes[i] = h
            slots[i] = Int32(n)
        }
    }
}

extension KeyTable: Sendable where Value: Sendable {}

/// FNV-1a of a string's UTF-8, never 0 (0 marks an empty slot).
func fnv1a(_ string: String) -> UInt64 {
    var s = string
    return s.withUTF8 { bytes in
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h | 1
    }
}
