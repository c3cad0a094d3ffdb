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

/// A row evaluated against the store: what `render`, `dump` and a session's `row()` show.
/// Sendable: a plain value (its rare fields in an immutable box), safe to share between threads.
public struct ResolvedRow: Hashable, Sendable {
    /// The row's id.
    public var id: String
    /// The row's kind (`type`).
    public var kind: RowKind
    /// The text, evaluated and translated (the id when it has none).
    public var text: String
    /// What shows on the right (or beneath, for subtitle): `detail`, else the bound value
    /// as text (a choice's option text, `••••` for a secure input).
    public var detail: String?
    /// The icon's text, drawn before the row's text.
    public var icon: String?
    /// Where the detail goes (UITableViewCell styles).
    public var style: RowStyle
    /// What is drawn at the row's end (disclosure, checkmark, ...).
    public var accessory: Accessory
    /// Whether the row may be selected or changed now.
    public var enabled: Bool
    /// Whether the row shows (false too when its section is hidden).
    public var visible: Bool
    /// Whether selecting the row does something.
    public var selectable: Bool
    /// The store key the row binds, if any.
    public var key: String?
    /// The bound value (masked for a secure input).
    public var value: StoreValue?
    /// The number a person types to select it (visible selectable rows, from 1).
    public var number: Int?
    /// Drawn as destructive.
    public var destructive: Bool
    /// A field function failed: the row is drawn with an error mark and this message.
    public var error: String?
    /// The detail is an empty input's `placeholder`, not a value: drawn unlike one.
    public var isPlaceholder = false

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
