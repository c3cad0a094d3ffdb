import LuaScreenCore
import ScreenModel
/// Literal markup looked for in a document's bytes, compared in place (no array made for
/// each look): what the XML plist reader and the androidx tree reader both scan with.
/// A namespace of pure functions, no state: usable from any thread.
enum ByteScan {
    /// Whether `bytes` hold `literal` at `offset`.
    static func has(_ literal: StaticString, in bytes: [UInt8], at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset >= 0, offset + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for k in 0..<count where bytes[offset + k] != start[k] { return false }
        return true
    }

    /// Where `literal` next starts in `bytes`, at `offset` or after; nil when it does not.
    static func find(_ literal: StaticString, in bytes: [UInt8], from offset: Int) -> Int? {
        guard literal.utf8CodeUnitCount > 0 else { return offset <= bytes.count ? offset : nil }
        let first = literal.utf8Start[0]
        var j = max(offset, 0)
        while j + literal.utf8CodeUnitCount <= bytes.count {
            if bytes[j] == first, has(literal, in: bytes, at: j) { return j }
            j += 1
        }
        return nil
    }
}
