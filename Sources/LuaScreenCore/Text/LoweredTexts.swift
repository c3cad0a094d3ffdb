/// A list of texts lowercased once, searched for those that start with a lowercased
/// reference (`hasPrefix`) or equal it (`==`), with the standard library's answers.
///
/// When the reference and a text's lowercased form are both ASCII (the reference with no CR
/// or LF), the test is a byte comparison in one flat buffer of every such text: the same
/// answer, since ASCII lowercases byte for byte, no two ASCII strings are canonically
/// equivalent unless they are the same bytes, and each ASCII byte before one that is not a
/// CR is a `Character` of its own (a reference without CR or LF cannot end inside a CR LF).
/// Any other text, or any other reference, goes the standard library's way (`String`'s
/// `hasPrefix` and `==`), so a search costs a pass over bytes, not over `String`s, and a miss
/// costs what a hit does. `Sendable`: a plain value.
package struct LoweredTexts: Sendable {
    /// The lowercased ASCII texts one after another; a text that is not ASCII once
    /// lowercased has no bytes here (see `others`).
    private let bytes: [UInt8]
    /// Where each text's bytes end in `bytes` (a text starts where the one before ends).
    private let ends: [UInt32]
    /// Each text's first byte in `bytes` (0 when it has none): a search compares these
    /// first, one byte a text, and reads further only where the first byte matches.
    private let heads: [UInt8]
    /// The texts that are not ASCII once lowercased: their position and lowercased form, by
    /// position.
    private let others: [(position: Int, lowered: String)]
    /// The texts as given, for a reference that is not ASCII (lowercased at each search).
    private let texts: TextPositions

    /// The texts `texts`, lowercased here.
    package init(_ texts: [String]) {
        self.init(TextPositions(texts))
    }

    /// The texts of `texts`, lowercased here: the ASCII ones from its flat buffer, 8 bytes
    /// at a time (no `String` read), the others one by one.
    package init(_ texts: TextPositions) {
        var bytes: [UInt8]
        var ends: [UInt32]
        var others: [(position: Int, lowered: String)] = []
        if texts.others.isEmpty {
            bytes = texts.bytes
            ends = texts.ends
        } else {
            bytes = []
            bytes.reserveCapacity(texts.bytes.count)
            ends = []
            ends.reserveCapacity(texts.count)
            var other = 0
            for n in 0..<texts.count {
                let start = n == 0 ? 0 : Int(texts.ends[n - 1]), end = Int(texts.ends[n])
                if other < texts.others.count, texts.others[other].position == n {
                    // Not ASCII as written; its lowercased form may be.
                    let lowered = texts.others[other].text.lowercased()
                    other += 1
                    if lowered.utf8.allSatisfy({ $0 < 0x80 }) {
                        bytes.append(contentsOf: lowered.utf8)
                    } else {
                        others.append((n, lowered))
                    }
                } else {
                    bytes.append(contentsOf: texts.bytes[start..<end])
                }
                ends.append(UInt32(bytes.count))
            }
        }
        // ASCII lowercases byte for byte: A-Z gain 0x20, 8 bytes at a time (every byte is
        // below 0x80, so adding 0x3F or 0x25 to one carries into no other).
        bytes.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress else { return }
            let raw = UnsafeMutableRawPointer(base)
            var i = 0
            while i + 8 <= all.count {
                let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let upper = ((x &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (x &+ 0x2525_2525_2525_2525)) & 0x8080_8080_8080_8080
                raw.storeBytes(of: x | (upper >> 2), toByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < all.count {
                if all[i] &- 0x41 < 26 { all[i] |= 0x20 }
                i += 1
            }
        }
        var heads = [UInt8](repeating: 0, count: ends.count)
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                heads.withUnsafeMutableBufferPointer { heads in
                    var start = 0
                    for n in ends.indices {
                        if Int(ends[n]) > start { heads[n] = bytes[start] }
                        start = Int(ends[n])
                    }
                }
            }
        }
        self.heads = heads
        self.bytes = bytes
        self.ends = ends
        self.others = others
        self.texts = texts
    }

    /// What a search found: how many texts start with the reference, the first `keep` of
    /// their positions (ascending), and how many equal it with one such position.
    package struct Matches {
        /// The first positions whose text starts with the reference, ascending.
        package var first: [Int] = []
        /// How many texts start with the reference.
        package var count = 0
        /// How many texts equal the reference.
        package var exactCount = 0
        /// A position whose text equals the reference (the last one found).
        package var exact: Int? = nil
    }

    /// The texts that, lowercased, start with or equal `lower` (a lowercased reference,
    /// not empty), keeping the first `keep` positions.
    package func matches(_ lower: String, keep: Int) -> Matches {
        guard let needle = CaseInsensitiveNeedle.byteSearchable(lower) else {
            return slowMatches(lower, keep: keep)
        }
        var found = Matches()
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                heads.withUnsafeBufferPointer { heads in
                    needle.withUnsafeBufferPointer { needle in
                        let m = needle.count, head = needle[0]
                        for n in 0..<heads.count where heads[n] == head {
                            let start = n == 0 ? 0 : Int(ends[n - 1]), end = Int(ends[n])
                            guard end - start >= m else { continue }
                            var k = 1
                            while k < m, bytes[start + k] == needle[k] { k += 1 }
                            guard k == m else { continue }
                            found.count += 1
                            if found.first.count < keep { found.first.append(n) }
                            if end - start == m { found.exactCount += 1; found.exact = n }
                        }
                    }
                }
            }
        }
        guard !others.isEmpty else { return found }
        // The texts that are not ASCII: the standard library's tests, merged in by position.
        var more: [Int] = []
        for other in others where other.lowered.hasPrefix(lower) {
            found.count += 1
            if more.count < keep { more.append(other.position) }
            if other.lowered == lower { found.exactCount += 1; found.exact = other.position }
        }
        if !more.isEmpty { found.first = Array((found.first + more).sorted().prefix(keep)) }
        return found
    }

    /// `matches` for a reference the byte test does not apply to: each text lowercased and
    /// tested by the standard library.
    private func slowMatches(_ lower: String, keep: Int) -> Matches {
        var found = Matches()
        for n in 0..<texts.count {
            let text = texts.text(at: n).lowercased()
            guard text.hasPrefix(lower) else { continue }
            found.count += 1
            if found.first.count < keep { found.first.append(n) }
            if text == lower { found.exactCount += 1; found.exact = n }
        }
        return found
    }
}
