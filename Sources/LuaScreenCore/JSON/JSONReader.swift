import ScreenModel

/// The reader behind `JSONValue.parse`: structure and errors here, numbers, strings and
/// UTF-8 in JSONReaderScalars.swift. Iterative: no input, however deep, overflows the stack.
struct JSONReader {
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
        var keyOffsets: [Int] = []        // where each member's key starts, by member
        var key: String
        var keyStart: Int
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

    /// A key given a second time, at `offset`; `first` is where it was given before.
    func duplicateKey(_ key: String, at offset: Int, first: Int) -> JSONParseError {
        let before = error("", at: first)
        let shown = "\"" + sanitize(Diagnostic.quote(key)) + "\""
        return error("the key \(shown) is given twice (first at line \(before.line), column \(before.column)); remove one of them", at: offset)
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
            if b < 0x80 { return "control character U+\(hexDigits(UInt32(b), width: 4))" }
            if let (scalar, _) = decodeScalar(at: offset) {
                return "'\(Character(scalar))' (U+\(hexDigits(scalar.value, width: 4)))"
            }
            return "invalid UTF-8 byte 0x\(hexDigits(UInt32(b), width: 2))"
        }
    }

    func unexpected(expected: String) -> JSONParseError {
        if pos >= bytes.count { return error("unexpected end of input, expected \(expected)") }
        if bytes[pos] >= 0x80, decodeScalar(at: pos) == nil {
            return error("invalid UTF-8 byte 0x\(hexDigits(UInt32(bytes[pos]), width: 2))")
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
                    let keyStart = pos
                    let key = try parseKeyAndColon()
                    isObject.append(true)
                    objects.append(ObjectFrame(key: key, keyStart: keyStart, valueStart: pos))
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
                        // Which of the two values was meant is unknown: keeping either would
                        // lose the other on the next write, so the document is refused.
                        throw duplicateKey(key, at: objects[top].keyStart, first: objects[top].keyOffsets[existing])
                    }
                    objects[top].index[StoreKey(key)] = objects[top].members.count
                    objects[top].members.append((key: key, value: completed))
                    objects[top].keyOffsets.append(objects[top].keyStart)
                    if topLevel { topLevelSpans.append(span) }
                    guard pos < bytes.count else { throw unexpected(expected: "',' or '}'") }
                    if bytes[pos] == UInt8(ascii: ",") {
                        pos += 1
                        skipWhitespace()
                        objects[top].keyStart = pos
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
}
