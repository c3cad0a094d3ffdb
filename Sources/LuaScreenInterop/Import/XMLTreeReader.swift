import LuaScreenCore
import ScreenModel
/// An XML element as `XMLTreeReader` reads it: its qualified name (`android:key` stays
/// `android:key`), its attributes in document order, its children and the line it starts on.
/// A value type: `Sendable`.
package struct XMLTreeElement: Sendable {
    /// A child: an element, or character data (entities and CDATA already expanded).
    enum Child: Sendable {
        case element(XMLTreeElement)
        case text(String)
    }

    package var name: String
    package var attributes: [(name: String, value: String)]
    var children: [Child]
    var line: Int

    /// The attribute's value, or nil.
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The child elements, in order.
    package var elements: [XMLTreeElement] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }

    /// The character data of the element and of every element inside it, in order.
    var text: String {
        children.map { child in
            switch child {
            case .text(let s): return s
            case .element(let e): return e.text
            }
        }.joined()
    }
}

/// Why a file is not XML luascreen reads: the line and column of the first problem.
struct XMLTreeError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}

/// A small strict XML 1.0 reader for Android resource files (UTF-8 only): elements,
/// attributes, character data, the five predefined entities and character references, CDATA,
/// comments and processing instructions, and a DOCTYPE's plain-text entities (nothing external,
/// nothing nested). Refused: malformed names, unclosed or mismatched tags, duplicate attributes and
/// text outside the root. Depth, element count and size are bounded, and every step moves
/// forward, so time is linear in the input.
///
/// FoundationXML's `XMLParser` is not used: the release build is one static executable, and
/// `libFoundationXML.a` links only against the system's `libxml2.a`, which needs the system
/// ICU 72 (`undefined reference to 'ucnv_convertEx_72'` when linked with
/// `-static-executable`) and the whole of Foundation besides.
/// A value type used by one thread at a time.
package struct XMLTreeReader {
    /// Elements nest at most this deep.
    static let maxDepth = 64
    /// At most this many elements a file.
    static let maxElements = 1_000_000
    /// What a file's entities may expand to, in all.
    static let maxExpansion = 16 << 20

    private let b: [UInt8]
    private var i = 0
    private var elementCount = 0
    private var entities: [String: [UInt8]] = [:]
    private var sawDoctype = false
    private var expanded = 0
    private var countedTo = 0
    private var countedLine = 1

    init(_ bytes: [UInt8]) { b = bytes }

    /// Reads the document's root element.
    package static func read(_ bytes: [UInt8]) throws -> XMLTreeElement {
        var reader = XMLTreeReader(bytes)
        return try reader.document()
    }

    private mutating func document() throws -> XMLTreeElement {
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        if b.starts(with: [0xFE, 0xFF]) || b.starts(with: [0xFF, 0xFE]) { throw fail("the file is UTF-16; save it as UTF-8") }
        guard String(validating: b, as: UTF8.self) != nil else { throw fail(at: firstInvalidUTF8(), "the text is not valid UTF-8") }
        try misc()
        guard i < b.count else { throw fail("the file holds no element") }
        guard peek("<") else { throw fail("expected an element") }
        let root = try element(depth: 1)
        try misc()
        if i < b.count { throw fail("text after the root element </\(root.name)>") }
        return root
    }

    /// Spaces, comments and processing instructions (before and after the root).
    private mutating func misc() throws {
        while true {
            skipSpaces()
            if peek("<?") { try processingInstruction() }
            else if peek("<!--") { try comment() }
            else if peek("<!DOCTYPE") { try doctype() }
            else { return }
        }
    }

    /// `<!DOCTYPE name [ <!ENTITY NAME "text"> ... ]>`: an internal subset of plain-text general
    /// entities, as Android string files use them (Termux's `&TERMUX_APP_NAME;`). An external
    /// DTD or entity, a parameter entity, and an entity whose text holds `&` or `<` are refused,
    /// so no expansion nests; what the entities expand to is bounded (`maxExpansion`).
    private mutating func doctype() throws {
        guard entities.isEmpty, !sawDoctype else { throw fail("a second DOCTYPE") }
        sawDoctype = true
        i += 9
        skipSpaces()
        _ = try name()
        skipSpaces()
        if peek("SYSTEM") || peek("PUBLIC") { throw fail("an external DTD is not read; remove it") }
        if peek("[") {
            i += 1
            while true {
                skipSpaces()
                if peek("]") { i += 1; break }
                if peek("<!--") { try comment(); continue }
                guard peek("<!ENTITY") else { throw fail(i < b.count ? "only <!ENTITY NAME \"text\"> is read in a DOCTYPE" : "the file ends inside the DOCTYPE") }
                i += 8
                guard skipSpaces() else { throw fail("expected a space after <!ENTITY") }
                if peek("%") { throw fail("a parameter entity is not read") }
                let entity = try name()
                skipSpaces()
                guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else { throw fail("only an entity with a quoted text is read (no SYSTEM or PUBLIC)") }
                let quote = b[i]
                i += 1
                let start = i
                while i < b.count, b[i] != quote {
                    if b[i] == 0x26 || b[i] == 0x3C || b[i] == 0x25 { throw fail("the text of entity \(entity) holds & < or %: only plain text is read") }
                    i += 1
                }
                guard i < b.count else { throw fail("the file ends inside entity \(entity)") }
                if entities[entity] == nil { entities[entity] = Array(b[start..<i]) }
                i += 1
                skipSpaces()
                guard peek(">") else { throw fail("expected > after entity \(entity)") }
                i += 1
            }
            skipSpaces()
        }
        guard peek(">") else { throw fail("expected > at the end of the DOCTYPE") }
        i += 1
    }

    private mutating func element(depth: Int) throws -> XMLTreeElement {
        guard depth <= Self.maxDepth else { throw fail("elements nest more than \(Self.maxDepth) deep") }
        elementCount += 1
        guard elementCount <= Self.maxElements else { throw fail("more than \(Self.maxElements) elements") }
        let line = lineNumber(at: i)
        i += 1  // <
        let name = try self.name()
        var attributes: [(name: String, value: String)] = []
        while true {
            let spaced = skipSpaces()
            if peek("/>") { i += 2; return XMLTreeElement(name: name, attributes: attributes, children: [], line: line) }
            if peek(">") { i += 1; break }
            guard i < b.count else { throw fail("the file ends inside <\(name)>") }
            guard spaced else { throw fail("expected a space, > or /> in <\(name)>") }
            let attributeName = try self.name()
            skipSpaces()
            guard peek("=") else { throw fail("expected = after the attribute \(attributeName)") }
            i += 1
            skipSpaces()
            guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else { throw fail("expected a quoted value for \(attributeName)") }
            let quote = b[i]
            i += 1
            let value = try characters(until: quote, inAttribute: true)
            i += 1
            if attributes.contains(where: { $0.name == attributeName }) { throw fail("the attribute \(attributeName) is given twice") }
            attributes.append((attributeName, value))
        }
        var children: [XMLTreeElement.Child] = []
        while true {
            guard i < b.count else { throw fail("the file ends before </\(name)>") }
            if peek("</") {
                let closeStart = i
                i += 2
                let closing = try self.name()
                guard closing == name else { throw fail(at: closeStart, "</\(closing)> closes <\(name)> (line \(line))") }
                skipSpaces()
                guard peek(">") else { throw fail("expected > after </\(closing)") }
                i += 1
                return XMLTreeElement(name: name, attributes: attributes, children: children, line: line)
            }
            if peek("<!--") { try comment(); continue }
            if peek("<?") { try processingInstruction(); continue }
            if peek("<![CDATA[") {
                i += 9
                let start = i
                guard let end = find("]]>") else { throw fail("the file ends inside a CDATA section") }
                append(String(decoding: b[start..<end], as: UTF8.self), to: &children)
                i = end + 3
                continue
            }
            if peek("<!") { throw fail("a declaration is not read inside an element") }
            if peek("<") { children.append(.element(try element(depth: depth + 1))); continue }
            append(try characters(until: 0x3C, inAttribute: false), to: &children)
        }
    }

    private func append(_ text: String, to children: inout [XMLTreeElement.Child]) {
        if case .text(let previous)? = children.last { children[children.count - 1] = .text(previous + text) }
        else { children.append(.text(text)) }
    }

    /// Character data up to `end` (not taken), with references expanded.
    private mutating func characters(until end: UInt8, inAttribute: Bool) throws -> String {
        var out: [UInt8] = []
        while i < b.count, b[i] != end {
            let c = b[i]
            if c == 0x26 { out += try reference(); continue }
            if inAttribute, c == 0x3C { throw fail("< inside an attribute value (write &lt;)") }
            if !inAttribute, c == 0x5D, peek("]]>") { throw fail("]]> in text (write ]]&gt;)") }
            if c < 0x20, c != 0x09, c != 0x0A, c != 0x0D { throw fail("a control character (U+\(String(c, radix: 16, uppercase: true))) XML does not allow") }
            // Attribute values normalise white space as XML says.
            if inAttribute, c == 0x09 || c == 0x0A || c == 0x0D { out.append(0x20) } else { out.append(c) }
            i += 1
        }
        guard i < b.count else { throw fail(inAttribute ? "the file ends inside an attribute value" : "the file ends inside an element") }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func reference() throws -> [UInt8] {
        let start = i
        guard let semicolon = b[i..<min(b.count, i + 256)].firstIndex(of: 0x3B) else { throw fail("& starts no reference (write &amp;)") }
        let body = String(decoding: b[(i + 1)..<semicolon], as: UTF8.self)
        i = semicolon + 1
        switch body {
        case "lt": return [0x3C]
        case "gt": return [0x3E]
        case "amp": return [0x26]
        case "quot": return [0x22]
        case "apos": return [0x27]
        default:
            var code: UInt32?
            if body.hasPrefix("#x") { code = UInt32(body.dropFirst(2), radix: 16) }
            else if body.hasPrefix("#") { code = UInt32(body.dropFirst(1), radix: 10) }
            if !body.hasPrefix("#"), let text = entities[body] {
                expanded += text.count
                guard expanded <= Self.maxExpansion else { throw fail(at: start, "the entities expand to more than \(Self.maxExpansion >> 20) MiB") }
                return text
            }
            guard let code, let scalar = Unicode.Scalar(code), code == 0x9 || code == 0xA || code == 0xD || code >= 0x20 else {
                throw fail(at: start, body.hasPrefix("#") ? "&\(body); is not a character XML allows" : "&\(body); is not an entity XML defines (no DTD is read)")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    private mutating func name() throws -> String {
        let start = i
        while i < b.count {
            let c = b[i]
            let letter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x3A || c >= 0x80
            let more = (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
            if letter || (i > start && more) { i += 1 } else { break }
        }
        guard i > start else { throw fail("expected a name") }
        return String(decoding: b[start..<i], as: UTF8.self)
    }

    private mutating func comment() throws {
        i += 4
        guard let end = find("-->") else { throw fail("the file ends inside a comment") }
        i = end + 3
    }

    private mutating func processingInstruction() throws {
        guard let end = find("?>") else { throw fail("the file ends inside <?...?>") }
        i = end + 2
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = i
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        return i > start
    }

    /// Whether `s` starts at `i`.
    private func peek(_ s: StaticString) -> Bool { ByteScan.has(s, in: b, at: i) }

    /// The index where `s` next starts, from `i`.
    private func find(_ s: StaticString) -> Int? { ByteScan.find(s, in: b, from: i) }

    /// The start of the first line that is not valid UTF-8.
    private func firstInvalidUTF8() -> Int {
        var start = 0
        while start < b.count {
            let end = b[start...].firstIndex(of: 0x0A) ?? b.count
            if String(validating: b[start..<end], as: UTF8.self) == nil { return start }
            start = end + 1
        }
        return 0
    }

    /// The line of `offset`; offsets asked for grow, so the count goes on from the last one.
    private mutating func lineNumber(at offset: Int) -> Int {
        let target = min(offset, b.count)
        if target < countedTo { countedTo = 0; countedLine = 1 }
        while countedTo < target { if b[countedTo] == 0x0A { countedLine += 1 }; countedTo += 1 }
        return countedLine
    }

    private mutating func fail(_ message: String) -> XMLTreeError { fail(at: i, message) }

    private mutating func fail(at offset: Int, _ message: String) -> XMLTreeError {
        let at = min(offset, b.count)
        var start = at
        while start > 0, b[start - 1] != 0x0A { start -= 1 }
        return XMLTreeError(line: lineNumber(at: at), column: at - start + 1, message: message)
    }
}
