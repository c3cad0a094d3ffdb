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
    var switchOn: String
    var switchOff: String
    /// The switch without its word, when a narrow line has no room for it.
    var switchOnShort: String
    var switchOffShort: String
    var disabled: String
    /// A multiple choice's count when its texts do not fit ("%d selected").
    var selected = "%d selected"
    /// Around a placeholder when there is no colour to dim it.
    var placeholderOpen = "‹"
    var placeholderClose = "›"

    static let unicode = Glyphs(ellipsis: "…", rule: "─", disclosure: "›", checkmark: "✓", info: "(i)",
                                error: "✗", switchOn: "● on", switchOff: "○ off",
                                switchOnShort: "●", switchOffShort: "○", disabled: "(disabled)")
    static let ascii = Glyphs(ellipsis: "...", rule: "=", disclosure: ">", checkmark: "*", info: "(i)",
                              error: "!", switchOn: "[x] on", switchOff: "[ ] off",
                              switchOnShort: "[x]", switchOffShort: "[ ]", disabled: "(disabled)",
                              placeholderOpen: "<", placeholderClose: ">")

    /// The switch's words and the disabled marker in another language.
    mutating func translate(_ words: [String: String]) {
        if let on = words["on"] { switchOn = switchOnShort + " " + on }
        if let off = words["off"] { switchOff = switchOffShort + " " + off }
        if let disabled = words["disabled"] { self.disabled = "(" + disabled + ")" }
        if let selected = words["%d selected"] { self.selected = selected }
    }

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
