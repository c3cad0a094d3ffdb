import ScreenModel

/// The one emitter of generated Lua text (SPEC §14): string literals, table keys, numbers,
/// values and comments, for the test files that `explore --out` and `run --record` write,
/// the scripts `import` writes, test values and messages, and the values the REPL's `store`
/// lists. Whatever text it is given (from a script, a plist, a file name, an error), what it
/// returns reads back as exactly that value and runs nothing: it never writes a long string
/// or a long comment, a literal holds no raw line end, and a comment no line end at all.
/// Stateless: `Sendable`.
package enum LuaLiteral: Sendable {
    /// `s` as a Lua string literal that reads back as the same bytes: quotes and
    /// backslashes escaped, control characters as `\n`, `\r`, `\t` or `\x01` (two hex digits,
    /// so "\u{1}2" is `"\x012"`, not the one character `"\12"`), bytes that are not UTF-8 as
    /// `\xff`, and the characters a reader cannot see or that another tool takes as a line
    /// end (C1 and bidi controls, U+2028, U+2029, format characters, other spaces than
    /// U+0020, private use, unassigned) as `\u{2028}`; `]]` as `]\x5D`. Printable text,
    /// letters of every script included, stays as it is. Nothing raw reaches a terminal.
    public static func string(_ s: String) -> String { string(Array(s.utf8)) }

    /// The bytes of a Lua string (which need not be UTF-8) as a literal, escaped as above.
    public static func string(_ bytes: [UInt8]) -> String {
        var out = "\""
        out.reserveCapacity(bytes.count + 2)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x5D where i > 0 && bytes[i - 1] == 0x5D: out += "\\x5D"
            case 0..<0x20, 0x7F: out += "\\x" + hexDigits(b, width: 2, uppercase: false)
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                // One UTF-8 sequence, when it is one; else the byte alone.
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                if length > 1, i + length <= bytes.count,
                   let scalar = String(validating: bytes[i..<(i + length)], as: UTF8.self)?.unicodeScalars.first {
                    if mustEscape(scalar) {
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

    /// A scalar past ASCII that a literal writes as `\u{...}`: one a reader cannot see, or
    /// that an editor, a terminal or another language takes as a line end or a direction.
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if isHidden(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0x85 { return true }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate, .control,
             .spaceSeparator:
            return true
        default:
            return false
        }
    }

    /// The Lua keywords: none of them is a plain name.
    static let keywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto",
                                        "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true",
                                        "until", "while"]

    /// Whether `bytes` is a Lua name (ASCII letters, digits and `_`, not first a digit) that
    /// is not a keyword.
    public static func isName(_ bytes: [UInt8]) -> Bool {
        func letter(_ b: UInt8) -> Bool { b == 0x5F || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        guard let first = bytes.first, letter(first) else { return false }
        return bytes.allSatisfy { letter($0) || (0x30...0x39).contains($0) } && !keywords.contains(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether `s` is a Lua name that is not a keyword.
    public static func isName(_ s: String) -> Bool { isName(Array(s.utf8)) }

    /// A table key in a constructor: `name` when it is a plain Lua name, else `["key"]`.
    /// Followed by ` = value`.
    public static func key(_ s: String) -> String { isName(s) ? s : "[" + string(s) + "]" }

    /// An integer that reads back as the same integer: `math.mininteger` for -2^63 (which
    /// Lua would read as minus the float 2^63).
    public static func integer(_ i: Int64) -> String { i == .min ? "math.mininteger" : String(i) }

    /// A float that reads back as the same float (and as a float, not an integer): the
    /// shortest text that round-trips (`2.0`, `1e+300`, `-0.0`), `(1/0)`, `(-1/0)`, `(0/0)`.
    public static func float(_ d: Double) -> String {
        if d.isNaN { return "(0/0)" }
        if d.isInfinite { return d < 0 ? "(-1/0)" : "(1/0)" }
        return "\(d)"  // Swift's description is the shortest round trip, always with "." or "e"
    }

    /// A number from a file format that has one kind of number (a plist's `<real>`, JSON):
    /// a whole number within the integers as an integer, anything else as a float.
    public static func number(_ d: Double) -> String {
        if d == d.rounded(), d >= -9.223372036854775808e18, d < 9.223372036854775808e18 { return integer(Int64(d)) }
        return float(d)
    }

    /// A stored value as the Lua value it is: booleans, integers, floats, strings, lists.
    public static func value(_ value: StoreValue) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return integer(i)
        case .number(let d): return float(d)
        case .string(let s): return string(s)
        case .list(let items): return items.isEmpty ? "{}" : "{ " + items.map(self.value).joined(separator: ", ") + " }"
        }
    }

    /// A `-- ` comment of `text` on one line: every line end Lua or another reader knows (LF,
    /// CR, VT, FF, U+0085, U+2028, U+2029) becomes a space and every other control or bidi
    /// character an escape, so nothing in it can end the comment and start code.
    public static func comment(_ text: String) -> String { "-- " + commentText(text) }

    /// The text of a comment (without its `-- `): one line, as `comment` writes it.
    public static func commentText(_ text: String) -> String {
        let spaced = String(String.UnicodeScalarView(text.unicodeScalars.map { s -> Unicode.Scalar in
            switch s.value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return " "
            default: return s
            }
        }))
        var out = String.UnicodeScalarView()
        for scalar in sanitize(spaced, lineBreaks: .space).unicodeScalars {
            if scalar.value >= 0x80, mustEscape(scalar) {
                out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
