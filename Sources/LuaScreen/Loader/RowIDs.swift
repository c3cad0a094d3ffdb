/// The row ids used on one screen, with the line each was declared on (0: unknown).
///
/// Checking a hundred thousand ids for duplicates is the loader's hottest set: ids are hashed
/// once with FNV-1a into an open-addressing table of hashes and indexes, which holds a
/// screen's ids in a quarter of the memory of a `Dictionary<String, Int>` and without its
/// per-lookup SipHash.
struct RowIDs {
    private var hashes: [UInt64] = []
    private var slots: [Int32] = []
    private var ids: [String] = []
    private var lines: [Int32] = []

    init() {}

    var count: Int { ids.count }

    /// Room for `n` ids in all without growing.
    mutating func reserveCapacity(_ n: Int) {
        var capacity = 16
        while capacity * 3 < n * 4 { capacity <<= 1 }
        if capacity > hashes.count { rehash(capacity) }
        ids.reserveCapacity(n)
        lines.reserveCapacity(n)
    }

    /// Records `id`, or returns the line of the id already recorded (nothing is recorded then).
    mutating func insert(_ id: String, line: Int32) -> Int32? {
        if (ids.count + 1) * 4 > hashes.count * 3 { rehash(max(16, hashes.count * 2)) }
        let h = RowIDs.hash(id)
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while hashes[i] != 0 {
            if hashes[i] == h, ids[Int(slots[i])] == id { return lines[Int(slots[i])] }
            i = (i + 1) & mask
        }
        hashes[i] = h
        slots[i] = Int32(ids.count)
        ids.append(id)
        lines.append(line)
        return nil
    }

    private mutating func rehash(_ capacity: Int) {
        hashes = [UInt64](repeating: 0, count: capacity)
        slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (n, id) in ids.enumerated() {
            let h = RowIDs.hash(id)
            var i = Int(truncatingIfNeeded: h) & mask
            while hashes[i] != 0 { i = (i + 1) & mask }
            hashes[i] = h
            slots[i] = Int32(n)
        }
    }

    /// FNV-1a, never 0 (0 marks an empty slot).
    private static func hash(_ id: String) -> UInt64 {
        var s = id
        return s.withUTF8 { bytes in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return h | 1
        }
    }
}
