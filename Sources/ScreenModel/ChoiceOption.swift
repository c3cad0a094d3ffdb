/// One option of a `choice` row: the value stored and the text shown.
/// Sendable: a plain value, safe to share between threads.
public struct ChoiceOption: Hashable, Sendable {
    /// The value stored when the option is picked.
    public var value: StoreValue
    /// The text shown in the picker.
    public var text: String
    /// `short`: a shorter text for the row's detail (a Settings.bundle's `ShortTitles`).
    public var short: String?

    /// An option storing `value`, shown as `text` (and as `short` where room is scarce).
    public init(value: StoreValue, text: String, short: String? = nil) {
        self.value = value
        self.text = text
        self.short = short
    }
}
