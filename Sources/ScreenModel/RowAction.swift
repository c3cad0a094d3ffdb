/// One of a row's `actions` (venmo/Static's edit actions, a swipe on iOS): SPEC §8.
public struct RowAction: Sendable {
    public var id: String
    public var text: String
    public var destructive: Bool
    /// A yes/no question asked first (a string, or a function of ctx).
    public var confirm: Dynamic<String>?
    public var onSelect: ScriptRef

    public init(id: String, text: String, destructive: Bool = false, confirm: Dynamic<String>? = nil, onSelect: ScriptRef) {
        self.id = id
        self.text = text
        self.destructive = destructive
        self.confirm = confirm
        self.onSelect = onSelect
    }
}

/// An action as `dump` and a session's `row()` show it.
public struct ResolvedAction: Hashable, Sendable {
    public var id: String
    public var text: String
    public var destructive: Bool

    public init(id: String, text: String, destructive: Bool) {
        self.id = id
        self.text = text
        self.destructive = destructive
    }
}
