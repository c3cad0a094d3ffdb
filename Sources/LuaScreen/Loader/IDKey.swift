/// A row id as a dictionary key, hashed once with FNV-1a: checking a hundred thousand ids
/// for duplicates is then one cheap integer hash each.
struct IDKey: Hashable {
    let string: String
    let hash: Int

    init(_ string: String) {
        var s = string
        self.hash = s.withUTF8 { bytes in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: h)
        }
        self.string = s
    }

    static func == (a: IDKey, b: IDKey) -> Bool { a.hash == b.hash && a.string == b.string }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// The row ids used on one screen, with the line each was declared on (0: unknown).
typealias RowIDs = [IDKey: Int32]
