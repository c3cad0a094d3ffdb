import ScreenModel

/// The characters the renderer draws itself, in Unicode or in ASCII. All are one column
/// wide per character (see NOTES-platform "Text width"); ⓘ is avoided because terminals
/// disagree on its width.
struct Glyphs: Sendable {
    var ellipsis: String
    var rule: String
    var disclosure: String
    var checkmark: String
    var info: String
    var error: String
    /// The switch's mark (its word, `RowPresentation.switchWord`, follows when there is room).
    var switchOnShort: String
    var switchOffShort: String
    /// Around a placeholder when there is no colour to dim it.
    var placeholderOpen = "‹"
    var placeholderClose = "›"

    static let unicode = Glyphs(ellipsis: "…", rule: "─", disclosure: "›", checkmark: "✓", info: "(i)",
                                error: "✗", switchOnShort: "●", switchOffShort: "○")
    static let ascii = Glyphs(ellipsis: "...", rule: "=", disclosure: ">", checkmark: "*", info: "(i)",
                              error: "!", switchOnShort: "[x]", switchOffShort: "[ ]", placeholderOpen: "<", placeholderClose: ">")

    /// What an accessory draws at the right end of its row ("" for none).
    func accessory(_ accessory: Accessory) -> String {
        switch accessory {
        case .none: return ""
        case .disclosure: return disclosure
        case .checkmark: return checkmark
        case .detail: return info
        case .detailDisclosure: return info + " " + disclosure
        }
    }
}
