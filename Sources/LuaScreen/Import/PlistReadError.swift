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
        self.message = message
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
    static let maxValues = 100_000

    /// The value in `bytes`, whichever format they are in.
    public static func read(_ bytes: [UInt8]) throws -> PlistValue {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPlistReader(bytes)
            return try reader.read()
        }
        var reader = XMLPlistReader(bytes)
        return try reader.read()
    }

    /// The value, and for an XML plist the line each value starts on, in document order
    /// (see `PlistLines`); nil for a binary plist.
    public static func readWithLines(_ bytes: [UInt8]) throws -> (value: PlistValue, lines: PlistLines?) {
        if bytes.starts(with: Array("bplist".utf8)) { return (try read(bytes), nil) }
        var reader = XMLPlistReader(bytes)
        let value = try reader.read()
        return (value, PlistLines(lines: reader.lines))
    }
}

/// Where each value of an XML plist starts, to name lines in warnings about its parts.
public struct PlistLines: Sendable {
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
