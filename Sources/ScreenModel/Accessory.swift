/// What a row shows at its right edge, as in UITableViewCell.
public enum Accessory: String, CaseIterable, Sendable {
    case none
    case disclosure
    case checkmark
    case detail
    case detailDisclosure = "detail_disclosure"

    /// Whether the accessory has a detail button (`on_accessory` runs when it is pressed).
    public var hasDetailButton: Bool { self == .detail || self == .detailDisclosure }
}
