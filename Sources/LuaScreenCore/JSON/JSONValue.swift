import ScreenModel

/// A JSON value whose objects keep their keys in order (the `dump` format names its fields
/// in a fixed order, and the store file keeps the order a person wrote). Strings and keys
/// are compared byte for byte (SPEC §6), never by Swift's canonical equivalence.
///
/// `Sendable`: a plain value.
public indirect enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order written.
    case object([(key: String, value: JSONValue)])

    /// Equal values: numbers by value (`2` equals `2.0`), strings and keys byte for byte,
    /// object members in order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): return Double(x) == y
        case (.string(let x), .string(let y)): return x.sameBytes(as: y)
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key.sameBytes(as: $1.key) && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of `key` in an object (keys compared byte for byte).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key.sameBytes(as: key) }?.value
    }

    /// A string, or `null` for nil.
    public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

    /// Compact JSON (`pretty: false`) or indented by two spaces.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d):
            if d.isNaN || d.isInfinite { out += "null" }  // JSON has no NaN or infinity
            else if d == d.rounded(), abs(d) < 1e15 { out += String(Int64(d)) }
            else { out += "\(d)" }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.writeString(member.key, to: &out)
                out += pretty ? ": " : ":"
                member.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        appendString(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `s` as a JSON string: quoted; `"`, `\\` and the control characters (C0, DEL,
    /// C1), bidi controls (U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators
    /// (U+2028, U+2029) escaped, so a file or `dump`
    /// shown in a terminal cannot act on it (SPEC §7); every other byte as it is, so the
    /// text reads back byte for byte (SPEC §6). `StoreSize.string` counts the same bytes.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        var copy = s
        copy.withUTF8 { buffer in
            let digits = Array("0123456789abcdef".utf8)
            func escape(_ v: UInt32) {
                out += [0x5C, 0x75, digits[Int(v >> 12 & 0xF)], digits[Int(v >> 8 & 0xF)],
                        digits[Int(v >> 4 & 0xF)], digits[Int(v & 0xF)]]
            }
            out.append(0x22)
            var run = 0  // start of the bytes not yet copied
            var i = 0
            while i < buffer.count {
                let length = JSONValue.escapedLength(buffer, at: i)
                if length == 0 {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run..<i]))
                let b = buffer[i]
                switch (length, b) {
                case (1, 0x22): out += [0x5C, 0x22]
                case (1, 0x5C): out += [0x5C, 0x5C]
                case (1, 0x0A): out += [0x5C, 0x6E]
                case (1, 0x0D): out += [0x5C, 0x72]
                case (1, 0x09): out += [0x5C, 0x74]
                case (1, _): escape(UInt32(b))
                case (2, _): escape(UInt32(buffer[i + 1]))  // C1: C2 80...C2 9F
                default: escape(0x2000 | UInt32(buffer[i + 1] & 0x3F) << 6 | UInt32(buffer[i + 2] & 0x3F))  // E2 8x xx
                }
                i += length
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[run...]))
            out.append(0x22)
        }
    }

    /// How many bytes at `i` form one character a JSON string escapes (0: none): 1 for
    /// `"`, `\\`, C0 and DEL, 2 or 3 for a C1 or bidi control (the sanitizer's `isHidden`) or
    /// the line and paragraph separators.
    @inline(__always)
    static func escapedLength(_ buffer: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = buffer[i]
        if b < 0x80 { return b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F ? 1 : 0 }
        // Only C2 (C1 controls) and E2 (the bidi controls) lead a hidden scalar above ASCII.
        if b == 0xC2, i + 1 < buffer.count {
            return isHidden(UInt32(b & 0x1F) << 6 | UInt32(buffer[i + 1] & 0x3F)) ? 2 : 0
        }
        if b == 0xE2, i + 2 < buffer.count {
            let v = UInt32(b & 0x0F) << 12 | UInt32(buffer[i + 1] & 0x3F) << 6 | UInt32(buffer[i + 2] & 0x3F)
            // U+2028 and U+2029 too: JavaScript before ES2019 ends a line (and a string) there.
            return isHidden(v) || v == 0x2028 || v == 0x2029 ? 3 : 0
        }
        return 0
    }
}
