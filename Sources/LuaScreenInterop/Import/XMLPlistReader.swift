import LuaScreenCore
import ScreenModel
/// Reads an XML property list (Apple's DTD: plist, dict, key, array, string, integer, real,
/// true, false, date, data), reporting the line and column of the first problem.
struct XMLPlistReader {
    private let b: [UInt8]
    private var i = 0
    private var values = 0
    /// The line each value starts on, in document order (a value before the values it holds).
    private(set) var lines: [Int] = []
    private var line = 1
    private var lineCounted = 0
    /// What the values read so far may still expand to.
    private(set) var budget: PlistBudget

    init(_ bytes: [UInt8], budget: PlistBudget) {
        b = bytes
        self.budget = budget
    }

    mutating func read() throws -> PlistValue {
        if b.isEmpty { throw PlistReadError(.file, "the file is empty (expected an XML or a binary plist)") }
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        if b.starts(with: [0xFE, 0xFF]) || b.starts(with: [0xFF, 0xFE]) {
            throw PlistReadError(.file, "the file is UTF-16; save it as UTF-8 (plutil -convert xml1) or as a binary plist")
        }
        guard String(validating: b, as: UTF8.self) != nil else {
            throw fail(at: firstInvalidUTF8(), "the text is not valid UTF-8")
        }
        try skipProlog()
        guard peek("<") else { throw fail("expected <plist> (this is neither an XML nor a binary plist; old-style plists are not read)") }
        let start = i
        let tag = try openTag()
        guard tag.name == "plist" else { throw fail(at: start, "expected <plist>, found <\(tag.name)>") }
        guard !tag.selfClosing else { throw fail(at: start, "<plist/> holds no value") }
        skipMisc()
        let value = try element(depth: 1)
        skipMisc()
        try closeTag("plist")
        skipMisc()
        if i < b.count { throw fail("text after </plist>") }
        return value
    }

    // MARK: structure

    private mutating func element(depth: Int) throws -> PlistValue {
        guard depth <= PlistReader.maxDepth else { throw fail("nested more than \(PlistReader.maxDepth) levels deep") }
        values += 1
        lines.append(lineNumber(at: i))
        guard values <= PlistReader.maxValues else { throw fail("more than \(PlistReader.maxValues) values") }
        guard budget.charge(0) else { throw fail(budget.exceeded) }
        guard peek("<") else { throw fail(i < b.count ? "expected an element such as <dict> or <string>" : "the file ends before its value") }
        let start = i
        let tag = try openTag()
        switch tag.name {
        case "dict":
            var members: [(key: String, value: PlistValue)] = []
            if tag.selfClosing { return .dictionary(members) }
            while true {
                skipMisc()
                if i >= b.count { throw fail("the file ends before </dict>") }
                if peek("</") { try closeTag("dict"); return .dictionary(members) }
                let keyStart = i
                guard peek("<") else { throw fail("expected <key> or </dict>") }
                let keyTag = try openTag()
                guard keyTag.name == "key" else { throw fail(at: keyStart, "expected <key> in <dict>, found <\(keyTag.name)>") }
                let key = keyTag.selfClosing ? "" : try text(until: "key")
                skipMisc()
                if peek("</") { throw fail("<key>\(key)</key> has no value") }
                members.append((key, try element(depth: depth + 1)))
            }
        case "array":
            var items: [PlistValue] = []
            if tag.selfClosing { return .array(items) }
            while true {
                skipMisc()
                if i >= b.count { throw fail("the file ends before </array>") }
                if peek("</") { try closeTag("array"); return .array(items) }
                items.append(try element(depth: depth + 1))
            }
        case "true", "false":
            if !tag.selfClosing { skipMisc(); try closeTag(tag.name) }
            return .bool(tag.name == "true")
        case "string":
            return .string(tag.selfClosing ? "" : try text(until: "string"))
        case "key":
            throw fail(at: start, "<key> outside a <dict>")
        case "integer":
            let t = tag.selfClosing ? "" : try text(until: "integer")
            guard let n = XMLPlistReader.integer(t.trimmingSpaces) else { throw fail(at: start, "<integer> holds \"\(t.prefix(40))\", not a whole number that fits 64 bits") }
            return .integer(n)
        case "real":
            let t = (tag.selfClosing ? "" : try text(until: "real")).trimmingSpaces
            guard let d = XMLPlistReader.real(t) else { throw fail(at: start, "<real> holds \"\(t.prefix(40))\", not a number") }
            return .real(d)
        case "date":
            let t = (tag.selfClosing ? "" : try text(until: "date")).trimmingSpaces
            guard let d = ISODate.parse(t) else { throw fail(at: start, "<date> holds \"\(t.prefix(40))\", not a date of the form 2026-11-30T12:00:00Z") }
            return .date(d)
        case "data":
            let t = tag.selfClosing ? "" : try text(until: "data")
            guard let bytes = Base64.decode(t) else { throw fail(at: start, "<data> is not base64") }
            return .data(bytes)
        default:
            throw fail(at: start, "unknown element <\(tag.name)> (a plist holds dict, array, key, string, integer, real, true, false, date, data)")
        }
    }

    // MARK: tags and text

    private struct Tag { var name: String; var selfClosing: Bool }

    /// `<name attr="...">` or `<name/>`; `i` is at `<`.
    private mutating func openTag() throws -> Tag {
        let start = i
        i += 1
        let name = readName()
        guard !name.isEmpty else { throw fail(at: start, "expected an element name after <") }
        while true {
            skipSpace()
            guard i < b.count else { throw fail(at: start, "<\(name) is not closed with >") }
            if b[i] == UInt8(ascii: ">") { i += 1; return Tag(name: name, selfClosing: false) }
            if b[i] == UInt8(ascii: "/") {
                guard i + 1 < b.count, b[i + 1] == UInt8(ascii: ">") else { throw fail("expected /> to close <\(name)") }
                i += 2
                return Tag(name: name, selfClosing: true)
            }
            // An attribute: name="value" or name='value'.
            let attribute = readName()
            guard !attribute.isEmpty else { throw fail("unexpected character in <\(name)>") }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "=") else { throw fail("attribute \(attribute) of <\(name)> has no value") }
            i += 1
            skipSpace()
            guard i < b.count, b[i] == 34 || b[i] == 39 else { throw fail("the value of \(attribute) must be in quotes") }
            let quote = b[i]
            i += 1
            while i < b.count, b[i] != quote { i += 1 }
            guard i < b.count else { throw fail(at: start, "the value of \(attribute) is not closed") }
            i += 1
        }
    }

    private mutating func closeTag(_ name: String) throws {
        let start = i
        guard peek("</") else { throw fail(i < b.count ? "expected </\(name)>" : "the file ends before </\(name)>") }
        i += 2
        let found = readName()
        skipSpace()
        guard found == name, i < b.count, b[i] == UInt8(ascii: ">") else {
            throw fail(at: start, found.isEmpty ? "expected </\(name)>" : "expected </\(name)>, found </\(found)>")
        }
        i += 1
    }

    /// Character data up to `</name>`, with entities and CDATA sections decoded.
    private mutating func text(until name: String) throws -> String {
        var out: [UInt8] = []
        while true {
            guard i < b.count else { throw fail("the file ends before </\(name)>") }
            let c = b[i]
            if c == UInt8(ascii: "<") {
                if peek("<![CDATA[") {
                    let start = i
                    i += 9
                    guard let end = find("]]>") else { throw fail(at: start, "a CDATA section is not closed with ]]>") }
                    out += b[i..<end]
                    i = end + 3
                    continue
                }
                if peek("<!--") { skipComment(); continue }
                guard peek("</") else { throw fail("<\(name)> holds an element; it can hold only text") }
                try closeTag(name)
                guard budget.charge(out.count) else { throw fail(budget.exceeded) }
                return String(decoding: out, as: UTF8.self)
            }
            if c == UInt8(ascii: "&") {
                out += Array(try entity().utf8)
                continue
            }
            if c == 13 {
                // A line break as XML reads it (§2.11): CR LF and a lone CR are one LF (&#13; stays a CR).
                out.append(10)
                i += i + 1 < b.count && b[i + 1] == 10 ? 2 : 1
                continue
            }
            out.append(c)
            i += 1
        }
    }

    private mutating func entity() throws -> String {
        let start = i
        guard let semicolon = b[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw fail(at: start, "& must start an entity such as &amp;")
        }
        let name = String(decoding: b[(i + 1)..<semicolon], as: UTF8.self)
        i = semicolon + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var code: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") { code = UInt32(name.dropFirst(2), radix: 16) }
            else if name.hasPrefix("#") { code = UInt32(name.dropFirst(), radix: 10) }
            guard let code, let scalar = Unicode.Scalar(code), code != 0 else {
                throw fail(at: start, "unknown entity &\(name);")
            }
            return String(Character(scalar))
        }
    }

    // MARK: scanning

    /// Whether `s` starts at `i`.
    private func peek(_ s: StaticString) -> Bool { ByteScan.has(s, in: b, at: i) }

    /// The index where `s` next starts, from `i`.
    private func find(_ s: StaticString) -> Int? { ByteScan.find(s, in: b, from: i) }

    private mutating func readName() -> String {
        let start = i
        while i < b.count {
            let c = b[i]
            let ok = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 45 || c == 95 || c == 58 || c == 46
            if !ok { break }
            i += 1
        }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 32 || b[i] == 9 || b[i] == 10 || b[i] == 13 { i += 1 }
    }

    private mutating func skipComment() {
        i += 4
        if let end = find("-->") { i = end + 3 } else { i = b.count }
    }

    /// White space and comments between elements.
    private mutating func skipMisc() {
        while true {
            skipSpace()
            if peek("<!--") { skipComment() } else { return }
        }
    }

    /// The XML declaration, DOCTYPE, comments and processing instructions before `<plist>`.
    private mutating func skipProlog() throws {
        while true {
            skipMisc()
            if peek("<?") {
                guard let end = find("?>") else { throw fail("<? is not closed with ?>") }
                i = end + 2
            } else if peek("<!DOCTYPE") {
                var depth = 0
                while i < b.count {
                    if b[i] == UInt8(ascii: "[") { depth += 1 }
                    if b[i] == UInt8(ascii: "]") { depth -= 1 }
                    if b[i] == UInt8(ascii: ">") && depth <= 0 { break }
                    i += 1
                }
                guard i < b.count else { throw fail("<!DOCTYPE is not closed with >") }
                i += 1
            } else {
                return
            }
        }
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence.
    private func firstInvalidUTF8() -> Int {
        var j = 0
        while j < b.count {
            let c = b[j]
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch c {
            case 0x00...0x7F: j += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return j
            }
            guard j + length <= b.count, b[j + 1] >= low, b[j + 1] <= high else { return j }
            for k in 2..<max(2, length) where b[j + k] & 0xC0 != 0x80 { return j }
            j += length
        }
        return b.count
    }

    /// The line of `offset`, counting on from the last offset asked (values come in order).
    private mutating func lineNumber(at offset: Int) -> Int {
        while lineCounted < offset {
            if b[lineCounted] == 10 { line += 1 }
            lineCounted += 1
        }
        return line
    }

    private func fail(_ message: String) -> PlistReadError { fail(at: i, message) }

    private func fail(at offset: Int, _ message: String) -> PlistReadError {
        var line = 1, lineStart = 0
        for j in 0..<min(offset, b.count) where b[j] == 10 {
            line += 1
            lineStart = j + 1
        }
        return PlistReadError(.line(line, column: offset - lineStart + 1), message)
    }

    // MARK: numbers

    static func integer(_ t: String) -> Int64? {
        if t.hasPrefix("0x") || t.hasPrefix("0X") { return Int64(t.dropFirst(2), radix: 16) }
        if t.hasPrefix("-0x") || t.hasPrefix("-0X") {
            // -0x8000000000000000 is Int64.min, whose magnitude Int64 cannot hold.
            guard let magnitude = UInt64(t.dropFirst(3), radix: 16), magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(t)
    }

    static func real(_ t: String) -> Double? {
        switch t.lowercased() {
        case "nan": return .nan
        case "+infinity", "infinity", "inf", "+inf": return .infinity
        case "-infinity", "-inf": return -.infinity
        default:
            guard !t.isEmpty, t.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 43 || $0 == 45 || $0 == 101 || $0 == 69 }) else { return nil }
            return Double(t)
        }
    }
}
