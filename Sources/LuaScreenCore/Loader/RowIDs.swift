import LuaRuntime

/// The row ids used on one screen, with the line each was declared on (0: unknown).
///
/// Checking a hundred thousand ids for duplicates is the loader's hottest set: a `KeyTable`
/// holds them in about 45 bytes an id (a `Dictionary<String, Int>` takes several times that),
/// without its SipHash.
struct RowIDs {
    private var table = KeyTable<Int32>()

    init() {}

    var count: Int { table.count }

    /// Room for `n` ids in all without growing the slots.
    mutating func reserveCapacity(_ n: Int) { table.reserveCapacity(n) }

    /// Records `id`, or returns the line of the id already recorded (nothing is recorded then).
    mutating func insert(_ id: String, line: Int32) -> Int32? {
        table.insertIfAbsent(id, line)
    }
}

/// A string-keyed table with a word-at-a-time hash (`keyHash`) and open addressing, for the
/// loader's per-row lookups (row ids, bound keys): cheaper to hash than
/// `Dictionary<String, _>`, and small.
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
        let (i, found) = probe(key, keyHash(key))
        return found ? values[Int(slots[i]) & mask - 1] : nil
    }

    /// Stores `value` under `key` unless the key is there already; returns the value there.
    package mutating func insertIfAbsent(_ key: String, _ value: Value) -> Value? {
        if (keys.count + 1) * 5 > slots.count * 4 { rehash(max(16, slots.count * 2)) }
        let hash = keyHash(key)
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
            let hash = keyHash(keys[index])
            var i = Int(truncatingIfNeeded: hash) & mask
            while grown[i] != 0 { i = (i + 1) & mask }
            grown[i] = Self.word(hash, index: index, mask: mask)
        }
        slots = grown
    }
}

extension KeyTable: Sendable where Value: Sendable {}

/// A 64-bit hash of a string's UTF-8 (any value: a slot's word is never 0 by its index + 1,
/// and every low bit counts, where a key is looked for first). Up to 15 bytes: the two
/// eight-byte words they fill (zero after the last), mixed with the length, so that a small
/// ASCII string is hashed from its own two words (`SmallStringBits`) with no copy; longer:
/// eight bytes a step, the last step the last eight bytes (overlapping the one before: the
/// length, mixed in first, tells such keys apart). A finalizer mixes every bit of the input
/// into the low bits (the first slot) and the high half (the tag).
package func keyHash(_ string: String) -> UInt64 {
    if let (low, high, n) = SmallStringBits.ascii(string), SmallStringBits.readable {
        return keyHash(low, high, count: n)
    }
    var s = string
    return s.withUTF8 { bytes in
        let raw = UnsafeRawBufferPointer(bytes)
        let n = raw.count
        if n <= 15 {
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: raw) }
            return keyHash(words.0, words.1, count: n)
        }
        var h = keyHashSeed(n)
        var i = 0
        while i + 8 < n {
            keyHashMix(&h, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        keyHashMix(&h, raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        return keyHashFinal(h)
    }
}

/// The hash of at most 15 bytes, given as the two words they fill (zero after the last).
@inline(__always)
private func keyHash(_ low: UInt64, _ high: UInt64, count: Int) -> UInt64 {
    var h = keyHashSeed(count)
    keyHashMix(&h, low)
    keyHashMix(&h, high)
    return keyHashFinal(h)
}

/// `keyHash`'s start: the length mixed in.
@inline(__always)
private func keyHashSeed(_ n: Int) -> UInt64 { (0x9E37_79B9_7F4A_7C15 ^ UInt64(n)) &* 0xFF51_AFD7_ED55_8CCD }

/// One word into `keyHash`'s state.
@inline(__always)
private func keyHashMix(_ h: inout UInt64, _ word: UInt64) {
    h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
    h ^= h >> 29
}

/// `keyHash`'s finalizer.
@inline(__always)
private func keyHashFinal(_ h: UInt64) -> UInt64 {
    var h = h
    h ^= h >> 33
    h = h &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 33
    return h
}
