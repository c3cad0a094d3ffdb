/// A list of strings by position, each found by its value (the first position whose string
/// `==` a given one), made in one pass without a `String` kept or hashed for an ASCII one.
///
/// The ASCII strings are copied one after another into one flat buffer and found through an
/// open-addressing table of their positions, hashed a word at a time and compared byte by
/// byte: the same answer as `String ==`, since two ASCII strings are canonically equivalent
/// only when their bytes are the same. A string that is not ASCII keeps its `String` and is
/// found through a `Dictionary` (the standard library's hashing and `==`, canonical
/// equivalence included); an ASCII string and one that is not can still be equal (U+212A
/// KELVIN SIGN is "K"), so a search looks in both (`first(_:)`). `Sendable`: a plain value.
package struct TextPositions: Sendable {
    /// The ASCII strings' bytes one after another (a string that is not ASCII has none here).
    package private(set) var bytes: [UInt8] = []
    /// Where each string's bytes end in `bytes` (a string starts where the one before ends).
    package private(set) var ends: [UInt32] = []
    /// The strings that are not ASCII, by position, ascending.
    package private(set) var others: [(position: Int, text: String)] = []
    /// The first position of each string that is not ASCII, by value.
    private var otherFirst: [String: Int32] = [:]
    /// Open addressing: 0 is an empty slot, else the position of an ASCII string plus one.
    private var slots: [UInt32] = []

    /// How many strings there are.
    package var count: Int { ends.count }

    /// The strings `texts`, in order.
    package init(_ texts: [String]) {
        self.init(count: texts.count) { texts[$0] }
    }

    /// `count` strings, the one at each position given by `text` (called once a position,
    /// in order).
    package init(count: Int, _ text: (Int) -> String) {
        var ends = [UInt32](repeating: 0, count: count)
        var others: [(position: Int, text: String)] = []
        var otherFirst: [String: Int32] = [:]
        var flat = FlatBytes(capacity: count * 12 + 16)
        // The strings copied, through pointers (an array's append or subscript write checks
        // that its buffer is unshared each time)...
        ends.withUnsafeMutableBufferPointer { ends in
            for n in 0..<count {
                var s = text(n)
                if !s.withUTF8({ flat.appendIfASCII($0) }) {
                    others.append((n, s))
                    if otherFirst[s] == nil { otherFirst[s] = Int32(n) }
                }
                ends[n] = UInt32(flat.count)
            }
        }
        // ... then the ASCII ones' table made in one pass over the buffer.
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        var slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        let base = flat.base
        ends.withUnsafeBufferPointer { ends in
            slots.withUnsafeMutableBufferPointer { slots in
                var start = 0
                var other = 0
                for n in 0..<count {
                    let end = Int(ends[n]), length = end - start
                    defer { start = end }
                    if length == 0, other < others.count, others[other].position == n {
                        other += 1
                        continue
                    }
                    var i = Int(truncatingIfNeeded: Self.hash(base + start, length)) & mask
                    // Equal strings keep the first position (the strings come in order).
                    var present = false
                    while slots[i] != 0 {
                        let m = Int(slots[i]) - 1
                        let mStart = m == 0 ? 0 : Int(ends[m - 1])
                        if Int(ends[m]) - mStart == length, Self.same(base + mStart, base + start, length) {
                            present = true
                            break
                        }
                        i = (i + 1) & mask
                    }
                    if !present { slots[i] = UInt32(n + 1) }
                }
            }
        }
        self.bytes = flat.finish()
        self.ends = ends
        self.others = others
        self.otherFirst = otherFirst
        self.slots = slots
    }

    /// The string at `position`.
    package func text(at position: Int) -> String {
        let start = position == 0 ? 0 : Int(ends[position - 1]), end = Int(ends[position])
        if end > start || others.isEmpty { return String(decoding: bytes[start..<end], as: UTF8.self) }
        // No bytes: an empty ASCII string or one that is not ASCII.
        var low = 0, high = others.count
        while low < high {
            let mid = (low + high) / 2
            if others[mid].position < position { low = mid + 1 } else { high = mid }
        }
        return low < others.count && others[low].position == position ? others[low].text : ""
    }

    /// The first position whose string `==` `text`; nil when none is.
    package func first(_ text: String) -> Int? {
        // Not ASCII: equal to an ASCII string only if each of its characters is an ASCII one.
        let key = text.utf8.allSatisfy({ $0 < 0x80 }) ? text : Self.asciiEquivalent(of: text)
        let ascii = key.flatMap { k -> Int? in
            var k = k
            return k.withUTF8 { firstASCII($0) }
        }
        guard !otherFirst.isEmpty, let other = otherFirst[text].map(Int.init) else { return ascii }
        return min(ascii ?? other, other)
    }

    /// The first position of the ASCII string with these bytes.
    private func firstASCII(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        return bytes.withUnsafeBufferPointer { flat -> Int? in
            ends.withUnsafeBufferPointer { ends -> Int? in
                slots.withUnsafeBufferPointer { slots -> Int? in
                    let length = key.count
                    // (an empty key has no base address: any pointer compares 0 bytes)
                    let k = key.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    var i = Int(truncatingIfNeeded: Self.hash(k, length)) & mask
                    while slots[i] != 0 {
                        let n = Int(slots[i]) - 1
                        let start = n == 0 ? 0 : Int(ends[n - 1])
                        if Int(ends[n]) - start == length,
                           length == 0 || Self.same(flat.baseAddress! + start, k, length) {
                            return n
                        }
                        i = (i + 1) & mask
                    }
                    return nil
                }
            }
        }
    }

    /// The ASCII string canonically equivalent to `text` (each of its characters equal to
    /// an ASCII one: U+212A KELVIN SIGN is "K", U+037E GREEK QUESTION MARK is ";"), else nil.
    /// Canonical equivalence maps no character to two ASCII ones, and an ASCII character is
    /// a `Character` of its own (CR LF aside), so the comparison is a character's at a time.
    static func asciiEquivalent(of text: String) -> String? {
        var out: [UInt8] = []
        for c in text {
            if c == "\r\n" {
                out += [0x0D, 0x0A]
            } else if c.unicodeScalars.count == 1, let a = c.unicodeScalars.first, a.isASCII {
                out.append(UInt8(a.value))
            } else if let a = (0..<0x80 as Range<UInt8>).first(where: { Character(Unicode.Scalar($0)) == c }) {
                out.append(a)
            } else {
                return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A hash of `n` bytes, 8 at a time.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: n &+ 1)
        let raw = UnsafeRawPointer(p)
        var i = 0
        while i &+ 8 <= n {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            i &+= 8
        }
        if i < n {
            var w: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                w |= UInt64(p[i]) << shift
                shift &+= 8
                i &+= 1
            }
            h = (h ^ w) &* 0xC4CE_B9FE_1A85_EC53
        }
        return h ^ (h >> 32)
    }

    /// Whether `n` bytes at `a` and `b` are the same.
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        while i &+ 8 <= n {
            if UnsafeRawPointer(a).loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != UnsafeRawPointer(b).loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i &+= 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }
}

/// A growing buffer of bytes for `TextPositions`' one pass: appended to without a
/// `[UInt8]`'s generic `append(contentsOf:)` (a call and a `memcpy` a string), then handed
/// over as an array. Used and freed within one initializer.
private struct FlatBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Appends `utf8` when it is ASCII; false (nothing appended) when it is not.
    mutating func appendIfASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = utf8.count
        if count + n > capacity {
            var grown = capacity * 2
            while count + n > grown { grown *= 2 }
            let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            new.update(from: base, count: count)
            base.deallocate()
            base = new
            capacity = grown
        }
        guard n > 0, let from = utf8.baseAddress else { return true }
        let to = base + count
        var any: UInt8 = 0
        for i in 0..<n {
            let b = from[i]
            any |= b
            to[i] = b
        }
        guard any < 0x80 else { return false }
        count += n
        return true
    }

    /// The bytes as an array; the buffer is freed.
    func finish() -> [UInt8] {
        let out = Array(UnsafeBufferPointer(start: base, count: count))
        base.deallocate()
        return out
    }
}
