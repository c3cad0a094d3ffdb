/// The scalars of JSON: numbers, strings with their escapes, and well-formed UTF-8.
extension JSONReader {
    // MARK: Numbers

    mutating func parseNumber() throws -> JSONValue {
        let begin = pos
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard isDigit(pos) else {
            throw error("invalid number: expected a digit after '-'", at: pos)
        }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) { throw error("invalid number: leading zeros are not allowed", at: begin) }
        } else {
            while isDigit(pos) { pos += 1 }
        }
        var integral = true
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            integral = false
            pos += 1
            guard isDigit(pos) else { throw error("invalid number: expected a digit after '.'", at: pos) }
            while isDigit(pos) { pos += 1 }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            integral = false
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard isDigit(pos) else { throw error("invalid number: expected a digit in the exponent", at: pos) }
            while isDigit(pos) { pos += 1 }
        }
        if pos < bytes.count, isIdentifierByte(bytes[pos]) || bytes[pos] == UInt8(ascii: ".") {
            throw error("invalid number: unexpected \(describeByte(at: pos))", at: pos)
        }
        // The grammar above admits only ASCII digits, sign, '.', 'e'.
        let text = String(decoding: bytes[begin..<pos], as: UTF8.self)
        if integral, let i = Int64(text) { return .integer(i) }
        guard let d = Double(text), d.isFinite else {
            throw error("number out of range: \(text.count > 40 ? String(text.prefix(40)) + "…" : text)", at: begin)
        }
        return .number(d)
    }

    // MARK: Strings

    /// Reads a string at `pos` (which is at its opening quote).
    mutating func parseString() throws -> String {
        let open = pos
        pos += 1
        let contentStart = pos
        // Fast path: no escapes, ASCII only.
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: bytes[contentStart..<(pos - 1)], as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            pos += 1
        }
        var out: [UInt8] = Array(bytes[contentStart..<pos])
        while true {
            guard pos < bytes.count else {
                throw error("unterminated string (it starts at \(positionText(open)))")
            }
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0..<0x20:
                let name: String
                switch b {
                case 0x0A: name = "a line break (write it as \\n)"
                case 0x09: name = "a tab (write it as \\t)"
                case 0x0D: name = "a carriage return (write it as \\r)"
                default: name = "control character U+\(hexDigits(UInt32(b), width: 4)) (escape it as \\u\(hexDigits(UInt32(b), width: 4)))"
                }
                throw error("\(name) inside a string")
            case 0x80...:
                guard let (_, length) = decodeScalar(at: pos) else {
                    throw error("invalid UTF-8 byte 0x\(hexDigits(UInt32(b), width: 2)) in a string")
                }
                out.append(contentsOf: bytes[pos..<(pos + length)])
                pos += length
            default:
                out.append(b)
                pos += 1
            }
        }
    }

    func positionText(_ offset: Int) -> String {
        let e = error("", at: offset)
        return "line \(e.line), column \(e.column)"
    }

    mutating func parseEscape(into out: inout [UInt8]) throws {
        let begin = pos
        pos += 1
        guard pos < bytes.count else { throw error("unterminated string") }
        let c = bytes[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let first = try hex4(escapeStart: begin)
            var scalarValue = first
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by `\u` and a low surrogate.
                guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                    throw error("lone surrogate \\u\(hexDigits(first, width: 4)) (a high surrogate must be followed by a low one)", at: begin)
                }
                let secondStart = pos
                pos += 2
                let second = try hex4(escapeStart: secondStart)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("lone surrogate \\u\(hexDigits(first, width: 4)) (followed by \\u\(hexDigits(second, width: 4)), not a low surrogate)", at: begin)
                }
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw error("lone surrogate \\u\(hexDigits(first, width: 4)) (a low surrogate without a high one)", at: begin)
            }
            let scalar = Unicode.Scalar(scalarValue)!  // surrogates excluded above
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            let shown = (0x21...0x7E).contains(c)
                ? "\\" + String(Character(Unicode.Scalar(c)))
                : "\\ followed by " + describeByte(at: pos - 1)
            throw error("invalid escape \(shown) (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: begin)
        }
    }

    /// Four hex digits at `pos` (just after `\u`).
    mutating func hex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard pos < bytes.count else { throw error("unterminated \\u escape", at: escapeStart) }
            guard let digit = hexDigitValue(bytes[pos]) else {
                throw error("invalid \\u escape: expected 4 hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            pos += 1
        }
        return value
    }

    // MARK: UTF-8

    /// Decodes one well-formed UTF-8 scalar (no overlong forms, no surrogates, at most
    /// U+10FFFF) starting at `offset`, or nil.
    func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[offset]
        func cont(_ i: Int) -> UInt32? {
            guard offset + i < bytes.count else { return nil }
            let b = bytes[offset + i]
            return b & 0xC0 == 0x80 ? UInt32(b & 0x3F) : nil
        }
        switch b0 {
        case 0x00...0x7F:
            return (Unicode.Scalar(b0), 1)
        case 0xC2...0xDF:
            guard let c1 = cont(1) else { return nil }
            return Unicode.Scalar(UInt32(b0 & 0x1F) << 6 | c1).map { ($0, 2) }
        case 0xE0...0xEF:
            guard let c1 = cont(1), let c2 = cont(2) else { return nil }
            let v = UInt32(b0 & 0x0F) << 12 | c1 << 6 | c2
            guard v >= 0x800 else { return nil }  // overlong
            return Unicode.Scalar(v).map { ($0, 3) }  // nil for surrogates
        case 0xF0...0xF4:
            guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
            let v = UInt32(b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            guard v >= 0x10000, v <= 0x10FFFF else { return nil }
            return Unicode.Scalar(v).map { ($0, 4) }
        default:
            return nil
        }
    }
}
