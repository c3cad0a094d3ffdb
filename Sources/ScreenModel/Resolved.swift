/// A screen evaluated against the store: every field a plain value, ready to render or dump.
/// Sendable: a plain value, safe to share between threads.
public struct ResolvedScreen: Hashable, Sendable {
    /// The screen's id.
    public var id: String
    /// The title, evaluated and translated.
    public var title: String
    /// Every section, hidden ones too (marked).
    public var sections: [ResolvedSection]

    /// A screen with these fields.
    public init(id: String, title: String, sections: [ResolvedSection]) {
        self.id = id
        self.title = title
        self.sections = sections
    }

    /// Visible rows in display order.
    public var visibleRows: [ResolvedRow] {
        sections.filter(\.visible).flatMap { $0.rows.filter(\.visible) }
    }
}

/// A section evaluated against the store.
/// Sendable: a plain value, safe to share between threads.
public struct ResolvedSection: Hashable, Sendable {
    /// The section's id.
    public var id: String
    /// The header, evaluated and translated.
    public var header: String?
    /// The footer, evaluated and translated (nil on a page that does not show the section's end).
    public var footer: String?
    /// Whether the section shows.
    public var visible: Bool
    /// Its rows, hidden ones too (marked).
    public var rows: [ResolvedRow]

    /// A section with these fields.
    public init(id: String, header: String?, footer: String?, visible: Bool = true, rows: [ResolvedRow]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.visible = visible
        self.rows = rows
    }
}

/// A row as evaluated for display: every field function run, the bound value read.
/// Sendable: a plain value (its rare fields in a box never changed once shared), safe to share between threads.
public struct ResolvedRow: Hashable, Sendable {
    /// The row's id (given, or made from its text).
    public var id: String
    /// What kind of row it is.
    public var kind: RowKind
    /// The row's text, as evaluated.
    public var text: String
    /// What shows on the right (or beneath, for subtitle): `detail`, else the bound value
    /// as text (a choice's option text, `••••` for a secure input).
    public var detail: String?
    /// The icon drawn before the text.
    public var icon: String?
    /// How the text and detail are laid out.
    public var style: RowStyle
    /// The mark at the right edge.
    public var accessory: Accessory
    /// Whether it can be selected now (`enabled`).
    public var enabled: Bool
    /// Whether it is shown (`visible`).
    public var visible: Bool
    /// Whether selecting it does something (it gets a number when visible).
    public var selectable: Bool
    /// The store key it is bound to, if any.
    public var key: String?
    /// The bound value (masked for a secure input).
    public var value: StoreValue?
    /// The number a person types to select it (visible selectable rows, from 1).
    public var number: Int?
    /// A button drawn as destructive.
    public var destructive: Bool
    /// A field function failed: the row is drawn with an error mark and this message.
    public var error: String?
    /// The detail is an empty input's `placeholder`, not a value: drawn unlike one.
    public var isPlaceholder = false
    /// A symbol's row (docs/dependencies.md): what the person chose (nil: nothing) and why
    /// the value is not simply that (nil: it is); nil for other rows.
    public var symbol: SymbolState?

    /// What a symbol's row adds: the person's choice beside the effective `value`, and the reason.
    public struct SymbolState: Sendable, Hashable {
        /// The person's value as typed (`y`, `64`, an option's name); nil: none chosen.
        public var chosen: String?
        /// Why the value is what it is when that is not simply the person's choice.
        public var reason: String?
        /// A symbol's state.
        public init(chosen: String?, reason: String?) { self.chosen = chosen; self.reason = reason }
    }

    /// A row with these fields (the rare ones are set after).
    public init(id: String, kind: RowKind, text: String, detail: String? = nil, icon: String? = nil,
                style: RowStyle = .value1, accessory: Accessory = .none, enabled: Bool = true,
                visible: Bool = true, selectable: Bool = false, key: String? = nil,
                value: StoreValue? = nil, number: Int? = nil, destructive: Bool = false, error: String? = nil) {
        self.id = id
        self.kind = kind
        self.text = text
        self.detail = detail
        self.icon = icon
        self.style = style
        self.accessory = accessory
        self.enabled = enabled
        self.visible = visible
        self.selectable = selectable
        self.key = key
        self.value = value
        self.number = number
        self.destructive = destructive
        self.error = error
    }

    /// What few rows have (actions, a count of chosen options, a mapped toggle's state),
    /// boxed so that a row stays small to copy: nil for most rows.
    private var rare: ResolvedRare?

    /// The row's actions (id, text, destructive), for `dump`.
    public var actions: [ResolvedAction]? {
        get { rare?.actions }
        set { editRare { $0.actions = newValue } }
    }
    /// For a multiple choice: how many options are chosen (render shows `N selected` when
    /// the joined texts do not fit).
    public var selectedCount: Int? {
        get { rare?.selectedCount }
        set { editRare { $0.selectedCount = newValue } }
    }
    /// For a toggle with `values`: whether its value is the ON one.
    public var toggleOn: Bool? {
        get { rare?.toggleOn }
        set { editRare { $0.toggleOn = newValue } }
    }

    /// Writes into a fresh box: a box is never changed once a row holds it.
    private mutating func editRare(_ edit: (ResolvedRare) -> Void) {
        let copy = ResolvedRare(rare)
        edit(copy)
        rare = copy
    }

    /// For a toggle: whether it is on.
    public var isOn: Bool? {
        guard kind == .toggle else { return nil }
        if let toggleOn { return toggleOn }
        guard case .bool(let b)? = value else { return nil }
        return b
    }

    /// The detail a person sees beside the row, for every surface that draws one: nil when
    /// there is none, and for a toggle whose detail only spells its state ("on", "off",
    /// "true", "false"), which its switch shows instead.
    public var shownDetail: String? {
        guard let detail, !detail.isEmpty else { return nil }
        if isOn != nil, ["on", "off", "true", "false"].contains(detail.lowercased()) { return nil }
        return detail
    }
}

/// The rarer fields of a resolved row, in one box (copied before it is written).
private final class ResolvedRare: Hashable, @unchecked Sendable {
    var actions: [ResolvedAction]?
    var selectedCount: Int?
    var toggleOn: Bool?

    init(_ other: ResolvedRare?) {
        actions = other?.actions
        selectedCount = other?.selectedCount
        toggleOn = other?.toggleOn
    }

    static func == (a: ResolvedRare, b: ResolvedRare) -> Bool {
        a.actions == b.actions && a.selectedCount == b.selectedCount && a.toggleOn == b.toggleOn
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(actions)
        hasher.combine(selectedCount)
        hasher.combine(toggleOn)
    }
}
