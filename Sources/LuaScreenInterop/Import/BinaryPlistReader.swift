import LuaScreenCore
import ScreenModel
/// Reads a binary property list (`bplist00`, the format `plutil -convert binary1` and Xcode's
/// build write), checking every offset, length and reference against the file, so a damaged
/// file is an error naming the byte where it went wrong, never a crash.
///
/// Layout: the header `bplist00`, the objects, a table of each object's offset, and a
/// 32-byte trailer (offset size, reference size, object count, top object, table offset).
struct BinaryPlistReader {
    private let b: [UInt8]
    private var offsetSize = 0
    private var refSize = 0
    private var objectCount = 0
    private var tableOffset = 0
    /// Objects being decoded, to refuse an object that contains itself.
    private var open = Set<Int>()
    private var values = 0
    /// What the values decoded so far may still expand to.
    private(set) var budget: PlistBudget
    /// Strings and data decoded once, by object: a shared object is one copy in memory (it is
    /// still charged each time it is used).
    private var leaves: [Int: PlistValue] = [:]

    init(_ bytes: [UInt8], budget: PlistBudget) {
        b = bytes
        self.budget = budget
    }

    mutating func read() throws -> PlistValue {
        guard b.count >= 8, b.starts(with: Array("bplist".utf8)) else {
            throw PlistReadError(.byte(0), "not a binary plist (it does not start with bplist00)")
        }
        guard b[6] == UInt8(ascii: "0") && b[7] == UInt8(ascii: "0") else {
            throw PlistReadError(.byte(6), "binary plist version \"\(String(decoding: b[6..<8], as: UTF8.self))\" is not supported (only 00)")
        }
        guard b.count >= 8 + 1 + 32 else {
            throw PlistReadError(.byte(b.count), "the file ends after \(b.count) bytes, too short for a binary plist's 32-byte trailer")
        }
        let t = b.count - 32
        offsetSize = Int(b[t + 6])
        refSize = Int(b[t + 7])
        guard (1...8).contains(offsetSize) else { throw PlistReadError(.byte(t + 6), "offset size \(offsetSize) in the trailer (expected 1 to 8)") }
        guard (1...8).contains(refSize) else { throw PlistReadError(.byte(t + 7), "object reference size \(refSize) in the trailer (expected 1 to 8)") }
        let count = unsigned(at: t + 8, size: 8)
        let top = unsigned(at: t + 16, size: 8)
        let table = unsigned(at: t + 24, size: 8)
        guard count >= 1, count <= UInt64(t) else { throw PlistReadError(.byte(t + 8), "object count \(count) in the trailer does not fit the file") }
        objectCount = Int(count)
        guard top < count else { throw PlistReadError(.byte(t + 16), "top object \(top) in the trailer, but there are \(count) objects") }
        guard table >= 8, table < UInt64(t), UInt64(t) - table >= count * UInt64(offsetSize) else {
            throw PlistReadError(.byte(t + 24), "offset table at byte \(table) in the trailer does not fit between the header and the trailer")
        }
        tableOffset = Int(table)
        return try object(Int(top), depth: 1)
    }

    /// A big-endian unsigned number of `size` bytes (the caller checked the range).
    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        var n: UInt64 = 0
        for k in 0..<size { n = n << 8 | UInt64(b[offset + k]) }
        return n
    }

    /// Where object `index` starts, from the offset table.
    private func offset(of index: Int) throws -> Int {
        let entry = tableOffset + index * offsetSize
        let at = unsigned(at: entry, size: offsetSize)
        guard at >= 8, at < UInt64(tableOffset) else {
            throw PlistReadError(.byte(entry), "object \(index) is said to start at byte \(at), outside the objects")
        }
        return Int(at)
    }

    private mutating func object(_ index: Int, depth: Int) throws -> PlistValue {
        let start = try offset(of: index)
        guard depth <= PlistReader.maxDepth else { throw PlistReadError(.byte(start), "nested more than \(PlistReader.maxDepth) levels deep") }
        values += 1
        guard values <= PlistReader.maxValues else {
            throw PlistReadError(.byte(start), "more than \(PlistReader.maxValues) values (objects referred to over and over)")
        }
        let marker = b[start]
        let low = Int(marker & 0x0F)
        if let known = leaves[index] {
            guard budget.charge(BinaryPlistReader.size(of: known)) else { throw PlistReadError(.byte(start), budget.exceeded) }
            return known
        }
        guard budget.charge(0) else { throw PlistReadError(.byte(start), budget.exceeded) }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw PlistReadError(.byte(start), "object \(index): marker 0x\(hex(marker)) (null or fill) is not a value a plist can hold here")
            }
        case 0x1:
            guard low <= 4 else { throw PlistReadError(.byte(start), "object \(index): an integer of 2^\(low) bytes") }
            let size = 1 << low
            try need(start + 1, size, index)
            if size == 16 {
                // 128-bit integers: the low 64 bits, when the high ones are only sign.
                let high = unsigned(at: start + 1, size: 8), value = unsigned(at: start + 9, size: 8)
                guard high == 0 || (high == UInt64.max && Int64(bitPattern: value) < 0) else {
                    throw PlistReadError(.byte(start), "object \(index): an integer that does not fit 64 bits")
                }
                return .integer(Int64(bitPattern: value))
            }
            let raw = unsigned(at: start + 1, size: size)
            // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
            return .integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            guard low == 2 || low == 3 else { throw PlistReadError(.byte(start), "object \(index): a real of 2^\(low) bytes (expected 4 or 8)") }
            try need(start + 1, 1 << low, index)
            if low == 2 { return .real(Double(Float(bitPattern: UInt32(unsigned(at: start + 1, size: 4))))) }
            return .real(Double(bitPattern: unsigned(at: start + 1, size: 8)))
        case 0x3:
            guard marker == 0x33 else { throw PlistReadError(.byte(start), "object \(index): unknown marker 0x\(hex(marker))") }
            try need(start + 1, 8, index)
            return .date(Double(bitPattern: unsigned(at: start + 1, size: 8)))
        case 0x4:
            let (count, body) = try length(low, at: start, index)
            try need(body, count, index)
            return try leaf(.data(Array(b[body..<(body + count)])), index, start, bytes: count)
        case 0x5:
            let (count, body) = try length(low, at: start, index)
            try need(body, count, index)
            guard b[body..<(body + count)].allSatisfy({ $0 < 0x80 }) else {
                throw PlistReadError(.byte(start), "object \(index): an ASCII string holds a byte above 0x7F")
            }
            return try leaf(.string(String(decoding: b[body..<(body + count)], as: UTF8.self)), index, start, bytes: count)
        case 0x6:
            let (count, body) = try length(low, at: start, index)
            let (bytes, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw PlistReadError(.byte(start), "object \(index): a string longer than the file") }
            try need(body, bytes, index)
            guard budget.charge(bytes) else { throw PlistReadError(.byte(start), budget.exceeded) }
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for k in 0..<count { units.append(UInt16(b[body + 2 * k]) << 8 | UInt16(b[body + 2 * k + 1])) }
            var text = ""
            var decoder = UTF16()
            var it = units.makeIterator()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): text.unicodeScalars.append(s)
                case .emptyInput: break loop
                case .error: throw PlistReadError(.byte(start), "object \(index): a UTF-16 string with a lone surrogate")
                }
            }
            leaves[index] = .string(text)
            return .string(text)
        case 0x8:
            throw PlistReadError(.byte(start), "object \(index): a UID (keyed archives are not settings plists)")
        case 0xA, 0xC:
            let (count, body) = try length(low, at: start, index)
            let refs = try references(count, at: body, index)
            guard budget.charge(count * 8) else { throw PlistReadError(.byte(start), budget.exceeded) }
            open.insert(index)
            defer { open.remove(index) }
            var items: [PlistValue] = []
            items.reserveCapacity(count)
            for ref in refs { items.append(try child(ref, of: index, at: start, depth: depth)) }
            return .array(items)
        case 0xD:
            let (count, body) = try length(low, at: start, index)
            let (doubled, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw PlistReadError(.byte(start), "object \(index): a dictionary larger than the file") }
            let refs = try references(doubled, at: body, index)
            guard budget.charge(doubled * 8) else { throw PlistReadError(.byte(start), budget.exceeded) }
            open.insert(index)
            defer { open.remove(index) }
            var members: [(key: String, value: PlistValue)] = []
            members.reserveCapacity(count)
            for k in 0..<count {
                guard case .string(let key) = try child(refs[k], of: index, at: start, depth: depth) else {
                    throw PlistReadError(.byte(start), "object \(index): dictionary key \(k + 1) is not a string")
                }
                members.append((key, try child(refs[count + k], of: index, at: start, depth: depth)))
            }
            return .dictionary(members)
        default:
            throw PlistReadError(.byte(start), "object \(index): unknown marker 0x\(hex(marker))")
        }
    }

    /// A string or data object, kept to be shared by later uses and charged for its bytes.
    private mutating func leaf(_ value: PlistValue, _ index: Int, _ start: Int, bytes: Int) throws -> PlistValue {
        guard budget.charge(bytes) else { throw PlistReadError(.byte(start), budget.exceeded) }
        leaves[index] = value
        return value
    }

    /// The bytes a string or data value holds (what a use of it is charged).
    static func size(of value: PlistValue) -> Int {
        switch value {
        case .string(let s): return s.utf8.count
        case .data(let d): return d.count
        default: return 0
        }
    }

    private mutating func child(_ ref: Int, of index: Int, at start: Int, depth: Int) throws -> PlistValue {
        guard !open.contains(ref) else {
            throw PlistReadError(.byte(start), ref == index ? "object \(index) contains itself (a cycle)"
                                                            : "object \(index) contains object \(ref), which contains it (a cycle)")
        }
        return try object(ref, depth: depth + 1)
    }

    /// The count in a marker's low nibble, or in the integer object after it when the nibble is 0xF.
    private func length(_ low: Int, at start: Int, _ index: Int) throws -> (count: Int, body: Int) {
        if low != 0xF { return (low, start + 1) }
        try need(start + 1, 1, index)
        let marker = b[start + 1]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw PlistReadError(.byte(start + 1), "object \(index): its length is not an integer (marker 0x\(hex(marker)))")
        }
        let size = 1 << Int(marker & 0x0F)
        try need(start + 2, size, index)
        let n = unsigned(at: start + 2, size: size)
        guard n <= UInt64(b.count) else { throw PlistReadError(.byte(start + 1), "object \(index): length \(n) is longer than the file") }
        return (Int(n), start + 2 + size)
    }

    private func references(_ count: Int, at body: Int, _ index: Int) throws -> [Int] {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: refSize)
        guard !overflow else { throw PlistReadError(.byte(body), "object \(index): more references than the file holds") }
        try need(body, bytes, index)
        var refs: [Int] = []
        refs.reserveCapacity(count)
        for k in 0..<count {
            let ref = unsigned(at: body + k * refSize, size: refSize)
            guard ref < UInt64(objectCount) else {
                throw PlistReadError(.byte(body + k * refSize), "object \(index) refers to object \(ref), but there are \(objectCount)")
            }
            refs.append(Int(ref))
        }
        return refs
    }

    /// Checks that `count` bytes from `from` lie before the offset table.
    private func need(_ from: Int, _ count: Int, _ index: Int) throws {
        guard count >= 0, from <= tableOffset, count <= tableOffset - from else {
            throw PlistReadError(.byte(min(from, b.count)), "object \(index) runs past the end of the objects (the file is cut short or damaged)")
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let s = String(byte, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }
}
