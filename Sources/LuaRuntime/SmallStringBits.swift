/// The bytes of a small ASCII `String` read from, and written into, the string's own 16
/// bytes, without a call or a copy to the stack: what `FlatStrings.Builder` copies from
/// 100,000 rows, and how the short ASCII strings of a script's rows cross into the host
/// (`LuaStack.checkedString`: the initializer that copies bytes would check them again).
///
/// A string of at most 15 UTF-8 bytes is kept inside the `String` value (a "small" string):
/// on 64-bit platforms its bytes fill the first word and the low 7 bytes of the second, the
/// unused ones zero, and the top byte of the second word holds the form (0xE: immortal,
/// ASCII, small) and the count (its low 4 bits). That layout belongs to the standard library,
/// so it is not assumed: `readable` checks it once, on strings made at run time (every
/// length from 0 to 15, one not ASCII, one too long), and `makeable` checks that strings
/// written this way are equal, byte for byte and by `==` and hash, to the ones the standard
/// library makes; when any answer differs nothing reads or writes the bits (the callers go
/// the standard library's way). A string of any other form is never read here.
/// No state: `Sendable` by having none.
package enum SmallStringBits {
    /// Whether small ASCII strings are laid out as described (checked once).
    package static let readable: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        for n in 0...15 {
            let bytes = (0..<n).map { UInt8(0x41 + $0 * 3 % 58) }
            guard let (low, high, count) = ascii(String(decoding: bytes, as: UTF8.self)), count == n else { return false }
            var words = (low, high)
            let read = withUnsafeBytes(of: &words) { Array($0.prefix(n)) }
            guard read == bytes, withUnsafeBytes(of: &words, { $0[n..<15].allSatisfy { $0 == 0 } }) else { return false }
        }
        let notASCII = String(decoding: [0xC3, 0xA9], as: UTF8.self)
        let long = String(decoding: [UInt8](repeating: 0x61, count: 40), as: UTF8.self)
        return ascii(notASCII) == nil && ascii(long) == nil
    }()

    /// Whether strings written by `make` are the standard library's own (checked once).
    package static let makeable: Bool = {
        guard readable else { return false }
        for n in 0...15 {
            let bytes = (0..<n).map { UInt8(0x20 + $0 * 7 % 95) }
            let expected = String(decoding: bytes, as: UTF8.self)
            let made = bytes.withUnsafeBytes { written(ascii: $0.baseAddress!, count: n) }
            guard made == expected, made.hashValue == expected.hashValue, Array(made.utf8) == bytes,
                  made.unicodeScalars.count == n, ascii(made).map({ $0.count }) == n else { return false }
            var a = made, b = expected
            guard withUnsafeBytes(of: &a, { Array($0) }) == withUnsafeBytes(of: &b, { Array($0) }) else { return false }
        }
        return true
    }()

    /// A `String` of the `count` ASCII bytes at `bytes` (`count` at most 15, no byte 0x80 or
    /// above: the caller checked), written in its two words where `makeable`; else nil.
    @inlinable @inline(__always)
    package static func make(ascii bytes: UnsafeRawPointer, count: Int) -> String? {
        guard count <= 15, makeable else { return nil }
        return written(ascii: bytes, count: count)
    }

    /// The small string's two words: the bytes, the form (immortal, ASCII, small) and count.
    @usableFromInline @inline(__always)
    static func written(ascii bytes: UnsafeRawPointer, count: Int) -> String {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: bytes, byteCount: count) }
        words.1 |= (0xE0 | UInt64(count)) << 56
        return unsafeBitCast(words, to: String.self)
    }

    /// The two words of `s` with the form byte cleared, and its count, when `s` is a small
    /// ASCII string; else nil. Only meaningful where `readable` is true.
    @inlinable @inline(__always)
    package static func ascii(_ s: String) -> (low: UInt64, high: UInt64, count: Int)? {
        let (low, high) = withUnsafeBytes(of: s) {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        guard high >> 60 == 0xE else { return nil }
        let payload = high & 0x00FF_FFFF_FFFF_FFFF
        // (the form says ASCII; the bytes are checked too)
        guard (low | payload) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return (low, payload, Int(truncatingIfNeeded: (high >> 56) & 0xF))
    }
}
