/// One option of a `choice` row: the value stored and the text shown.
public struct ChoiceOption: Hashable, Sendable {
    public var value: StoreValue
    public var text: String

    public init(value: StoreValue, text: String) {
        self.value = value
        self.text = text
    }
}
