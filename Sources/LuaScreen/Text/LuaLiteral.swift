import ScreenModel

/// The one writer of Lua string literals: test values and messages, the test files that
/// `explore` and `--record` write, the scripts `import` writes, and the values the REPL's
/// `store` lists. Stateless: `Sendable`.
public enum LuaLiteral: Sendable {
    /// `s` as a Lua string literal that reads back as the same bytes: quotes and
    /// backslashes escaped, control characters as `\n`, `\t` or `\x01` (two hex digits, so
    /// "\u{1}2" is `"\x012"`, not the one character `"\12"`), bytes that are not UTF-8 as
    /// `\xff`, C1 and bidi controls as `\u{202E}`. Nothing raw reaches the terminal.
    public static func string(_ s: String) -> String { string(Array(s.utf8)) }

    /// The bytes of a Lua string (which need not be UTF-8) as a literal, escaped as above.
    public static func string(_ bytes: [UInt8]) -> String {
        var out = "\""
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F: out += "\\x" + hexDigits(b, width: 2, uppercase: false)
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                // One UTF-8 sequence, when it is one; else the byte alone.
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                if length > 1, i + length <= bytes.count,
                   let scalar = String(validating: bytes[i..<(i + length)], as: UTF8.self)?.unicodeScalars.first {
                    if isHidden(scalar.value) {
                        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                    i += length
                    continue
                }
                out += "\\x" + hexDigits(b, width: 2, uppercase: false)
            }
            i += 1
        }
        return out + "\""
    }
}
