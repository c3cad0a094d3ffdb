/// The row ids used on one screen, with the line each was declared on (0: unknown).
///
/// Checking a hundred thousand ids for duplicates is the loader's hottest set: a `KeyTable`
/// holds them in about 45 bytes an id (a `Dictionary<String, Int>` takes several times that),
/// without its SipHash.
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
/// lookups (row ids, bound keys): cheaper to hash than `Dictionary<String, _>`, and small.
/// Keys are compared byte for byte (SPEC §6: "caf\u{E9}" and "cafe\u{301}" are two keys).
///
/// One 8-byte word a slot (the key's hash's high half above its index): growing reads the
/// slots only, hashing no key again, and no hash is kept beside each key. Keys and values
/// grow as appended (geometrically).
struct KeyTable<Value> {
    /// 0: an empty slot; else the high 32 bits of the key's hash (never 0) above its index
    /// in `keys` plus 1. Where a key is looked for first: its hash's high half, masked.
    private var slots: [UInt64] = []
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []

    init() {}

    var count: Int { keys.count }

    /// Room for `n` keys in all without growing the slots.
    mutating func reserveCapacity(_ n: Int) {
        var capacity = 16
        while capacity * 3 < n * 4 { capacity <<= 1 }
        if capacity > slots.count { rehash(capacity) }
    }

    /// The high half of `key`'s hash with its top bit set, never 0 (0 marks an empty slot);
    /// its low bits, where a key is looked for first, are the hash's own.
    private static func tag(_ key: String) -> UInt64 { (fnv1a(key) >> 32) | 0x8000_0000 }

    /// The slot of `key` (tag `tag`): where it is, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ key: String, _ tag: UInt64) -> (slot: Int, found: Bool) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: tag) & mask
        while true {
            let word = slots[i]
            if word == 0 { return (i, false) }
            if word >> 32 == tag, keys[Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1].sameBytes(as: key) { return (i, true) }
            i = (i + 1) & mask
        }
    }

    subscript(key: String) -> Value? {
        guard !slots.isEmpty else { return nil }
        let (i, found) = probe(key, Self.tag(key))
        return found ? values[Int(truncatingIfNeeded: slots[i] & 0xFFFF_FFFF) - 1] : nil
    }

    /// Stores `value` under `key` unless the key is there already; returns the value there.
    mutating func insertIfAbsent(_ key: String, _ value: Value) -> Value? {
        if (keys.count + 1) * 4 > slots.count * 3 { rehash(max(16, slots.count * 2)) }
        let tag = Self.tag(key)
        let (i, found) = probe(key, tag)
        if found { return values[Int(truncatingIfNeeded: slots[i] & 0xFFFF_FFFF) - 1] }
        precondition(keys.count < 0xFFFF_FFFF, "KeyTable: too many keys")
        slots[i] = tag << 32 | UInt64(keys.count + 1)
        keys.append(key)
        values.append(value)
        return nil
    }

    private mutating func rehash(_ capacity: Int) {
        var grown = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for word in slots where word != 0 {
            var i = Int(truncatingIfNeeded: word >> 32) & mask
            while grown[i] != 0 { i = (i + 1) & mask }
            grown[i] = word
        }
        slots = grown
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
