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
/// One 4-byte word a slot: the key's index in `keys` plus 1 in the low bits (as many as the
/// slots' count needs), the high bits of its hash above them, so that most slots of other
/// keys are passed without comparing keys. No hash is kept beside each key: growing hashes
/// the keys again (once a doubling). At most 4 slots in 5 are taken (the tags keep a probe
/// past other keys cheap). Keys and values grow as appended (geometrically).
package struct KeyTable<Value> {
    /// 0: an empty slot; else the key's index in `keys` plus 1 under `mask`, and the high
    /// half of its hash above it. Where a key is looked for first: its hash's low bits.
    private var slots: [UInt32] = []
    /// The keys, in the order stored.
    package private(set) var keys: [String] = []
    /// Their values.
    package private(set) var values: [Value] = []

    /// An empty table.
    package init() {}

    /// How many keys it holds.
    package var count: Int { keys.count }

    /// `slots.count - 1`: the bits of a slot's index.
    private var mask: Int { slots.count - 1 }

    /// Room for `n` keys in all without growing the slots.
    package mutating func reserveCapacity(_ n: Int) {
        var capacity = 16
        while capacity * 4 < n * 5 { capacity <<= 1 }
        if capacity > slots.count { rehash(capacity) }
    }

    /// The slot of the key hashed `hash` (the key `key`): where it is, or the empty slot where
    /// it would go.
    @inline(__always)
    private func probe(_ key: String, _ hash: UInt64) -> (slot: Int, found: Bool) {
        let mask = self.mask
        let tag = Self.tag(hash, mask: mask)
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = slots[i]
            if word == 0 { return (i, false) }
            if word & ~UInt32(truncatingIfNeeded: mask) == tag, keys[Int(word) & mask - 1].sameBytes(as: key) { return (i, true) }
            i = (i + 1) & mask
        }
    }

    /// The value stored under `key`.
    package subscript(key: String) -> Value? {
        guard !slots.isEmpty else { return nil }
        let (i, found) = probe(key, fnv1a(key))
        return found ? values[Int(slots[i]) & mask - 1] : nil
    }

    /// Stores `value` under `key` unless the key is there already; returns the value there.
    package mutating func insertIfAbsent(_ key: String, _ value: Value) -> Value? {
        if (keys.count + 1) * 5 > slots.count * 4 { rehash(max(16, slots.count * 2)) }
        let hash = fnv1a(key)
        let (i, found) = probe(key, hash)
        if found { return values[Int(slots[i]) & mask - 1] }
        precondition(keys.count < Int(Int32.max), "KeyTable: too many keys")
        slots[i] = Self.word(hash, index: keys.count, mask: mask)
        keys.append(key)
        values.append(value)
        return nil
    }

    /// The high bits of a slot of the key hashed `hash`: its hash's high half above `mask`.
    @inline(__always)
    private static func tag(_ hash: UInt64, mask: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: hash >> 32) & ~UInt32(truncatingIfNeeded: mask)
    }

    /// The slot word of the key hashed `hash` at `index` of `keys`.
    @inline(__always)
    private static func word(_ hash: UInt64, index: Int, mask: Int) -> UInt32 {
        tag(hash, mask: mask) | UInt32(truncatingIfNeeded: index + 1)
    }

    private mutating func rehash(_ capacity: Int) {
        var grown = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in keys.indices {
            let hash = fnv1a(keys[index])
            var i = Int(truncatingIfNeeded: hash) & mask
            while grown[i] != 0 { i = (i + 1) & mask }
            grown[i] = Self.word(hash, index: index, mask: mask)
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
