/// The one lexer of the library's scans of Lua text (a callback's ctx named otherwise, the
/// literals handed to `ctx:tr`, export's function shapes): a forgiving Lua 5.4 tokenizer over a
/// script's bytes that never fails. Blanks and comments (`--`, `--[==[ ... ]==]`) are skipped
/// as Lua skips them, long brackets close only at their own level, a quoted string's escapes
/// (`\z` and escaped line breaks too) are stepped over, and lines are counted (at `\n`). An
/// unterminated string ends at its line's end, an unterminated long bracket at the text's end;
/// a byte order mark and a first line starting with `#` (`#!/usr/bin/env lua`) are skipped.
/// A value (copy it to look ahead, as `var ahead = lexer`). Sendable: a plain value.
package struct LuaLexer: Sendable {
    /// One token: its kind, its bytes `start..<end` in the text and the 1-based line it starts
    /// on. Sendable: a plain value.
    package struct Token: Sendable, Equatable {
        /// What a token is.
        package enum Kind: Sendable, Equatable {
            /// A name or a keyword (`LuaLexer.isKeyword` tells which).
            case name
            /// A numeral (`3`, `0x1F`, `1e-5`, `.5`); a malformed one touching letters is one token.
            case number
            /// A quoted string (`"..."`, `'...'`), its quotes included.
            case string
            /// A long string (`[[...]]`, `[==[...]==]`), its brackets included.
            case longString
            /// Punctuation or an operator (`(`, `==`, `...`, `::`); any other byte is one too.
            case symbol
        }
        /// What the token is.
        package var kind: Kind
        /// The offset of its first byte.
        package var start: Int
        /// The offset just past its last byte.
        package var end: Int
        /// The 1-based line of its first byte.
        package var line: Int
        /// For a string or long string: whether it is closed (else it ran to its line's or the
        /// text's end); true for other tokens.
        package var closed: Bool
        /// For a quoted string: whether it holds a backslash (an escape to decode).
        package var escaped: Bool = false
    }

    /// The text read.
    package let bytes: [UInt8]
    /// The offset of the next byte to read.
    package private(set) var position: Int
    /// The 1-based line of `position`.
    package private(set) var line: Int

    /// A lexer over `bytes` from `position` (at `line`); from 0, a byte order mark and a first
    /// line starting with `#` are skipped, as `lua` skips them.
    package init(_ bytes: [UInt8], at position: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.position = position
        self.line = line
        guard position == 0 else { return }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.position = 3 }  // a UTF-8 byte order mark
        if self.position < bytes.count, bytes[self.position] == UInt8(ascii: "#") {
            while self.position < bytes.count, bytes[self.position] != 0x0A { self.position += 1 }
        }
    }

    /// Lua's keywords.
    package static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// Whether `c` may be part of a name (a letter, a digit, `_`, or a byte of a UTF-8 sequence).
    @inline(__always)
    package static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
    }

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    @inline(__always)
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    @inline(__always)
    private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    /// The bytes of `token`.
    package func bytes(of token: Token) -> ArraySlice<UInt8> { bytes[token.start..<token.end] }

    /// Whether `token` is the name or keyword `word`.
    package func token(_ token: Token, is word: String) -> Bool {
        guard case .name = token.kind else { return false }
        return bytes[token.start..<token.end].elementsEqual(word.utf8)
    }

    /// Whether `token` is a name that is one of Lua's keywords.
    package func isKeyword(_ token: Token) -> Bool {
        guard case .name = token.kind, token.end - token.start <= 8 else { return false }
        return LuaLexer.keywords.contains(String(decoding: bytes[token.start..<token.end], as: UTF8.self))
    }

    /// The byte of a one-byte symbol (`(`, `=`, `.`), or nil for any other token.
    @inline(__always)
    package func punctuation(of token: Token) -> UInt8? {
        guard case .symbol = token.kind, token.end - token.start == 1 else { return nil }
        return bytes[token.start]
    }

    /// The level of a long bracket (`[[` 0, `[==[` 2) opening at `k`, or nil.
    private func longBracket(_ k: Int) -> Int? {
        guard at(k) == UInt8(ascii: "[") else { return nil }
        var j = k + 1, level = 0
        while at(j) == UInt8(ascii: "=") { level += 1; j += 1 }
        return at(j) == UInt8(ascii: "[") ? level : nil
    }

    /// Moves past the long bracket of `level` opening at `position`, counting lines; whether it
    /// closed.
    private mutating func skipLong(_ level: Int) -> Bool {
        let n = bytes.count
        var i = position + level + 2
        defer { position = min(i, n) }
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
            } else if c == UInt8(ascii: "]") {
                var j = i + 1, l = 0
                while at(j) == UInt8(ascii: "=") { l += 1; j += 1 }
                if l == level, at(j) == UInt8(ascii: "]") { i = j + 1; return true }
            }
            i += 1
        }
        return false
    }

    /// Skips blanks and comments.
    private mutating func skipSpace() {
        let n = bytes.count
        var i = position
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                i += 1
            } else if c == 0x20 || (c >= 0x09 && c <= 0x0D) {
                i += 1
            } else if c == 0x2D, i + 1 < n, bytes[i + 1] == 0x2D {  // `--`
                if let level = longBracket(i + 2) {
                    position = i + 2
                    _ = skipLong(level)
                    i = position
                } else {
                    i += 2
                    while i < n, bytes[i] != 0x0A { i += 1 }
                }
            } else {
                break
            }
        }
        position = i
    }

    /// The next token, or nil at the end of the text.
    package mutating func next() -> Token? {
        skipSpace()
        let n = bytes.count
        let start = position
        guard start < n else { return nil }
        let c = bytes[start]
        if (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80 {
            var i = start + 1
            while i < n {
                let d = bytes[i]
                guard (d >= 0x61 && d <= 0x7A) || (d >= 0x41 && d <= 0x5A) || (d >= 0x30 && d <= 0x39) || d == 0x5F || d >= 0x80 else { break }
                i += 1
            }
            position = i
            return Token(kind: .name, start: start, end: i, line: line, closed: true)
        }
        let startLine = line
        if c == 0x22 || c == 0x27 {  // `"`, `'`
            let (closed, escaped) = skipQuoted(c)
            return Token(kind: .string, start: start, end: position, line: startLine, closed: closed, escaped: escaped)
        }
        let next = start + 1 < n ? bytes[start + 1] : 0
        if (c >= 0x30 && c <= 0x39) || (c == 0x2E && next >= 0x30 && next <= 0x39) {
            skipNumber()
            return Token(kind: .number, start: start, end: position, line: startLine, closed: true)
        }
        if c == 0x5B, let level = longBracket(start) {
            let closed = skipLong(level)
            return Token(kind: .longString, start: start, end: position, line: startLine, closed: closed)
        }
        var length = 1
        switch c {
        case UInt8(ascii: "."):
            if next == UInt8(ascii: ".") { length = at(start + 2) == UInt8(ascii: ".") ? 3 : 2 }
        case UInt8(ascii: "="), UInt8(ascii: "~"):
            if next == UInt8(ascii: "=") { length = 2 }
        case UInt8(ascii: "<"), UInt8(ascii: ">"):
            if next == UInt8(ascii: "=") || next == c { length = 2 }
        case UInt8(ascii: "/"), UInt8(ascii: ":"):
            if next == c { length = 2 }
        default:
            break
        }
        position = start + length
        return Token(kind: .symbol, start: start, end: position, line: startLine, closed: true)
    }

    /// Moves past the quoted string opening at `position` with `quote`: whether it closed (an
    /// unescaped line break or the text's end ends it unclosed, before the break) and whether
    /// it holds a backslash.
    private mutating func skipQuoted(_ quote: UInt8) -> (closed: Bool, escaped: Bool) {
        let n = bytes.count
        var i = position + 1
        var escaped = false
        defer { position = i }
        while i < n {
            let c = bytes[i]
            if c == quote { i += 1; return (true, escaped) }
            if c == 0x5C {  // `\`
                escaped = true
                let e = i + 1 < n ? bytes[i + 1] : 0
                i += 2
                switch e {
                case 0x0A:
                    line += 1
                    if i < n, bytes[i] == 0x0D { i += 1 }
                case 0x0D:
                    if i < n, bytes[i] == 0x0A { line += 1; i += 1 }
                case UInt8(ascii: "z"):
                    while i < n, LuaLexer.isSpace(bytes[i]) {
                        if bytes[i] == 0x0A { line += 1 }
                        i += 1
                    }
                default:
                    if i > n { i = n }
                }
                continue
            }
            if c == 0x0A || c == 0x0D { return (false, escaped) }
            i += 1
        }
        return (false, escaped)
    }

    /// Moves past the numeral at `position`, as Lua reads one (`0x1p-4`, `3.`, `1e+10`).
    private mutating func skipNumber() {
        var exponent: (UInt8, UInt8) = (UInt8(ascii: "e"), UInt8(ascii: "E"))
        if at(position) == UInt8(ascii: "0"), at(position + 1) | 0x20 == UInt8(ascii: "x") {
            position += 2
            exponent = (UInt8(ascii: "p"), UInt8(ascii: "P"))
        }
        while true {
            let c = at(position)
            if c == exponent.0 || c == exponent.1 {
                position += 1
                if at(position) == UInt8(ascii: "+") || at(position) == UInt8(ascii: "-") { position += 1 }
            } else if LuaLexer.isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f")) || c == UInt8(ascii: ".") {
                position += 1
            } else {
                break
            }
        }
        while position < bytes.count, LuaLexer.isNameByte(bytes[position]) { position += 1 }
    }
}

extension LuaLexer {
    /// The value of a string or long string token, its escapes decoded as Lua decodes them
    /// (`\n`, `\x41`, `\65`, `\u{48}`, `\z`, an escaped line break); nil for another token, an
    /// unclosed string, an escape Lua refuses, or a value that is not UTF-8.
    package func text(of token: Token) -> String? {
        guard token.closed else { return nil }
        switch token.kind {
        case .string:
            let body = bytes[(token.start + 1)..<(token.end - 1)]
            guard token.escaped else { return String(validating: body, as: UTF8.self) }
            guard let decoded = LuaLexer.unescaped(body) else { return nil }
            return String(validating: decoded, as: UTF8.self)
        case .longString:
            var level = 0
            while bytes[token.start + 1 + level] == UInt8(ascii: "=") { level += 1 }
            var k = token.start + level + 2
            let end = token.end - level - 2
            // The line break right after the opening bracket is not part of the value.
            if k < end, bytes[k] == 0x0A || bytes[k] == 0x0D {
                let first = bytes[k]
                k += 1
                if k < end, bytes[k] == 0x0A || bytes[k] == 0x0D, bytes[k] != first { k += 1 }
            }
            let body = bytes[k..<end]
            guard body.contains(0x0D) else { return String(validating: body, as: UTF8.self) }
            // Each line break (`\r\n`, `\n\r`, `\r`) reads as `\n`.
            var out: [UInt8] = []
            out.reserveCapacity(body.count)
            var i = body.startIndex
            while i < end {
                let c = bytes[i]
                i += 1
                if c == 0x0A || c == 0x0D {
                    out.append(0x0A)
                    if i < end, bytes[i] == 0x0A || bytes[i] == 0x0D, bytes[i] != c { i += 1 }
                } else {
                    out.append(c)
                }
            }
            return String(validating: out, as: UTF8.self)
        default:
            return nil
        }
    }

    /// A quoted string's body with its escapes decoded, or nil when one is not Lua's.
    private static func unescaped(_ body: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = body.startIndex
        let end = body.endIndex
        func at(_ k: Int) -> UInt8 { k < end ? body[k] : 0 }
        func hex(_ c: UInt8) -> UInt32? { hexDigitValue(c).map(UInt32.init) }
        while i < end {
            let c = body[i]
            guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
            let e = at(i + 1)
            i += 2
            switch e {
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): out.append(e)
            case 0x0A, 0x0D:
                out.append(0x0A)
                if at(i) == 0x0A || at(i) == 0x0D, at(i) != e { i += 1 }
            case UInt8(ascii: "z"):
                while i < end, isSpace(body[i]) { i += 1 }
            case UInt8(ascii: "x"):
                guard let high = hex(at(i)), let low = hex(at(i + 1)) else { return nil }
                out.append(UInt8(high * 16 + low))
                i += 2
            case UInt8(ascii: "u"):
                guard at(i) == UInt8(ascii: "{"), var value = hex(at(i + 1)) else { return nil }
                i += 2
                while let digit = hex(at(i)) {
                    guard value < 0x8000000 else { return nil }  // over 2^31 - 1
                    value = value * 16 + digit
                    i += 1
                }
                guard at(i) == UInt8(ascii: "}") else { return nil }
                i += 1
                appendUTF8(value, to: &out)
            case 0x30...0x39:
                var value = UInt32(e - 0x30)
                for _ in 0..<2 {
                    guard isDigit(at(i)) else { break }
                    value = value * 10 + UInt32(at(i) - 0x30)
                    i += 1
                }
                guard value <= 255 else { return nil }
                out.append(UInt8(value))
            default:
                return nil
            }
        }
        return out
    }

    /// `value` as Lua's `\u{...}` writes it: UTF-8, extended to six bytes for values up to 2^31 - 1.
    private static func appendUTF8(_ value: UInt32, to out: inout [UInt8]) {
        guard value >= 0x80 else { out.append(UInt8(value)); return }
        var tail: [UInt8] = []
        var x = value
        var room: UInt32 = 0x3F  // the most the first byte can still hold
        while x > room {
            tail.append(UInt8(0x80 | (x & 0x3F)))
            x >>= 6
            room >>= 1
        }
        out.append(UInt8((~room << 1) & 0xFF) | UInt8(x))
        out.append(contentsOf: tail.reversed())
    }
}
