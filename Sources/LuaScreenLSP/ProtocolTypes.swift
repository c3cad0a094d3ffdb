/// The LSP 3.17 structures the server reads and writes (only the fields it uses; unknown
/// fields of a client's message are ignored). All plain `Codable`, `Sendable` values.

/// A place in a document: a line and a UTF-16 offset in it, both from 0.
public struct Position: Codable, Hashable, Sendable, Comparable {
    /// The line, from 0.
    public var line: Int
    /// UTF-16 code units from the line's start.
    public var character: Int

    /// A position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Earlier in the document.
    public static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// From `start` up to, not including, `end`.
public struct LSPRange: Codable, Hashable, Sendable {
    /// The first position.
    public var start: Position
    /// The position after the last.
    public var end: Position

    /// A range.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// Whether `p` lies inside (or at the end).
    func contains(_ p: Position) -> Bool { start <= p && p <= end }

    /// Whether the two share a position.
    func overlaps(_ other: LSPRange) -> Bool { !(end < other.start || other.end < start) }
}

/// A range in a document.
public struct Location: Codable, Hashable, Sendable {
    /// The document.
    public var uri: String
    /// Where in it.
    public var range: LSPRange
}

struct TextDocumentIdentifier: Codable, Sendable { var uri: String }

struct TextDocumentItem: Codable, Sendable {
    var uri: String
    var languageId: String?
    var version: Int?
    var text: String
}

struct DidOpenParams: Codable, Sendable { var textDocument: TextDocumentItem }

struct VersionedTextDocumentIdentifier: Codable, Sendable {
    var uri: String
    var version: Int?
}

package struct ContentChange: Codable, Sendable {
    var range: LSPRange?
    var text: String

    /// A change of `range` (the whole document when nil) to `text`.
    package init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }
}

struct DidChangeParams: Codable, Sendable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [ContentChange]
}

struct DidCloseParams: Codable, Sendable { var textDocument: TextDocumentIdentifier }

/// `workspace/didChangeWatchedFiles`: files changed on disk.
struct DidChangeWatchedFilesParams: Codable, Sendable {
    struct Change: Codable, Sendable { var uri: String }
    var changes: [Change]
}

struct PositionParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: Position
}

struct ReferenceParams: Codable, Sendable {
    struct Context: Codable, Sendable { var includeDeclaration: Bool? }
    var textDocument: TextDocumentIdentifier
    var position: Position
    var context: Context?
}

struct RenameParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: Position
    var newName: String
}

struct DocumentParams: Codable, Sendable { var textDocument: TextDocumentIdentifier }

/// One problem, as the editor shows it.
public struct LSPDiagnostic: Codable, Hashable, Sendable {
    /// Where.
    public var range: LSPRange
    /// 1 error, 2 warning.
    public var severity: Int
    /// The kind of problem (`unknown-field`, `syntax`, ...).
    public var code: String
    /// Always `luascreen`.
    public var source: String
    /// The path and message, as `check` prints them after `error:`.
    public var message: String
    /// The `note: called from here` places.
    public var relatedInformation: [RelatedInformation]?
    /// The suggestion of a did-you-mean, for the quick fix.
    public var data: DiagnosticData?
}

/// A place a diagnostic's table was built from.
public struct RelatedInformation: Codable, Hashable, Sendable {
    /// The place.
    public var location: Location
    /// `called from here`.
    public var message: String
}

/// What the quick fix of a did-you-mean needs.
public struct DiagnosticData: Codable, Hashable, Sendable {
    /// The suggestion.
    public var replacement: String
    /// The quick fix: the edit of the token the problem is about (`SyntaxEdits.quickFix`).
    var edit: TextEdit?
}

struct PublishDiagnosticsParams: Codable, Sendable {
    var uri: String
    var version: Int?
    var diagnostics: [LSPDiagnostic]
}

struct MarkupContent: Codable, Sendable {
    var kind = "markdown"
    var value: String
}

struct CompletionItem: Codable, Sendable {
    var label: String
    var kind: Int?
    var detail: String?
    var documentation: MarkupContent?
    var insertText: String?
    var sortText: String?
    /// The edit that inserts it, when the label is not what is typed (a key that needs quotes).
    var textEdit: TextEdit?
    /// What the client filters on when `textEdit` covers more than the word being typed.
    var filterText: String?
}

struct CompletionList: Codable, Sendable {
    var isIncomplete = false
    var items: [CompletionItem]
}

struct Hover: Codable, Sendable {
    var contents: MarkupContent
    var range: LSPRange?
}

struct DocumentSymbol: Codable, Sendable {
    var name: String
    var detail: String?
    var kind: Int
    var range: LSPRange
    var selectionRange: LSPRange
    var children: [DocumentSymbol]?
}

struct TextEdit: Codable, Sendable, Hashable {
    var range: LSPRange
    var newText: String
}

struct WorkspaceEdit: Codable, Sendable {
    var changes: [String: [TextEdit]]
}

struct CodeActionParams: Codable, Sendable {
    struct Context: Codable, Sendable { var diagnostics: [LSPDiagnostic] }
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
    var context: Context
}

struct CodeAction: Codable, Sendable {
    var title: String
    var kind: String
    var diagnostics: [LSPDiagnostic]?
    var isPreferred: Bool?
    var edit: WorkspaceEdit
}

/// LSP's numbers for kinds of completion items and symbols.
enum Kinds {
    static let completionMethod = 2, completionFunction = 3, completionField = 5, completionClass = 7
    static let completionValue = 12, completionEnumMember = 20, completionKeyword = 14, completionConstant = 21
    static let symbolModule = 2, symbolNamespace = 3, symbolClass = 5, symbolField = 8, symbolProperty = 7
}
