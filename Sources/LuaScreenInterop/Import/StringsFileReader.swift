import LuaScreenCore
import ScreenModel
/// Reads a `.strings` file (`"text" = "translation";` pairs, comments, UTF-8 or UTF-16 with a
/// byte-order mark), as a Settings.bundle's `LANG.lproj/Root.strings` holds them.
/// A namespace of functions that keep no state: callable from any thread.
public enum StringsFileReader {
    /// The pairs in order, or an error naming the line.
    public static func read(_ bytes: [UInt8]) throws -> [(String, String)] {
        var scalars: [Unicode.Scalar] = []
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            var k = 2
            while k + 1 < bytes.count {
                units.append(little ? UInt16(bytes[k]) | UInt16(bytes[k + 1]) << 8 : UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1]))
                k += 2
            }
            var decoder = UTF16()
            var it = units.makeIterator()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): scalars.append(s)
                case .emptyInput: break loop
                case .error: throw PlistReadError(.file, "the UTF-16 text has a lone surrogate")
                }
            }
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
            guard let text = String(validating: body, as: UTF8.self) else { throw PlistReadError(.file, "the text is neither UTF-8 nor UTF-16") }
            scalars = Array(text.unicodeScalars)
        }
        var i = 0
        var line = 1
        func fail(_ message: String) -> PlistReadError { PlistReadError(.line(line, column: 1), message) }
        func skip() {
            while i < scalars.count {
                let c = scalars[i]
                if c == "\n" { line += 1; i += 1 }
                else if c == " " || c == "\t" || c == "\r" { i += 1 }
                else if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                    i += 2
                    while i < scalars.count, !(scalars[i] == "*" && i + 1 < scalars.count && scalars[i + 1] == "/") {
                        if scalars[i] == "\n" { line += 1 }
                        i += 1
                    }
                    i = min(i + 2, scalars.count)  // a comment left open ends the file
                } else if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                    while i < scalars.count, scalars[i] != "\n" { i += 1 }
                } else { return }
            }
        }
        func string() throws -> String {
            var out = String.UnicodeScalarView()
            if i < scalars.count, scalars[i] != "\"" {
                // An unquoted word.
                while i < scalars.count, scalars[i].properties.isAlphabetic || ("0"..."9").contains(scalars[i]) || scalars[i] == "_" || scalars[i] == "." {
                    out.append(scalars[i]); i += 1
                }
                if out.isEmpty { throw fail("expected a quoted string") }
                return String(out)
            }
            i += 1
            while true {
                guard i < scalars.count else { throw fail("a string is not closed with \"") }
                let c = scalars[i]
                i += 1
                if c == "\"" { return String(out) }
                if c == "\n" { line += 1 }
                if c != "\\" { out.append(c); continue }
                guard i < scalars.count else { throw fail("a string ends with \\") }
                let e = scalars[i]
                i += 1
                switch e {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "U", "u":
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard i < scalars.count, let digit = Int(String(scalars[i]), radix: 16) else { throw fail("\\U needs four hex digits") }
                        value = value * 16 + UInt32(digit)
                        i += 1
                    }
                    guard let scalar = Unicode.Scalar(value) else { throw fail("\\U\(String(value, radix: 16)) is not a character") }
                    out.append(scalar)
                default: out.append(e)
                }
            }
        }
        var pairs: [(String, String)] = []
        while true {
            skip()
            if i >= scalars.count { return pairs }
            let key = try string()
            skip()
            var value = key
            if i < scalars.count, scalars[i] == "=" {
                i += 1
                skip()
                value = try string()
                skip()
            }
            // The last pair's `;` may be missing at the end of the file (apps ship such tables,
            // and iOS reads them): the pair is kept.
            if i == scalars.count {
                pairs.append((key, value))
                return pairs
            }
            guard scalars[i] == ";" else { throw fail("expected ; after \"\(key.prefix(40))\"") }
            i += 1
            pairs.append((key, value))
        }
    }
}
