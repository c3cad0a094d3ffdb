/// One presentation of a row (issue 38): every text a person sees of a row, computed once in
/// the core from the resolved row and the locale's words, and drawn as it is by the text
/// renderer, the preview page and every other surface. A surface only lays it out: it derives
/// no text, unit, placeholder or button word of its own.
/// Sendable: a plain value, safe to share between threads.
public struct RowPresentation: Hashable, Sendable {
    /// Where the detail goes (`none`: the row shows no detail).
    public enum DetailStyle: String, Sendable {
        /// Right of the text.
        case value1
        /// A narrow label column before the text.
        case value2
        /// Beneath the text.
        case subtitle
        /// No detail shown.
        case none
    }

    /// The two buttons of a yes/no question, in the locale's words.
    public struct Confirm: Hashable, Sendable {
        /// The question, translated; nil when a function asks it (known only when it is asked).
        public var question: String?
        /// The button that answers no.
        public var cancel: String
        /// The button that answers yes.
        public var ok: String
        /// The yes button is drawn as destructive (the row or action is).
        public var destructive: Bool
        /// A question with these buttons.
        public init(question: String?, cancel: String, ok: String, destructive: Bool) {
            self.question = question
            self.cancel = cancel
            self.ok = ok
            self.destructive = destructive
        }
    }

    /// One of the row's actions as shown.
    public struct Action: Hashable, Sendable {
        /// The action's id (what running it names).
        public var id: String
        /// Its text, translated.
        public var text: String
        /// Whether it is destructive.
        public var destructive: Bool
        /// The question asked before it runs, nil when none.
        public var confirm: Confirm?
        /// An action as shown.
        public init(id: String, text: String, destructive: Bool, confirm: Confirm?) {
            self.id = id
            self.text = text
            self.destructive = destructive
            self.confirm = confirm
        }
    }

    /// What the core knows of a row beyond its resolved fields (its declaration's texts), given
    /// by the session; all empty for a surface that shows no dialogs (the terminal's render).
    public struct Declared: Hashable, Sendable {
        /// An empty field's placeholder, translated (a secure field with a value: its mask).
        public var placeholder: String?
        /// The row's `confirm` (a button): nil when it asks none, `.some(nil)` when a function
        /// asks it (known only then), else its question translated.
        public var confirm: String??
        /// Each action's `confirm` by action id (each as `confirm`; an action without one absent).
        public var actionConfirms: [String: String?]
        /// Whether the row has `help`.
        public var help: Bool
        /// The declared texts of a row.
        public init(placeholder: String? = nil, confirm: String?? = nil, actionConfirms: [String: String?] = [:], help: Bool = false) {
            self.placeholder = placeholder
            self.confirm = confirm
            self.actionConfirms = actionConfirms
            self.help = help
        }
    }

    /// The row's text, translated.
    public var text: String
    /// The detail a person sees (`ResolvedRow.shownDetail`), nil when none.
    public var detail: String?
    /// Where the detail goes.
    public var detailStyle: DetailStyle
    /// The detail is an empty field's placeholder, not a value: drawn unlike one.
    public var detailIsPlaceholder: Bool
    /// A field function failed: this message, drawn where the detail goes.
    public var error: String?
    /// What an empty field shows (an input, a date or time), translated.
    public var placeholder: String?
    /// The bound value as shown (a choice's option text, a number with its unit, translated);
    /// nil for an unbound row and while the placeholder shows.
    public var value: String?
    /// The mark at the right edge.
    public var accessory: Accessory
    /// A toggle's switch word (`on`/`off`, translated); nil for other rows.
    public var switchWord: String?
    /// The disabled marker's word (translated), nil when the row is enabled.
    public var disabledWord: String?
    /// A multiple choice's count of chosen options (`3 selected`), shown when their texts do not fit.
    public var selectedWord: String?
    /// The row's actions, nil when it has none.
    public var actions: [Action]?
    /// The word of the button that closes the actions' chooser.
    public var actionsCancel: String?
    /// The question a button asks before it runs, nil when none.
    public var confirm: Confirm?
    /// The word of the button asking why the row is disabled or hidden, nil when it is neither.
    public var whyWord: String?
    /// Whether `help` has something to say beyond the row's kind and value.
    public var hasHelp: Bool

    /// The presentation of `row` in the words `words` gives, with what the declaration adds.
    /// The one place a row's shown texts are computed.
    public init(_ row: ResolvedRow, words: PresentationWords, declared: Declared = Declared()) {
        text = row.text
        error = row.error
        detail = row.shownDetail
        detailIsPlaceholder = row.isPlaceholder && detail != nil
        // (an error is drawn where the detail goes)
        detailStyle = detail == nil && error == nil ? .none : DetailStyle(rawValue: row.style.rawValue) ?? .value1
        placeholder = declared.placeholder
        value = row.key != nil && !row.isPlaceholder ? row.detail : nil
        accessory = row.accessory
        switchWord = row.isOn.map { $0 ? words.on : words.off }
        disabledWord = row.enabled ? nil : words.disabled
        if let n = row.selectedCount, n > 1 { selectedWord = words.selected.replacing("%d", with: String(n)) }
        func confirm(_ question: String??, destructive: Bool) -> Confirm? {
            guard let question else { return nil }
            return Confirm(question: question, cancel: words.cancel, ok: words.ok, destructive: destructive)
        }
        if let actions = row.actions {
            self.actions = actions.map {
                Action(id: $0.id, text: $0.text, destructive: $0.destructive,
                       confirm: confirm(declared.actionConfirms[$0.id], destructive: $0.destructive))
            }
            actionsCancel = words.cancel
        }
        self.confirm = confirm(declared.confirm, destructive: row.destructive)
        whyWord = !row.visible ? words.hiddenWhy : !row.enabled ? words.why : nil
        hasHelp = declared.help
    }
}

/// The words a row's presentation shows that the core writes itself (the switch's, the
/// disabled marker's, the dialogs' buttons), in the locale's language.
/// Sendable: a plain value, safe to share between threads.
public struct PresentationWords: Hashable, Sendable {
    /// Every word as written (the keys a locale's strings translate them by).
    public static let keys = ["on", "off", "disabled", "%d selected", "OK", "Cancel", "why?", "hidden · why?"]
        + controls.map(\.text)

    /// The words of a page's controls around a row (a screen reader's labels: `%@` is the
    /// row's text), each with the name a surface reads it by, as written.
    public static let controls: [(name: String, text: String)] = [
        ("decrease", "Decrease %@"), ("increase", "Increase %@"), ("more_about", "More about %@"),
        ("actions_of", "Actions of %@"), ("why_disabled", "Why is %@ disabled"), ("why_hidden", "Why is %@ hidden"),
        ("move_up", "Move %@ up"), ("move_down", "Move %@ down"), ("remove_item", "Remove %@"),
        ("new_item", "New item"), ("add_item", "Add"),
    ]

    /// A toggle that is on.
    public var on: String
    /// A toggle that is off.
    public var off: String
    /// A disabled row's marker.
    public var disabled: String
    /// A multiple choice's count (`%d` the number).
    public var selected: String
    /// A dialog's yes button.
    public var ok: String
    /// A dialog's no button.
    public var cancel: String
    /// The button asking why a disabled row is disabled.
    public var why: String
    /// The button asking why a hidden row (shown on request) is hidden.
    public var hiddenWhy: String

    /// The words as `translate` shows each (the identity: English).
    public init(_ translate: (String) -> String = { $0 }) {
        on = translate("on")
        off = translate("off")
        disabled = translate("disabled")
        selected = translate("%d selected")
        ok = translate("OK")
        cancel = translate("Cancel")
        why = translate("why?")
        hiddenWhy = translate("hidden · why?")
    }

    /// The words a table of translations gives (a word it lacks as written).
    public init(translations: [String: String]) {
        self.init { translations[$0] ?? $0 }
    }
}
