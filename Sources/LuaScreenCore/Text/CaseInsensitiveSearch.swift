/// A text searched for in case-insensitive `contains` searches (`find`, `store PATTERN`):
/// `found(in: text)` is `text.lowercased().contains(lowered)`, with the standard library's
/// `Character` semantics. When the needle and the text are both ASCII it is answered byte
/// by byte in the text's own storage (no lowercased copy, no searcher built per text), which
/// gives the same answer: ASCII lowercases byte for byte, and each ASCII byte is a
/// `Character` of its own except CR LF, which a needle without CR or LF cannot meet half of.
/// Any other text goes the standard library's way. `Sendable`: a plain value.
package struct CaseInsensitiveNeedle: Sendable {
    /// The needle lowercased, as searched for.
    package let lowered: String
    /// Its bytes when they are ASCII with no CR or LF and not empty (the byte search
    /// applies), else nil.
    private let bytes: [UInt8]?

    /// The needle `text` (lowercased here).
    package init(_ text: String) {
        lowered = text.lowercased()
        bytes = Self.byteSearchable(lowered)
    }

    /// The bytes of `lowered` when a byte-wise search gives the standard library's answer
    /// (not empty, ASCII, no CR or LF: see the type's comment), else nil. `FlatStrings`
    /// asks the same of its references.
    package static func byteSearchable(_ lowered: String) -> [UInt8]? {
        let utf8 = Array(lowered.utf8)
        return !utf8.isEmpty && utf8.allSatisfy { $0 < 0x80 && $0 != 0x0A && $0 != 0x0D } ? utf8 : nil
    }

    /// Whether the needle is empty (every text contains it).
    package var isEmpty: Bool { lowered.isEmpty }

    /// Whether `text`, lowercased, contains the needle.
    package func found(in text: String) -> Bool {
        if let bytes, let answer = text.utf8.withContiguousStorageIfAvailable({ Self.asciiSearch(bytes, in: $0) }),
           let answer {
            return answer
        }
        return text.lowercased().contains(lowered)
    }

    /// Whether `text + "\n" + detail`, lowercased, contains the needle, without joining them
    /// when the needle has no CR or LF (a match then lies within one of the two).
    package func found(inText text: String, detail: String?) -> Bool {
        guard bytes != nil else { return (text + "\n" + (detail ?? "")).lowercased().contains(lowered) }
        return found(in: text) || found(in: detail ?? "")
    }

    /// nil when `text` is not all ASCII (the standard library must answer); else whether
    /// the lowercased `text` contains `needle` (lowercase ASCII, not empty).
    private static func asciiSearch(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        var any: UInt8 = 0
        for b in text { any |= b }
        if any >= 0x80 { return nil }
        let m = needle.count
        if text.count < m { return false }
        return needle.withUnsafeBufferPointer { n in
            let first = n[0]
            var i = 0
            let last = text.count - m
            while i <= last {
                if lower(text[i]) == first {
                    var k = 1
                    while k < m, lower(text[i + k]) == n[k] { k += 1 }
                    if k == m { return true }
                }
                i += 1
            }
            return false
        }
    }

    @inline(__always)
    private static func lower(_ b: UInt8) -> UInt8 { b &- 0x41 < 26 ? b | 0x20 : b }
}
