#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Whether the text's UTF-8 bytes hold `needle`'s: the test run before a pattern on a line
    /// (`.store`, `ctx`), a byte search in the string's own storage rather than `contains`'s
    /// generic searcher (long help texts made that a tenth of a large app's check). It answers
    /// yes at least wherever `contains` does (also where a combining mark follows the needle),
    /// so a pattern behind it sees every line it saw.
    package func holdsBytes(_ needle: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { t in
            let n = needle.utf8CodeUnitCount
            guard n > 0 else { return true }
            guard let base = t.baseAddress, t.count >= n else { return false }
            let first = Int32(needle.utf8Start.pointee)
            var from = 0
            // memchr for the first byte, memcmp for the rest.
            while from + n <= t.count, let found = memchr(base + from, first, t.count - from - n + 1) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, needle.utf8Start, n) == 0 { return true }
                from = at + 1
            }
            return false
        }
    }
}
