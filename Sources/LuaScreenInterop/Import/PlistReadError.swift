import LuaScreenCore
import ScreenModel
/// Why a plist could not be read, and where: a line and column in an XML plist, a byte
/// offset in a binary one.
public struct PlistReadError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where in the file.
    public enum Position: Equatable, Sendable {
        /// 1-based line and column (in bytes) of an XML plist.
        case line(Int, column: Int)
        /// 0-based offset of a binary plist.
        case byte(Int)
        /// The file as a whole (empty, not a plist at all).
        case file
    }

    /// Where the problem is.
    public var position: Position
    /// What is wrong, for a person.
    public var message: String

    /// An error at `position`.
    public init(_ position: Position, _ message: String) {
        self.position = position
        // Messages quote the file's text: never a raw control or bidirectional character.
        self.message = sanitize(message, lineBreaks: .escape)
    }

    /// `file:LINE:COLUMN: error: message` (XML), `file: error: at byte N: message` (binary).
    public func diagnostic(file: String) -> String {
        switch position {
        case .line(let line, let column): return "\(file):\(line):\(column): error: \(message)"
        case .byte(let offset): return "\(file): error: at byte \(offset): \(message)"
        case .file: return "\(file): error: \(message)"
        }
    }

    /// The diagnostic, for a file called `plist`.
    public var description: String { diagnostic(file: "plist") }
}

/// Reads a property list in either format Settings.bundles use: binary (`bplist00`) or XML.
/// A namespace of functions that keep no state: callable from any thread.
public enum PlistReader {
    /// Nesting deeper than this is refused (a Settings.bundle nests four levels).
    static let maxDepth = 256
    /// More values than this in one file are refused (a Settings.bundle plist holds hundreds; a binary plist can name one object
    /// from many places, so a small file could otherwise stand for billions of values).
    static let maxValues = 1_000_000

    /// The value in `bytes`, whichever format they are in (expanding to at most 64 MiB).
    public static func read(_ bytes: [UInt8]) throws -> PlistValue {
        try readWithLines(bytes).value
    }

    /// The value, and for an XML plist the lines of its values (at most 64 MiB expanded).
    package static func readWithLines(_ bytes: [UInt8]) throws -> (value: PlistValue, lines: PlistLines?) {
        var budget = PlistBudget(bytes: BundleImporter.defaultMaxMemory)
        return try readWithLines(bytes, budget: &budget)
    }

    /// The value, and for an XML plist the line each value starts on, in document order
    /// (see `PlistLines`); nil for a binary plist. What the value holds is charged to `budget`.
    package static func readWithLines(_ bytes: [UInt8], budget: inout PlistBudget) throws -> (value: PlistValue, lines: PlistLines?) {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPlistReader(bytes, budget: budget)
            defer { budget = reader.budget }
            return (try reader.read(), nil)
        }
        var reader = XMLPlistReader(bytes, budget: budget)
        defer { budget = reader.budget }
        let value = try reader.read()
        return (value, PlistLines(lines: reader.lines))
    }
}

/// What the plists of one import may still expand to, in bytes: each string's and data's
/// bytes and a fixed cost a value, counted each time a value is used (a binary plist's shared
/// object as often as it is referred to), so a small file cannot stand for gigabytes.
/// A value type: `Sendable`.
package struct PlistBudget: Sendable {
    /// The bytes left.
    public private(set) var bytes: Int
    /// The limit it started with.
    public let limit: Int
    /// What one value costs besides its bytes (an enum case, an array slot).
    static let perValue = 32

    /// A budget of `bytes`.
    public init(bytes: Int) {
        self.bytes = bytes
        self.limit = bytes
    }

    /// Charges `count` bytes and one value; false when the budget cannot pay.
    mutating func charge(_ count: Int) -> Bool {
        let cost = count.addingReportingOverflow(PlistBudget.perValue)
        guard !cost.overflow, cost.partialValue <= bytes else { bytes = -1; return false }
        bytes -= cost.partialValue
        return true
    }

    /// The message of a spent budget.
    var exceeded: String {
        "the plists expand to more than \(Files.sizeText(limit)) (a shared object counts each time it is used); raise --max-memory if this bundle is real"
    }
}

/// Where each value of an XML plist starts, to name lines in warnings about its parts.
package struct PlistLines: Sendable {
    /// Lines in document order: a dictionary or an array, then the values it holds.
    let lines: [Int]

    /// The line of the value at `path` (dictionary keys and array indexes from `root`).
    public func line(of path: [PathStep], in root: PlistValue) -> Int? {
        var index = 0
        var value = root
        for step in path {
            index += 1
            switch (step, value) {
            case (.key(let key), .dictionary(let members)):
                guard let k = members.firstIndex(where: { $0.key == key }) else { return nil }
                index += members[..<k].reduce(0) { $0 + PlistLines.count($1.value) }
                value = members[k].value
            case (.index(let n), .array(let items)):
                guard n < items.count else { return nil }
                index += items[..<n].reduce(0) { $0 + PlistLines.count($1) }
                value = items[n]
            default:
                return nil
            }
        }
        return index < lines.count ? lines[index] : nil
    }

    /// The line of each item of the array under `key` of the root dictionary, in one pass
    /// (asking `line(of:in:)` for each item would count the items before it again each time).
    public func linesOfItems(under key: String, in root: PlistValue) -> [Int?] {
        guard case .dictionary(let members) = root, let k = members.lastIndex(where: { $0.key == key }),
              case .array(let items) = members[k].value else { return [] }
        var index = 1 + members[..<k].reduce(0) { $0 + PlistLines.count($1.value) } + 1
        var out: [Int?] = []
        out.reserveCapacity(items.count)
        for item in items {
            out.append(index < lines.count ? lines[index] : nil)
            index += PlistLines.count(item)
        }
        return out
    }

    /// One step of a path into a plist.
    public enum PathStep: Sendable {
        /// A dictionary's key.
        case key(String)
        /// An array's index, from 0.
        case index(Int)
    }

    /// How many values `value` is, itself included.
    static func count(_ value: PlistValue) -> Int {
        switch value {
        case .array(let items): return 1 + items.reduce(0) { $0 + count($1) }
        case .dictionary(let members): return 1 + members.reduce(0) { $0 + count($1.value) }
        default: return 1
        }
    }
}
