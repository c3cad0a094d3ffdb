import ScreenModel

extension Diagnostic {
    /// The diagnostic as a JSON object: `file`, `line` (null when unknown), `severity`,
    /// `path` and `message` (what `luascreen check --json` prints a list of).
    public var json: JSONValue {
        .object([("file", .string(file)), ("line", line.map { .integer(Int64($0)) } ?? .null),
                 ("severity", .string(severity.rawValue)), ("path", .string(path)),
                 ("message", .string(message))])
    }

    /// A list of diagnostics as a JSON array of `json` objects, in the order given.
    public static func json(_ diagnostics: [Diagnostic]) -> JSONValue {
        .array(diagnostics.map(\.json))
    }
}
