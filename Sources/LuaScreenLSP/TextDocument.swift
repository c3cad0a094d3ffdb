/// One open document's text as UTF-8 bytes, with its line starts, converting between byte
/// offsets and LSP positions (UTF-16 code units, as the protocol says).
/// A value: `Sendable`.
public struct TextDocument: Sendable {
    /// The document's URI as the client sent it.
    public let uri: String
    /// The client's version of the text.
    public var version: Int
    /// The text.
    public private(set) var bytes: [UInt8]
    /// The byte offset each line starts at.
    public private(set) var lineStarts: [Int]

    /// A document with this text.
    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = TextDocument.lines(of: bytes)
    }

    static func lines(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
        return starts
    }

    /// The byte offset of `position` (clamped to the line and the text).
    public func offset(of position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        var i = lineStarts[position.line]
        let end = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
        var units = 0
        while i < end, units < position.character {
            let b = bytes[i]
            let (length, width) = b < 0x80 ? (1, 1) : b < 0xE0 ? (2, 1) : b < 0xF0 ? (3, 1) : (4, 2)
            units += width
            i = min(i + length, end)
        }
        return i
    }

    /// The line (0-based) byte `offset` is on.
    public func line(of offset: Int) -> Int {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The position of byte `offset`.
    public func position(of offset: Int) -> Position {
        let offset = max(0, min(offset, bytes.count))
        let lo = line(of: offset)
        var units = 0
        var i = lineStarts[lo]
        while i < offset {
            let b = bytes[i]
            let (length, width) = b < 0x80 ? (1, 1) : b < 0xE0 ? (2, 1) : b < 0xF0 ? (3, 1) : (4, 2)
            units += width
            i += length
        }
        return Position(line: lo, character: units)
    }

    /// The range of bytes `start..<end`.
    public func range(_ start: Int, _ end: Int) -> LSPRange { LSPRange(start: position(of: start), end: position(of: end)) }

    /// The range of a whole line (0-based) without its leading blanks.
    public func lineRange(_ line: Int) -> LSPRange {
        let line = max(0, min(line, lineStarts.count - 1))
        var start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        return range(start, max(start, end))
    }

    /// Applies one change of `didChange` (no range: the whole text); the bytes it replaced,
    /// nil for a whole text.
    @discardableResult
    package mutating func apply(_ change: ContentChange) -> Outline.Edit? {
        guard let range = change.range else {
            bytes = Array(change.text.utf8)
            lineStarts = TextDocument.lines(of: bytes)
            return nil
        }
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        let new = Array(change.text.utf8)
        bytes.replaceSubrange(start..<end, with: new)
        lineStarts = TextDocument.lines(of: bytes)
        return Outline.Edit(start: start, oldEnd: end, newEnd: start + new.count)
    }

    /// The text as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
