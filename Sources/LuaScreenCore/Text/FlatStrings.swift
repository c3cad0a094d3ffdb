import ScreenModel
import LuaRuntime

/// A list of strings by position, copied one after another into one flat buffer of bytes
/// straight from each string's own storage (no `String` kept or hashed for an ASCII one),
/// either as written (`first(_:)`: the first position whose string `==` a reference) or
/// lowercased (`matches`: the texts that start with or equal a lowercased reference).
///
/// A search compares each string's key (its first byte and its length, two bytes a string)
/// and reads its bytes only where the key matches, so a hit costs what a miss does: about a
/// cycle a string, without a table to build first. The answers are the standard library's:
/// - As written, two ASCII strings are `==` only when their bytes are the same. A string
///   that is not ASCII keeps its `String`, found through a `Dictionary` (the standard
///   library's hashing and `==`, canonical equivalence included); an ASCII string and one
///   that is not can still be equal (U+212A KELVIN SIGN is "K"), so a search looks in both.
/// - Lowercased, ASCII lowercases byte for byte; a text whose lowercased form is not ASCII
///   keeps that form as a `String` and is tested by `hasPrefix` and `==`, and so is every
///   text for a reference that the byte test does not apply to (see `LoweredMatches`).
///
/// Immutable once made (`Builder.finish`). `Sendable`: a plain value.
package struct FlatStrings: Sendable {
    /// The bytes, where each string ends in them, and each string's key.
    private let storage: Storage
    /// The strings that have no bytes here, by position, ascending: as written (not ASCII,
    /// or longer than `Builder.short`: kept as the row's own `String`, never copied), or
    /// lowercased (not ASCII as written; `asWritten`: a long one, lowercased when searched).
    private let others: [(position: Int, text: String, asWritten: Bool)]
    /// The first position of each string that is not ASCII as written, by value.
    private let otherFirst: [String: Int32]
    /// Whether the bytes are the strings lowercased.
    package let lowercased: Bool

    /// The key of a string with no bytes here (no ASCII string has 0xFF as its first byte).
    static let noBytes: UInt16 = 0x00FF

    /// How many strings there are.
    package var count: Int { storage.count }

    /// The strings `strings`, in order, as written or lowercased.
    package init(_ strings: [String], lowercased: Bool = false) {
        var builder = Builder(lowercased: lowercased, capacity: strings.count)
        for s in strings { builder.append(s) }
        self = builder.finish()
    }

    fileprivate init(storage: Storage, others: [(position: Int, text: String, asWritten: Bool)], otherFirst: [String: Int32],
                     lowercased: Bool) {
        self.storage = storage
        self.others = others
        self.otherFirst = otherFirst
        self.lowercased = lowercased
    }

    /// The buffers a `Builder` filled, handed over without a copy and freed with the last
    /// `FlatStrings` that holds them. Never written once made: `@unchecked Sendable`.
    fileprivate final class Storage: @unchecked Sendable {
        /// The bytes of the strings kept as bytes, one after another (as written, or lowercased).
        let bytes: UnsafeMutablePointer<UInt8>
        /// Where each string's bytes end in `bytes` (a string starts where the one before ends).
        let ends: UnsafeMutablePointer<UInt32>
        /// Each string's key: its first byte, and its length (at most 255) in the high byte;
        /// `FlatStrings.noBytes` for a string that has no bytes here.
        let keys: UnsafeMutablePointer<UInt16>
        /// How many strings.
        let count: Int

        init(bytes: UnsafeMutablePointer<UInt8>, ends: UnsafeMutablePointer<UInt32>,
             keys: UnsafeMutablePointer<UInt16>, count: Int) {
            (self.bytes, self.ends, self.keys, self.count) = (bytes, ends, keys, count)
        }

        deinit {
            bytes.deallocate()
            ends.deallocate()
            keys.deallocate()
        }

        /// Where the string at `n` starts in `bytes`.
        @inline(__always)
        func start(_ n: Int) -> Int { n == 0 ? 0 : Int(ends[n &- 1]) }
    }

    /// The string at `position`, of a list kept as written.
    package func text(at position: Int) -> String {
        precondition(!lowercased, "a lowercased list keeps no string as written")
        precondition(position >= 0 && position < count, "no string at \(position)")
        let start = storage.start(position), end = Int(storage.ends[position])
        if storage.keys[position] != Self.noBytes {
            return String(decoding: UnsafeBufferPointer(start: storage.bytes + start, count: end - start), as: UTF8.self)
        }
        var low = 0, high = others.count
        while low < high {
            let mid = (low + high) / 2
            if others[mid].position < position { low = mid + 1 } else { high = mid }
        }
        return others[low].text
    }

    /// The first position whose string `==` `text`, of a list kept as written; nil when none is.
    package func first(_ text: String) -> Int? {
        precondition(!lowercased, "a lowercased list is searched with first(_:original:)")
        return firstPosition(text) { _ in true }
    }

    /// The first position whose string `==` `text`, of a lowercased list: `original` gives
    /// the string at a position as written (asked only of a few whose lowercased forms are
    /// equal). nil when none is.
    package func first(_ text: String, original: (Int) -> String) -> Int? {
        firstPosition(text) { original($0) == text }
    }

    /// The first position whose string `==` `text`: the ASCII ones through their bytes (a
    /// candidate confirmed by `confirm`), the others through `otherFirst`.
    private func firstPosition(_ text: String, confirm: (Int) -> Bool) -> Int? {
        // Not ASCII: equal to an ASCII string only if each of its characters is an ASCII one.
        var key = text.utf8.allSatisfy({ $0 < 0x80 }) ? text : Self.asciiEquivalent(of: text)
        if lowercased { key = key.map(Self.asciiLowercased) }
        let ascii = key.flatMap { k -> Int? in
            var k = k
            return k.withUTF8 { firstEqual($0, confirm) }
        }
        guard !otherFirst.isEmpty, let other = otherFirst[text].map(Int.init) else { return ascii }
        return min(ascii ?? other, other)
    }

    /// The first position whose bytes are `key`'s and which `confirm` accepts.
    private func firstEqual(_ key: UnsafeBufferPointer<UInt8>, _ confirm: (Int) -> Bool) -> Int? {
        let m = key.count
        let wanted = UInt16(m == 0 ? 0 : key[0]) | UInt16(min(m, 255)) << 8
        // (an empty key has no base address: any pointer compares 0 bytes)
        let k = key.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let keys = UnsafeBufferPointer(start: storage.keys, count: storage.count)
        var from = 0
        while let n = Self.nextKey(wanted, in: keys, from: from) {
            from = n + 1
            let start = storage.start(n)
            if Int(storage.ends[n]) - start == m, m == 0 || bytesEqual(storage.bytes + start, k, count: m), confirm(n) {
                return n
            }
        }
        return nil
    }

    /// The first position from `from` whose key is `wanted`, four keys a step.
    @inline(__always)
    private static func nextKey(_ wanted: UInt16, in keys: UnsafeBufferPointer<UInt16>, from: Int) -> Int? {
        var n = from
        let count = keys.count
        if let base = keys.baseAddress {
            let raw = UnsafeRawPointer(base)
            let all = UInt64(wanted) &* 0x0001_0001_0001_0001
            while n &+ 4 <= count {
                let x = raw.loadUnaligned(fromByteOffset: n &* 2, as: UInt64.self) ^ all
                // A lane that is zero sets its high bit here (lanes above it may too: checked below).
                if (x &- 0x0001_0001_0001_0001) & ~x & 0x8000_8000_8000_8000 != 0 { break }
                n &+= 4
            }
        }
        while n < count {
            if keys[n] == wanted { return n }
            n &+= 1
        }
        return nil
    }

    /// What a search of a lowercased list found: how many texts start with the reference,
    /// the first `keep` of their positions (ascending), and how many equal it with one such
    /// position.
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

    /// The texts of a lowercased list that start with or equal `lower` (a lowercased
    /// reference, not empty), keeping the first `keep` positions. `original` gives the text
    /// at a position as written (asked of every text for a reference that is not byte
    /// searchable: see `CaseInsensitiveNeedle.byteSearchable`).
    package func matches(_ lower: String, keep: Int, original: (Int) -> String) -> Matches {
        precondition(lowercased, "matches(_:keep:original:) searches a lowercased list")
        guard let needle = CaseInsensitiveNeedle.byteSearchable(lower) else {
            return slowMatches(lower, keep: keep, original: original)
        }
        var found = Matches()
        let bytes = storage.bytes, ends = storage.ends, keys = storage.keys
        needle.withUnsafeBufferPointer { needle in
            let m = needle.count, head = UInt16(needle[0]), least = UInt16(min(m, 255))
            // The needle's first 8 bytes (or fewer) as a word: a text of 8 bytes or more is
            // compared a word at a time there, the rest byte by byte.
            let m8 = min(m, 8)
            var word: UInt64 = 0
            for i in 0..<m8 { word |= UInt64(needle[i]) << (8 * UInt64(i)) }
            let mask: UInt64 = m8 == 8 ? ~0 : (1 << (8 * UInt64(m8))) - 1
            for n in 0..<storage.count where keys[n] & 0xFF == head && keys[n] >> 8 >= least {
                let start = storage.start(n), end = Int(ends[n])
                guard end - start >= m else { continue }
                var k = 1
                if end - start >= 8 {
                    let w = UnsafeRawPointer(bytes + start).loadUnaligned(as: UInt64.self)
                    guard (w ^ word) & mask == 0 else { continue }
                    k = m8
                }
                while k < m, bytes[start + k] == needle[k] { k += 1 }
                guard k == m else { continue }
                found.count += 1
                if found.first.count < keep { found.first.append(n) }
                if end - start == m { found.exactCount += 1; found.exact = n }
            }
        }
        guard !others.isEmpty else { return found }
        // The texts that are not ASCII once lowercased: the standard library's tests, merged in by position.
        var more: [Int] = []
        for other in others {
            // A long text is lowercased here, for this search only (a copy of it is kept nowhere).
            let text = other.asWritten ? other.text.lowercased() : other.text
            guard text.hasPrefix(lower) else { continue }
            found.count += 1
            if more.count < keep { more.append(other.position) }
            if text == lower { found.exactCount += 1; found.exact = other.position }
        }
        if !more.isEmpty { found.first = Array((found.first + more).sorted().prefix(keep)) }
        return found
    }

    /// `matches` for a reference the byte test does not apply to: each text lowercased and
    /// tested by the standard library.
    private func slowMatches(_ lower: String, keep: Int, original: (Int) -> String) -> Matches {
        var found = Matches()
        for n in 0..<count {
            let text = original(n).lowercased()
            guard text.hasPrefix(lower) else { continue }
            found.count += 1
            if found.first.count < keep { found.first.append(n) }
            if text == lower { found.exactCount += 1; found.exact = n }
        }
        return found
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

    /// An ASCII string lowercased byte for byte.
    static func asciiLowercased(_ s: String) -> String {
        String(decoding: s.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Makes a `FlatStrings` one string at a time, each read where it lies
    /// (`withContiguousStorageIfAvailable`: a small string's bytes, or its buffer's) and
    /// copied 8 bytes at a time. A local value: its buffers are freed by `finish`.
    ///
    /// `append(_:)` takes any string. A loop over strings stored elsewhere (the rows) calls
    /// `makeRoom()` before reading each one and `appendIfShortASCII` with it, then, only when
    /// that declines, `appendOther` with the string read again: the string is then read in
    /// place without being retained (nothing between its read and its last use can release
    /// it), which is most of what a copy out of the row costs.
    package struct Builder {
        private var bytes: UnsafeMutablePointer<UInt8>
        private var used = 0
        private var capacity: Int
        private var ends: UnsafeMutablePointer<UInt32>
        private var keys: UnsafeMutablePointer<UInt16>
        private var count = 0
        private var slots: Int
        private var others: [(position: Int, text: String, asWritten: Bool)] = []
        private var otherFirst: [String: Int32] = [:]
        private let lowercased: Bool
        /// Whether `appendIfSmallASCII` may read small strings' bits (`SmallStringBits`).
        private let smallBits = SmallStringBits.readable

        /// The longest string `appendIfShortASCII` takes (`makeRoom` leaves room for it).
        static let short = 256

        /// A builder of about `capacity` strings (it grows past it).
        package init(lowercased: Bool, capacity: Int) {
            self.lowercased = lowercased
            self.capacity = max(Self.short + 8, capacity * 16)
            bytes = .allocate(capacity: self.capacity)
            slots = max(16, capacity)
            ends = .allocate(capacity: slots)
            keys = .allocate(capacity: slots)
        }

        /// Appends `s` (as written or lowercased).
        package mutating func append(_ s: String) {
            if appendIfSmallASCII(s, lowercased: lowercased) { return }
            makeRoom()
            if !appendIfShortASCII(s, lowercased: lowercased) { appendOther(s) }
        }

        /// Room for one more string of up to `short` bytes.
        @inline(__always)
        package mutating func makeRoom() {
            if count == slots { growSlots() }
            if used &+ (Self.short &+ 8) > capacity { growBytes(used &+ (Self.short &+ 8)) }
        }

        /// Appends `s` when it is a small ASCII string (at most 15 bytes, kept in the `String`
        /// itself: see `SmallStringBits`) and there is room, its two words stored as they are
        /// (lowercased: as this builder was made, a constant where the call is inlined); false,
        /// and nothing appended, otherwise (`makeRoom` then `appendIfShortASCII` must take it).
        /// Calls nothing, and reads nothing but the string's 16 bytes.
        @inline(__always)
        package mutating func appendIfSmallASCII(_ s: String, lowercased: Bool) -> Bool {
            guard smallBits, count < slots, used &+ 16 <= capacity,
                  let (low, high, n) = SmallStringBits.ascii(s) else { return false }
            let to = UnsafeMutableRawPointer(bytes + used)
            let first = lowercased ? Self.lower(low) : low
            to.storeBytes(of: first, as: UInt64.self)
            to.storeBytes(of: lowercased ? Self.lower(high) : high, toByteOffset: 8, as: UInt64.self)
            used &+= n
            ends[count] = UInt32(truncatingIfNeeded: used)
            keys[count] = n == 0 ? 0 : UInt16(truncatingIfNeeded: first & 0xFF) | UInt16(truncatingIfNeeded: n) << 8
            count &+= 1
            return true
        }

        /// Appends `s` when it is ASCII and at most `short` bytes long (lowercased: as this
        /// builder was made, a constant where the call is inlined) and contiguous; false, and
        /// nothing appended, when it is not. Calls nothing: see the type's comment
        /// (`makeRoom` first).
        @inline(__always)
        package mutating func appendIfShortASCII(_ s: String, lowercased: Bool) -> Bool {
            assert(lowercased == self.lowercased)
            return s.utf8.withContiguousStorageIfAvailable { utf8 in
                utf8.count <= Self.short && appendIfASCII(utf8, lowercased)
            } ?? false
        }

        /// Appends these bytes when they are ASCII (lowercased if asked); false, and nothing
        /// appended, when they are not. There is room for them and 8 bytes more.
        @inline(__always)
        private mutating func appendIfASCII(_ utf8: UnsafeBufferPointer<UInt8>, _ lowercased: Bool) -> Bool {
            @inline(__always) func lower(_ w: UInt64) -> UInt64 { lowercased ? Self.lower(w) : w }
            let n = utf8.count
            let to = UnsafeMutableRawPointer(bytes + used)
            var any: UInt64 = 0
            var head: UInt16 = 0
            if n > 0, let base = utf8.baseAddress {
                let from = UnsafeRawPointer(base)
                if n >= 8 {
                    var i = 0
                    while i &+ 8 < n {
                        let w = from.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        any |= w
                        to.storeBytes(of: lower(w), toByteOffset: i, as: UInt64.self)
                        i &+= 8
                    }
                    // The last 8 bytes (overlapping the ones before: lowercasing twice is once).
                    let w = from.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
                    any |= w
                    to.storeBytes(of: lower(w), toByteOffset: n &- 8, as: UInt64.self)
                } else if n >= 4 {
                    let a = UInt64(from.loadUnaligned(as: UInt32.self))
                    let b = UInt64(from.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
                    any = a | b
                    to.storeBytes(of: UInt32(truncatingIfNeeded: lower(a)), as: UInt32.self)
                    to.storeBytes(of: UInt32(truncatingIfNeeded: lower(b)), toByteOffset: n &- 4, as: UInt32.self)
                } else {
                    let a = UInt64(base[0]) | UInt64(base[n >> 1]) << 8 | UInt64(base[n &- 1]) << 16
                    any = a
                    let l = lower(a)
                    to.storeBytes(of: UInt8(truncatingIfNeeded: l), as: UInt8.self)
                    to.storeBytes(of: UInt8(truncatingIfNeeded: l >> 8), toByteOffset: n >> 1, as: UInt8.self)
                    to.storeBytes(of: UInt8(truncatingIfNeeded: l >> 16), toByteOffset: n &- 1, as: UInt8.self)
                }
                guard any & 0x8080_8080_8080_8080 == 0 else { return false }
                head = UInt16(to.load(as: UInt8.self))
            }
            used &+= n
            ends[count] = UInt32(truncatingIfNeeded: used)
            keys[count] = head | UInt16(truncatingIfNeeded: min(n, 255)) << 8
            count &+= 1
            return true
        }

        /// `w`'s bytes lowercased (each byte below 0x80: adding 0x3F or 0x25 to one carries
        /// into no other).
        @inline(__always)
        private static func lower(_ w: UInt64) -> UInt64 {
            let upper = ((w &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (w &+ 0x2525_2525_2525_2525)) & 0x8080_8080_8080_8080
            return w | (upper >> 2)
        }

        /// Appends a string `appendIfShortASCII` declined (not ASCII, long, or not contiguous):
        /// a short ASCII one into the bytes, any other among `others` (lowercased if asked,
        /// unless it is long: the bytes a script's strings make the host copy stay bounded,
        /// `short` a string).
        package mutating func appendOther(_ s: String) {
            if count == slots { growSlots() }
            let position = count
            var s = s
            let long = s.utf8.count > Self.short
            if !long, s.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) {
                if s.utf8.count + 8 > capacity - used { growBytes(used + s.utf8.count + 8) }
                let lowercased = self.lowercased
                _ = s.withUTF8 { appendIfASCII($0, lowercased) }
                return
            }
            if otherFirst[s] == nil { otherFirst[s] = Int32(position) }
            others.append((position, lowercased && !long ? s.lowercased() : s, lowercased && long))
            ends[count] = UInt32(truncatingIfNeeded: used)
            keys[count] = FlatStrings.noBytes
            count += 1
        }

        private mutating func growBytes(_ least: Int) {
            var grown = capacity * 2
            while grown < least { grown *= 2 }
            let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            new.update(from: bytes, count: used)
            bytes.deallocate()
            bytes = new
            capacity = grown
        }

        private mutating func growSlots() {
            let grown = slots * 2
            let newEnds = UnsafeMutablePointer<UInt32>.allocate(capacity: grown)
            newEnds.update(from: ends, count: count)
            ends.deallocate()
            ends = newEnds
            let newKeys = UnsafeMutablePointer<UInt16>.allocate(capacity: grown)
            newKeys.update(from: keys, count: count)
            keys.deallocate()
            keys = newKeys
            slots = grown
        }

        /// The list made; the builder's buffers are handed to it (the builder must not be
        /// used again).
        package func finish() -> FlatStrings {
            FlatStrings(storage: Storage(bytes: bytes, ends: ends, keys: keys, count: count), others: others,
                        otherFirst: otherFirst, lowercased: lowercased)
        }
    }
}
