@preconcurrency import Glibc

/// A line a person typed or piped in, decoded strictly: bytes that are not UTF-8 are never
/// repaired into U+FFFD (a Latin-1 `é` stored as `�` would lose what was meant), the line is
/// refused instead and nothing is done with it.
enum TypedLine {
    /// The text of `bytes`, or nil when they are not UTF-8.
    static func decode(_ bytes: some Collection<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The text of a C string, or nil when it is not UTF-8.
    static func decode(cString: UnsafePointer<CChar>) -> String? {
        decode(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self),
                                   count: strlen(cString)))
    }

    /// What is said of a line that is not UTF-8: the first bad byte and its place.
    static func refusal(_ bytes: some Collection<UInt8>) -> String {
        var check = UTF8Check()
        for byte in bytes { check.feed(byte) }
        check.end()
        return refusal(byte: check.firstBad ?? 0, at: check.firstBadAt)
    }

    /// What is said of a line whose byte number `at` (1-based, when known) is not UTF-8.
    static func refusal(byte: UInt8, at: Int?) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        let place = at.map { " at byte \($0)" } ?? ""
        return "the line is not UTF-8 text (byte 0x\(hex.count == 1 ? "0" + hex : hex)\(place)); "
            + "nothing was done with it: type UTF-8 (a terminal set to another encoding sends other bytes; "
            + "LANG=C.UTF-8 is one that works)"
    }

    /// The next line of standard input without its line end, as bytes; nil at its end.
    static func readStandardInput() -> [UInt8]? {
        StandardInputLines.shared.next()
    }
}

/// Lines of standard input read from its descriptor in blocks (no C global `stdin`).
/// Bound to the one thread that reads standard input.
final class StandardInputLines {
    nonisolated(unsafe) static let shared = StandardInputLines()
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// The next line without its `\n` (and a `\r` before it); nil at the end of input.
    func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                var line = Array(buffer[start..<newline])
                start = newline + 1
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var block = [UInt8](repeating: 0, count: 65536)
            let n = block.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer += block[..<n]
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                ended = true
            }
        }
    }
}

/// Follows bytes as they come and remembers the first one that breaks UTF-8 (readline, in a
/// UTF-8 locale, silently drops such a byte from the line, so it is watched as it is read).
/// Strict as `String(validating:)` is: no overlong forms, no surrogates, nothing past U+10FFFF.
struct UTF8Check {
    /// The first byte that was not UTF-8, and its 1-based place.
    private(set) var firstBad: UInt8?
    private(set) var firstBadAt: Int?
    private var count = 0
    private var needed = 0
    private var lead: UInt8 = 0
    private var leadAt = 0
    /// The bounds of the next continuation byte (narrower after E0, ED, F0 and F4).
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    /// One more byte.
    mutating func feed(_ byte: UInt8) {
        count += 1
        if needed > 0 {
            if byte >= low && byte <= high {
                needed -= 1
                low = 0x80
                high = 0xBF
                return
            }
            bad(lead, at: leadAt)
            needed = 0
            low = 0x80
            high = 0xBF
        }
        switch byte {
        case 0x00...0x7F: return
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED: needed = 2; high = 0x9F
        case 0xF0: needed = 3; low = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4: needed = 3; high = 0x8F
        default: bad(byte, at: count); return
        }
        lead = byte
        leadAt = count
    }

    /// The end of the line: a sequence left open is bad too.
    mutating func end() {
        if needed > 0 { bad(lead, at: leadAt) }
        needed = 0
    }

    private mutating func bad(_ byte: UInt8, at place: Int) {
        if firstBad == nil { firstBad = byte; firstBadAt = place }
    }
}
