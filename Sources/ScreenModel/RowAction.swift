/// One of a row's `actions` (venmo/Static's edit actions, a swipe on iOS): SPEC §8.
/// Sendable: a plain value, safe to share between threads.
public struct RowAction: Sendable {
    /// The id `action REF ID` names (a slug of the text by default).
    public var id: String
    /// The text shown for it.
    public var text: String
    /// Drawn as destructive (it removes something).
    public var destructive: Bool
    /// A yes/no question asked first (a string, or a function of ctx).
    public var confirm: Dynamic<String>?
    /// `on_select(ctx)`: what running the action does.
    public var onSelect: ScriptRef

    /// An action with these fields.
    public init(id: String, text: String, destructive: Bool = false, confirm: Dynamic<String>? = nil, onSelect: ScriptRef) {
        self.id = id
        self.text = text
        self.destructive = destructive
        self.confirm = confirm
        self.onSelect = onSelect
    }
}

/// An action as `dump` and a session's `row()` show it.
/// Sendable: a plain value, safe to share between threads.
public struct ResolvedAction: Hashable, Sendable {
    /// The action's id.
    public var id: String
    /// Its text, as shown.
    public var text: String
    /// Whether it is destructive.
    public var destructive: Bool

    /// An action as shown, with these fields.
    public init(id: String, text: String, destructive: Bool) {
        self.id = id
        self.text = text
        self.destructive = destructive
    }
}
