import ScreenModel

/// A strict RFC 8259 JSON reader producing `JSONValue`s.
///
/// - Integers (no fraction or exponent) that fit `Int64` become `.integer`; every other
///   number becomes `.number`. Numbers beyond the range of a double are an error.
/// - Objects keep their keys in order; for a key given twice (the same bytes: canonically
///   equivalent keys are two keys) the last value wins, at the position of the first.
/// - A UTF-8 byte order mark at the start is skipped; invalid UTF-8, lone surrogates in
///   `\u` escapes, control characters in strings, trailing garbage and nesting deeper than
///   `maximumDepth` are errors with a line and column.
/// - The reader is iterative: no input, however deep, can overflow the stack.

/// Where and why a JSON text could not be read. `Sendable`: a plain value.
public struct JSONParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// 1-based line (lines end at `\n`).
    public var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// What was wrong (`expected ',' or '}'`).
    public var message: String
    /// Byte offset of the error in the input.
    public var offset: Int

    /// An error at this line, column and byte offset.
    public init(line: Int, column: Int, message: String, offset: Int = 0) {
        self.line = line
        self.column = column
        self.message = message
        self.offset = offset
    }

    /// `line 3, column 5: expected ',' or '}'`
    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// Deepest nesting of arrays and objects the reader accepts.
    public static let maximumDepth = 500

    /// Reads one JSON document (UTF-8, optionally with a byte order mark).
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONReader(bytes: bytes, recordTopLevelSpans: false)
        return try parser.parseDocument()
    }

    /// Reads one JSON document from text.
    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// A top-level object member as it appears in the text: the key, the value read, and the
/// byte range of the value's own text (for rewriting a file with untouched members verbatim).
struct JSONRawMember {
    var key: String
    var value: JSONValue
    var span: Range<Int>
}

extension JSONValue {
    /// Reads a document and, when it is an object, also the text span of each member's value
    /// (duplicate keys collapsed as in `parse`: last value, first position).
    static func parseWithTopLevelSpans(_ bytes: [UInt8]) throws -> (value: JSONValue, members: [JSONRawMember]?) {
        var parser = JSONReader(bytes: bytes, recordTopLevelSpans: true)
        let value = try parser.parseDocument()
        guard case .object(let members) = value else { return (value, nil) }
        precondition(members.count == parser.topLevelSpans.count)
        let raw = zip(members, parser.topLevelSpans).map {
            JSONRawMember(key: $0.0.key, value: $0.0.value, span: $0.1)
        }
        return (value, raw)
    }
}

// MARK: - The reader

private struct JSONReader {
    let bytes: [UInt8]
    var pos: Int = 0
    /// Where columns start being counted on line 1 (after a byte order mark).
    var start: Int = 0
    let recordTopLevelSpans: Bool
    var topLevelSpans: [Range<Int>] = []

    init(bytes: [UInt8], recordTopLevelSpans: Bool) {
        self.bytes = bytes
        self.recordTopLevelSpans = recordTopLevelSpans
    }

    /// An object being read: its members, the index of each key in them, the key awaiting
    /// its value and where that value's text began.
    private struct ObjectFrame {
        var members: [(key: String, value: JSONValue)] = []
        var index: [StoreKey: Int] = [:]  // byte for byte: "caf\u00e9" and "cafe\u0301" are two keys
        var key: String
        var valueStart: Int
    }

    // MARK: Errors

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let end = min(offset ?? pos, bytes.count)
        var line = 1
        var lineStart = start
        var i = start
        while i < end {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
        // Count scalars (bytes that are not UTF-8 continuation bytes) up to the offset.
        var column = 1
        i = lineStart
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return JSONParseError(line: line, column: column, message: message, offset: end)
    }

    func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        switch b {
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        case 0x20: return "space"
        case 0x09: return "tab"
        case 0x0A: return "end of line"
        case 0x0D: return "carriage return"
        default:
            if b < 0x80 { return "control character U+\(hex(UInt32(b), width: 4))" }
            if let (scalar, _) = decodeScalar(at: offset) {
                return "'\(Character(scalar))' (U+\(hex(scalar.value, width: 4)))"
            }
            return "invalid UTF-8 byte 0x\(hex(UInt32(b), width: 2))"
        }
    }

    func unexpected(expected: String) -> JSONParseError {
        if pos >= bytes.count { return error("unexpected end of input, expected \(expected)") }
        if bytes[pos] >= 0x80, decodeScalar(at: pos) == nil {
            return error("invalid UTF-8 byte 0x\(hex(UInt32(bytes[pos]), width: 2))")
        }
        return error("expected \(expected), found \(describeByte(at: pos))")
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    mutating func parseDocument() throws -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            pos = 3
            start = 3
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if pos < bytes.count {
            throw error("unexpected \(describeByte(at: pos)) after the JSON value")
        }
        return value
    }

    /// Reads one value at `pos` (whitespace already skipped), containers iteratively.
    /// Open containers live on explicit stacks, mutated in place (no copy per element).
    mutating func parseValue() throws -> JSONValue {
        var isObject: [Bool] = []        // the kind of each open container, innermost last
        var arrays: [[JSONValue]] = []   // open arrays, innermost last
        var objects: [ObjectFrame] = []  // open objects, innermost last
        while true {
            // Read a value: either a scalar (complete) or the opening of a container.
            var completed: JSONValue
            guard pos < bytes.count else { throw unexpected(expected: "a value") }
            switch bytes[pos] {
            case UInt8(ascii: "{"):
                if isObject.count >= JSONValue.maximumDepth {
                    throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
                }
                pos += 1
                skipWhitespace()
                if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") {
                    pos += 1
                    completed = .object([])
                } else {
                    let key = try parseKeyAndColon()
                    isObject.append(true)
                    objects.append(ObjectFrame(key: key, valueStart: pos))
                    continue
                }
            case UInt8(ascii: "["):
                if isObject.count >= JSONValue.maximumDepth {
                    throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
                }
                pos += 1
                skipWhitespace()
                if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") {
                    pos += 1
                    completed = .array([])
                } else {
                    isObject.append(false)
                    arrays.append([])
                    continue
                }
            default:
                completed = try parseScalar()
            }

            // Hand the completed value to the enclosing containers, closing those that end.
            while true {
                guard let inObject = isObject.last else { return completed }
                let valueEnd = pos
                skipWhitespace()
                if !inObject {
                    arrays[arrays.count - 1].append(completed)
                    guard pos < bytes.count else { throw unexpected(expected: "',' or ']'") }
                    if bytes[pos] == UInt8(ascii: ",") {
                        pos += 1
                        skipWhitespace()
                        break  // read the next element
                    } else if bytes[pos] == UInt8(ascii: "]") {
                        pos += 1
                        isObject.removeLast()
                        completed = .array(arrays.removeLast())
                        continue
                    } else {
                        throw unexpected(expected: "',' or ']'")
                    }
                } else {
                    let top = objects.count - 1
                    let topLevel = recordTopLevelSpans && isObject.count == 1
                    let key = objects[top].key
                    let span = objects[top].valueStart..<valueEnd
                    if let existing = objects[top].index[StoreKey(key)] {
                        objects[top].members[existing].value = completed
                        if topLevel { topLevelSpans[existing] = span }
                    } else {
                        objects[top].index[StoreKey(key)] = objects[top].members.count
                        objects[top].members.append((key: key, value: completed))
                        if topLevel { topLevelSpans.append(span) }
                    }
                    guard pos < bytes.count else { throw unexpected(expected: "',' or '}'") }
                    if bytes[pos] == UInt8(ascii: ",") {
                        pos += 1
                        skipWhitespace()
                        objects[top].key = try parseKeyAndColon()
                        objects[top].valueStart = pos
                        break  // read the next member's value
                    } else if bytes[pos] == UInt8(ascii: "}") {
                        pos += 1
                        isObject.removeLast()
                        completed = .object(objects.removeLast().members)
                        continue
                    } else {
                        throw unexpected(expected: "',' or '}'")
                    }
                }
            }
        }
    }

    /// `"key"` `:` and the whitespace after it; leaves `pos` at the member's value.
    mutating func parseKeyAndColon() throws -> String {
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else {
            throw unexpected(expected: "a string key")
        }
        let key = try parseString()
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else {
            throw unexpected(expected: "':'")
        }
        pos += 1
        skipWhitespace()
        return key
    }

    mutating func parseScalar() throws -> JSONValue {
        switch bytes[pos] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw unexpected(expected: "a value")
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let text = word.withUTF8Buffer { Array($0) }
        let begin = pos
        for b in text {
            guard pos < bytes.count, bytes[pos] == b else {
                throw error("invalid literal, expected '\(word)'", at: begin)
            }
            pos += 1
        }
        // `truex`, `nullify`: a letter right after a literal is part of a bad word.
        if pos < bytes.count, isIdentifierByte(bytes[pos]) {
            throw error("invalid literal, expected '\(word)'", at: begin)
        }
    }

    func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
    }

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
                default: name = "control character U+\(hex(UInt32(b), width: 4)) (escape it as \\u\(hex(UInt32(b), width: 4)))"
                }
                throw error("\(name) inside a string")
            case 0x80...:
                guard let (_, length) = decodeScalar(at: pos) else {
                    throw error("invalid UTF-8 byte 0x\(hex(UInt32(b), width: 2)) in a string")
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
                    throw error("lone surrogate \\u\(hex(first, width: 4)) (a high surrogate must be followed by a low one)", at: begin)
                }
                let secondStart = pos
                pos += 2
                let second = try hex4(escapeStart: secondStart)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw error("lone surrogate \\u\(hex(first, width: 4)) (followed by \\u\(hex(second, width: 4)), not a low surrogate)", at: begin)
                }
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw error("lone surrogate \\u\(hex(first, width: 4)) (a low surrogate without a high one)", at: begin)
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
            let b = bytes[pos]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: expected 4 hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
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

private func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
