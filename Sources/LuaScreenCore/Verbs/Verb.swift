/// A session verb, by identity: what a person does to a session (`inc`) or asks of it (`why`).
/// Its name, parameters and texts are its entry of `VerbTable`, the one place each verb is
/// spelled; the REPL's reader, the preview's `/api/do`, a test's session methods, `stubs`
/// and the recorder all find a verb by its name there and switch on this type, not on text.
///
/// `Sendable`: a plain value.
public enum Verb: CaseIterable, Hashable, Sendable {
    /// Select a row (open, flip, pick, press).
    case select
    /// Set a bound row's value.
    case set
    /// A number row one step up or down its grid.
    case inc, dec
    /// A list's edits: append an item, remove one, move one.
    case add, remove, move
    /// Run one of a row's actions; list a row's actions.
    case action, actions
    /// Press the row's detail button.
    case accessory
    /// One screen back; to the root.
    case back, home
    /// Search every screen; open the screens of a path from the root.
    case find, go
    /// A row's help; why it is disabled or hidden.
    case help, why
    /// A bound row, or every bound row, back to its default.
    case reset, resetAll
    /// Read the script again, keeping the path and the values.
    case reload

    /// The verb's entry of `VerbTable`.
    public var entry: VerbTable.Entry { VerbTable.entry(self) }

    /// The verb's name: the REPL's word, the preview's `op`, the test session's method.
    public var name: String { entry.name }

    /// The verb named `name` (as the table spells it), if there is one.
    public init?(named name: String) {
        guard let verb = VerbTable.byName[name] else { return nil }
        self = verb
    }
}

/// One parameter of a verb: its name and LuaLS type in a test file and the stubs
/// (`ref: string|integer`), and the field of a preview request (`POST /api/do`) that carries
/// it. `Sendable`: a plain value.
public struct VerbParameter: Hashable, Sendable {
    /// The name in a test file's call and the stubs.
    public let name: String
    /// Its LuaLS type; `?` at the end when it may be left out.
    public let type: String
    /// The JSON field of a preview request carrying it.
    public let field: String

    init(_ name: String, _ type: String, field: String? = nil) {
        self.name = name
        self.type = type
        self.field = field ?? name
    }

    /// A row reference: its number, id or text.
    public static let ref = VerbParameter("ref", "string|integer")
    /// The answer to a confirm (yes when left out).
    public static let answer = VerbParameter("answer", "boolean?")
    /// A new value.
    public static let value = VerbParameter("value", "any")
    /// Text to search for.
    public static let text = VerbParameter("text", "string", field: value.field)
    /// A list item's text (alone on the list's own screen).
    public static let item = VerbParameter("text", "string?", field: value.field)
    /// An action's id.
    public static let id = VerbParameter("id", "string", field: "action")
    /// A list position to remove.
    public static let position = VerbParameter("n", "integer?", field: from.field)
    /// A list position to move from.
    public static let from = VerbParameter("from", "integer")
    /// A list position to move to.
    public static let to = VerbParameter("to", "integer?")
    /// Screen ids from the root.
    public static let path = VerbParameter("path", "string[]")
}
