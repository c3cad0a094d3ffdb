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
}
