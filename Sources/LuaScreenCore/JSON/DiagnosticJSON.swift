import ScreenModel

extension Diagnostic {
    /// The diagnostic as a JSON object: `file`, `line` (null when unknown), `severity`,
    /// `code` (its kind, as the language server names it), `path`, `message` and `notes`, the `note:` lines the text prints after it (each
    /// `{"file", "line", "message"}`; empty when none), what `luascreen check --json` prints a list of.
    public var json: JSONValue {
        let notes: [JSONValue] = calledFrom.map {
            .object([("file", .string($0.file)), ("line", .integer(Int64($0.line))), ("message", .string(Diagnostic.calledFromNote))])
        }
        return .object([("file", .string(file)), ("line", line.map { .integer(Int64($0)) } ?? .null),
                        ("severity", .string(severity.rawValue)), ("code", .string(code.rawValue)), ("path", .string(path)),
                        ("message", .string(message)), ("notes", .array(notes))])
    }

    /// A list of diagnostics as a JSON array of `json` objects, in the order given.
    public static func json(_ diagnostics: [Diagnostic]) -> JSONValue {
        .array(diagnostics.map(\.json))
    }
}
