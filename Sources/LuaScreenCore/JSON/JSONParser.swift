import ScreenModel

/// A strict RFC 8259 JSON reader producing `JSONValue`s.
///
/// - Integers (no fraction or exponent) that fit `Int64` become `.integer`; every other
///   number becomes `.number`. Numbers beyond the range of a double are an error.
/// - Objects keep their keys in order; for a key given twice (the same bytes: canonically
///   equivalent keys are two keys) is an error naming both places: either value kept would
///   lose the other when the store is written again.
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
package struct JSONRawMember {
    package var key: String
    var value: JSONValue
    package var span: Range<Int>
}

extension JSONValue {
    /// Reads a document and, when it is an object, also the text span of each member's value
    /// (a duplicate key is an error, as in `parse`).
    package static func parseWithTopLevelSpans(_ bytes: [UInt8]) throws -> (value: JSONValue, members: [JSONRawMember]?) {
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
