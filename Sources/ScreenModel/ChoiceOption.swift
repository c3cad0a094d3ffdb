/// One option of a `choice` row: the value stored and the text shown.
/// Sendable: a plain value, safe to share between threads.
public struct ChoiceOption: Hashable, Sendable {
    /// The value stored when the option is picked.
    public var value: StoreValue
    /// The text shown for it (translated when shown).
    public var text: String

    /// An option storing `value`, shown as `text`.
    public init(value: StoreValue, text: String) {
        self.value = value
        self.text = text
    }
}
