/// One row of a section, as the script declared it (fields that are functions stay
/// `Dynamic.function` until a session evaluates them).
public struct Row: Sendable {
    public var id: String
    public var kind: RowKind
    public var text: Dynamic<String>
    public var detail: Dynamic<String>?
    public var icon: String?
    public var style: RowStyle
    /// As written; nil means the default (`disclosure` when the row pushes, else `none`).
    public var accessory: Accessory?
    public var onSelect: ScriptRef?
    public var onAccessory: ScriptRef?
    public var push: PushTarget?
    public var enabled: Dynamic<Bool>
    public var visible: Dynamic<Bool>
    public var help: String?
    /// Any value the author attached, handed to callbacks as `ctx.row.context`.
    public var context: ScriptRef?
    public var location: SourceLocation?

    /// The bound value (toggle, choice, input, number).
    public var binding: Binding?
    /// Button fields.
    public var destructive: Bool
    public var confirm: String?

    public init(id: String, kind: RowKind, text: Dynamic<String>) {
        self.id = id
        self.kind = kind
        self.text = text
        self.style = .value1
        self.enabled = .value(true)
        self.visible = .value(true)
        self.destructive = false
    }

    /// The accessory shown: the one written, else a disclosure for rows that push.
    public var effectiveAccessory: Accessory {
        if let accessory { return accessory }
        if push != nil || kind == .choice { return .disclosure }
        return .none
    }

    /// Whether selecting the row does something (navigates, runs a callback, changes a value).
    public var isSelectable: Bool {
        kind != .text || push != nil || onSelect != nil
    }
}

/// A row's value bound to a store key, with what each bound kind adds.
public struct Binding: Sendable {
    public var key: String
    public var defaultValue: StoreValue
    public var onChange: ScriptRef?

    /// choice: the options (or a function returning them).
    public var options: Dynamic<[ChoiceOption]>?
    /// input
    public var placeholder: String?
    public var secure: Bool = false
    public var maxLength: Int?
    public var validate: ScriptRef?
    /// number
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    public var unit: String?

    public init(key: String, defaultValue: StoreValue) {
        self.key = key
        self.defaultValue = defaultValue
    }
}
