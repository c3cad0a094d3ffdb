/// One row of a section, as the script declared it (fields that are functions stay
/// `Dynamic.function` until a session evaluates them).
///
/// Screens can hold a hundred thousand rows, so a row keeps its common fields inline and
/// the rarer ones (icon, help, context, the detail button, confirm, the bound value) in a
/// shared box that is copied only when written. A value type: `Sendable`.
public struct Row: Sendable {
    // Declared so the small fields pack together (a Row is 88 bytes): `kind`, `style`,
    // `accessory` fill the tail of `text`, `flags` and the location's file number that of
    // `detail`; `enabled`, `visible`, `onSelect` and `destructive` are kept as references
    // plus bits of `flags`; the location as the number of its file (`SourceFileNumbers`) and
    // a 32-bit line; the push target and the rarer fields behind one reference (`tail`).
    /// The row's id: written, or made from its key or text; unique in its screen.
    public var id: String
    /// The row's label (`text`), or the function that makes it.
    public var text: Dynamic<String>
    /// What the row is: a plain row, a button, a toggle, a choice, an input, ...
    public var kind: RowKind
    /// How its text and detail are laid out (`value1`, `value2`, `subtitle`, ...).
    public var style: RowStyle
    /// As written; nil means the default (`disclosure` when the row pushes, else `none`).
    public var accessory: Accessory?
    // The storage behind the computed fields is usable from inlinable code, so that their
    // getters inline into other modules (a loop over 100,000 rows then reads them in place
    // instead of copying each row).
    @usableFromInline var enabledRef: Int32 = 0
    /// The text shown beside or under the label (`detail`), or its function.
    public var detail: Dynamic<String>?
    /// Which of `enabled`, `visible` and `onSelect` are functions, their values, `destructive` (`Flags`).
    @usableFromInline var flags: UInt8
    /// The number of the location's file (`SourceFileNumbers`); 0: no location, or one kept
    /// in the tail (`Flags.wideLocation`).
    @usableFromInline var locationFile: UInt16 = 0
    @usableFromInline var visibleRef: Int32 = 0
    @usableFromInline var onSelectRef: Int32 = 0
    @usableFromInline var locationLine: Int32 = 0
    /// The push target, or the rarer fields (which then hold the push target too).
    @usableFromInline var tail: RowTail?
    @usableFromInline var bound: BindingBox?

    /// The bits of `flags`.
    @usableFromInline enum Flags {
        @usableFromInline static let enabledFunction: UInt8 = 1, enabledValue: UInt8 = 2
        @usableFromInline static let visibleFunction: UInt8 = 4, visibleValue: UInt8 = 8
        @usableFromInline static let hasOnSelect: UInt8 = 16
        /// The location does not fit the row's numbers (its line 32 bits, its file 16): it is
        /// kept in the tail.
        @usableFromInline static let wideLocation: UInt8 = 32
        @usableFromInline static let destructive: UInt8 = 64
    }

    private mutating func setFlag(_ flag: UInt8, _ on: Bool) {
        if on { flags |= flag } else { flags &= ~flag }
    }

    /// A `Dynamic<Bool>` kept as two bits of `flags` (`function`: a function decides, its
    /// reference `ref`; else `value`).
    @inlinable
    func dynamicBool(function: UInt8, value: UInt8, ref: Int32) -> Dynamic<Bool> {
        flags & function != 0 ? .function(ScriptRef(id: ref)) : .value(flags & value != 0)
    }

    /// Keeps `newValue` as two bits of `flags`; the reference to keep beside them (0 for a value).
    private mutating func setDynamicBool(_ newValue: Dynamic<Bool>, function: UInt8, value: UInt8) -> Int32 {
        switch newValue {
        case .value(let b): setFlag(function, false); setFlag(value, b); return 0
        case .function(let f): setFlag(function, true); setFlag(value, false); return f.id
        }
    }

    /// Whether it can be selected (`enabled`), or the function that decides.
    public var enabled: Dynamic<Bool> {
        @inlinable get { dynamicBool(function: Flags.enabledFunction, value: Flags.enabledValue, ref: enabledRef) }
        set { enabledRef = setDynamicBool(newValue, function: Flags.enabledFunction, value: Flags.enabledValue) }
    }
    /// Whether it is shown (`visible`), or the function that decides.
    public var visible: Dynamic<Bool> {
        @inlinable get { dynamicBool(function: Flags.visibleFunction, value: Flags.visibleValue, ref: visibleRef) }
        set { visibleRef = setDynamicBool(newValue, function: Flags.visibleFunction, value: Flags.visibleValue) }
    }
    /// The callback run when the row is selected (`on_select`).
    public var onSelect: ScriptRef? {
        @inlinable get { flags & Flags.hasOnSelect != 0 ? ScriptRef(id: onSelectRef) : nil }
        set { setFlag(Flags.hasOnSelect, newValue != nil); onSelectRef = newValue?.id ?? 0 }
    }
    /// button: drawn as destructive (`destructive = true`, red with colour).
    public var destructive: Bool {
        @inlinable get { flags & Flags.destructive != 0 }
        set { setFlag(Flags.destructive, newValue) }
    }
    /// The screen selecting the row opens (`push`): an id or an inline screen.
    public var push: PushTarget? {
        @inlinable get {
            switch tail {
            case .push(let box)?: return box.target
            case .extras(let extras)?: return extras.push
            case nil: return nil
            }
        }
        set {
            if case .extras = tail { editExtras { $0.push = newValue } } else { tail = newValue.map { .push(PushBox($0)) } }
        }
    }
    /// Where the script made the row (file and line), for diagnostics and `why`.
    public var location: SourceLocation? {
        @inlinable get {
            if locationFile != 0 { return SourceLocation(file: SourceFileNumbers.name(locationFile), line: Int(locationLine)) }
            return flags & Flags.wideLocation != 0 ? wideLocation : nil
        }
        set {
            let wasWide = flags & Flags.wideLocation != 0
            if let newValue, let line = Int32(exactly: newValue.line), let file = SourceFileNumbers.number(of: newValue.file) {
                locationFile = file
                locationLine = line
                setFlag(Flags.wideLocation, false)
                if wasWide { editExtras { $0.wideLocation = nil } }
            } else {
                locationFile = 0
                locationLine = 0
                setFlag(Flags.wideLocation, newValue != nil)
                if newValue != nil || wasWide { editExtras { $0.wideLocation = newValue } }
            }
        }
    }

    /// The location kept in the tail (one that does not fit the row's numbers).
    @usableFromInline var wideLocation: SourceLocation? { extras?.wideLocation }

    /// The rarer fields, when the row has any.
    private var extras: RowExtras? {
        if case .extras(let extras)? = tail { return extras }
        return nil
    }

    /// A row of `kind` with every optional field at its default.
    public init(id: String, kind: RowKind, text: Dynamic<String>) {
        self.id = id
        self.kind = kind
        self.text = text
        self.style = .value1
        self.flags = Flags.enabledValue | Flags.visibleValue  // enabled and visible: true
    }

    /// Edits the rarer fields, made (holding the push target) or copied (when shared) first.
    private mutating func editExtras(_ edit: (RowExtras) -> Void) {
        var extras: RowExtras
        switch tail {
        case .extras(let shared)?:
            extras = shared
            tail = nil  // the row's own reference dropped, so that a unique box is seen as one
            if !isKnownUniquelyReferenced(&extras) { extras = extras.copy() }
        case .push(let box)?:
            extras = RowExtras()
            extras.push = box.target
        case nil:
            extras = RowExtras()
        }
        edit(extras)
        tail = .extras(extras)
    }

    /// A short symbol drawn before the text (`icon`).
    public var icon: String? {
        get { extras?.icon }
        set { if newValue != nil || extras != nil { editExtras { $0.icon = newValue } } }
    }
    /// The text `help REF` shows (`help`), when it is a constant.
    public var help: String? {
        get { extras?.help }
        set { if newValue != nil || extras != nil { editExtras { $0.help = newValue } } }
    }
    /// Any value the author attached, handed to callbacks as `ctx.row.context`.
    public var context: ScriptRef? {
        get { extras?.context }
        set { if newValue != nil || extras != nil { editExtras { $0.context = newValue } } }
    }
    /// The callback of the detail button (`on_accessory`).
    public var onAccessory: ScriptRef? {
        get { extras?.onAccessory }
        set { if newValue != nil || extras != nil { editExtras { $0.onAccessory = newValue } } }
    }
    /// The question asked before a button's callback runs (`confirm`).
    public var confirm: String? {
        get { extras?.confirm }
        set { if newValue != nil || extras != nil { editExtras { $0.confirm = newValue } } }
    }
    /// `help = function(ctx)`: evaluated when the help is shown (`help` then is nil).
    public var helpFunction: ScriptRef? {
        get { extras?.helpFunction }
        set { if newValue != nil || extras != nil { editExtras { $0.helpFunction = newValue } } }
    }
    /// `confirm = function(ctx)`: the question, evaluated when the button is selected.
    public var confirmFunction: ScriptRef? {
        get { extras?.confirmFunction }
        set { if newValue != nil || extras != nil { editExtras { $0.confirmFunction = newValue } } }
    }
    /// The row's `actions` (empty when it has none).
    public var actions: [RowAction] {
        get { extras?.actions ?? [] }
        set { if !newValue.isEmpty || extras != nil { editExtras { $0.actions = newValue } } }
    }
    /// The row's `ios` and `android` tables (SPEC §15): kept for export, shown nowhere.
    public var platform: PlatformKeys {
        get { extras?.platform ?? PlatformKeys() }
        set { if !newValue.isEmpty || extras != nil { editExtras { $0.platform = newValue } } }
    }
    /// `depends` of a row that is not a symbol: shown only while it is not `n` (docs/dependencies.md).
    public var depends: RuleExpression? {
        get { extras?.depends }
        set { if newValue != nil || extras != nil { editExtras { $0.depends = newValue } } }
    }
    /// Whether the row has any of its rarer fields (icon, help, actions, ...).
    public var hasRareFields: Bool { extras != nil }
    /// Whether selecting the row asks a question first.
    public var asksConfirmation: Bool { confirm != nil || confirmFunction != nil }
    /// The bound value (toggle, choice, input, number).
    public var binding: Binding? {
        @inlinable get { bound?.binding }
        set { bound = newValue.map(BindingBox.init) }
    }
    /// The store key of the bound value, read without copying the binding.
    @inlinable public var boundKey: String? { bound?.binding.key }

    /// The accessory shown: the one written, else a disclosure for rows that push.
    public var effectiveAccessory: Accessory {
        if let accessory { return accessory }
        // (a toggle's push is never followed: selecting it flips it)
        if (push != nil && kind != .toggle) || kind == .choice || kind == .list { return .disclosure }
        return .none
    }

    /// Whether any of the row's fields is a function of ctx (evaluated at each render).
    @inlinable public var hasFieldFunctions: Bool {
        if case .function = text { return true }
        if case .function? = detail { return true }
        if flags & (Flags.enabledFunction | Flags.visibleFunction) != 0 { return true }
        // The options read in place: `binding` would copy the binding.
        if case .function? = bound?.binding.rules?.options { return true }
        return false
    }

    /// Whether selecting the row does something (navigates, runs a callback, changes a value).
    public var isSelectable: Bool {
        withUnsafePointer(to: self) { Row.isSelectable($0) }
    }

    /// `isSelectable` of the row at `row`, read where it lies: asked of a row in an array's
    /// buffer, the property copies the whole row first (a screen's index asks it of every row).
    @inlinable
    public static func isSelectable(_ row: UnsafePointer<Row>) -> Bool {
        row.pointee.kind != .text || row.pointee.push != nil || row.pointee.onSelect != nil
    }
}

/// The rarer fields of a row, and its push target when it has both. Immutable once shared:
/// `Row` copies it before writing.
@usableFromInline final class RowExtras: @unchecked Sendable {
    @usableFromInline var push: PushTarget?
    var icon: String?
    var help: String?
    var context: ScriptRef?
    var onAccessory: ScriptRef?
    var confirm: String?
    var helpFunction: ScriptRef?
    var confirmFunction: ScriptRef?
    var actions: [RowAction] = []
    var platform = PlatformKeys()
    var depends: RuleExpression?
    /// The row's location when it does not fit the row's numbers.
    var wideLocation: SourceLocation?

    init() {}

    func copy() -> RowExtras {
        let c = RowExtras()
        c.push = push
        c.icon = icon
        c.help = help
        c.context = context
        c.onAccessory = onAccessory
        c.confirm = confirm
        c.helpFunction = helpFunction
        c.confirmFunction = confirmFunction
        c.actions = actions
        c.platform = platform
        c.depends = depends
        c.wideLocation = wideLocation
        return c
    }
}

/// What a row keeps behind its one reference to rarer things: only a push target (most rows
/// that have anything), or the rarer fields (with the push target, if any).
@usableFromInline enum RowTail: Sendable {
    case push(PushBox)
    case extras(RowExtras)
}

/// A row's push target, boxed: most rows push nothing. Immutable: `Row.push`'s setter
/// makes a new box (or writes the target into the row's extras).
@usableFromInline final class PushBox: @unchecked Sendable {
    @usableFromInline let target: PushTarget
    init(_ target: PushTarget) { self.target = target }
}

/// A row's binding, boxed: most rows have none, and those that have one share it when the
/// row is copied. Immutable: `Row.binding`'s setter makes a new box.
@usableFromInline final class BindingBox: @unchecked Sendable {
    @usableFromInline let binding: Binding
    init(_ binding: Binding) { self.binding = binding }
}

/// A row's value bound to a store key, with what each bound kind adds. A value type: `Sendable`.
public struct Binding: Sendable {
    /// The store key the value lives under (`key`).
    public var key: String
    /// The value read while the key is unset (`default`, or the kind's own default).
    public var defaultValue: StoreValue
    /// The callback run after the value changed (`on_change`).
    public var onChange: ScriptRef?
    @usableFromInline var rules: BindingRules?

    /// Whether nothing but the key, the default and `on_change` was set (no rule, no options):
    /// every rule below is then nil, false or empty.
    public var hasNoRules: Bool { rules == nil }

    /// A binding of `key` with no rules beyond its default.
    public init(key: String, defaultValue: StoreValue) {
        self.key = key
        self.defaultValue = defaultValue
    }

    private mutating func editRules(_ edit: (BindingRules) -> Void) {
        if rules == nil {
            rules = BindingRules()
        } else if !isKnownUniquelyReferenced(&rules!) {
            rules = rules!.copy()
        }
        edit(rules!)
    }

    /// choice: the options (or a function returning them).
    public var options: Dynamic<[ChoiceOption]>? {
        @inlinable get { rules?.options }
        set { if newValue != nil || rules != nil { editRules { $0.options = newValue } } }
    }
    /// input: the dim text shown while the value is empty (`placeholder`).
    public var placeholder: String? {
        get { rules?.placeholder }
        set { if newValue != nil || rules != nil { editRules { $0.placeholder = newValue } } }
    }
    /// input: a password, shown as `••••`.
    public var secure: Bool {
        get { rules?.secure ?? false }
        set { if newValue || rules != nil { editRules { $0.secure = newValue } } }
    }
    /// input: `secure` as the script wrote it, false included (nil: not written), for export.
    public var secureAsWritten: Bool? {
        get { rules?.secureWritten == true ? secure : nil }
        set {
            if let newValue { editRules { $0.secure = newValue; $0.secureWritten = true } }
            else if rules != nil { editRules { $0.secure = false; $0.secureWritten = false } }
        }
    }
    /// input: the longest value accepted, in characters (`max_length`).
    public var maxLength: Int? {
        get { rules?.maxLength }
        set { if newValue != nil || rules != nil { editRules { $0.maxLength = newValue } } }
    }
    /// The function that accepts or refuses a new value (`validate`).
    public var validate: ScriptRef? {
        get { rules?.validate }
        set { if newValue != nil || rules != nil { editRules { $0.validate = newValue } } }
    }
    /// number: the smallest value accepted (`min`).
    public var minimum: Double? {
        get { rules?.minimum }
        set { if newValue != nil || rules != nil { editRules { $0.minimum = newValue } } }
    }
    /// number: the largest value accepted (`max`).
    public var maximum: Double? {
        get { rules?.maximum }
        set { if newValue != nil || rules != nil { editRules { $0.maximum = newValue } } }
    }
    /// number: the grid values lie on, from `min` (`step`).
    public var step: Double? {
        get { rules?.step }
        set { if newValue != nil || rules != nil { editRules { $0.step = newValue } } }
    }
    /// number: the unit shown after the value (`unit`).
    public var unit: String? {
        get { rules?.unit }
        set { if newValue != nil || rules != nil { editRules { $0.unit = newValue } } }
    }
    /// toggle: what is stored for on and off (`values = { ON, OFF }`); nil: true and false.
    public var toggleValues: (on: StoreValue, off: StoreValue)? {
        get { rules?.toggleValues }
        set { if newValue != nil || rules != nil { editRules { $0.toggleValues = newValue } } }
    }
    /// choice: picking an option pops the picker.
    public var closeOnPick: Bool {
        get { rules?.closeOnPick ?? false }
        set { if newValue || rules != nil { editRules { $0.closeOnPick = newValue } } }
    }
    /// `default = function(ctx)`: run at each read of an unset key (`defaultValue` is the
    /// kind's fallback when it fails).
    public var defaultFunction: ScriptRef? {
        get { rules?.defaultFunction }
        set { if newValue != nil || rules != nil { editRules { $0.defaultFunction = newValue } } }
    }
    /// `placeholder = function(ctx)`.
    public var placeholderFunction: ScriptRef? {
        get { rules?.placeholderFunction }
        set { if newValue != nil || rules != nil { editRules { $0.placeholderFunction = newValue } } }
    }

    /// choice: the value is a list of option values (`multiple = true`).
    public var multiple: Bool {
        get { rules?.multiple ?? false }
        set { if newValue || rules != nil { editRules { $0.multiple = newValue } } }
    }
    /// multiple choice: the fewest options that may be chosen (`min_selected`).
    public var minSelected: Int? {
        get { rules?.minSelected }
        set { if newValue != nil || rules != nil { editRules { $0.minSelected = newValue } } }
    }
    /// multiple choice: the most options that may be chosen (`max_selected`).
    public var maxSelected: Int? {
        get { rules?.maxSelected }
        set { if newValue != nil || rules != nil { editRules { $0.maxSelected = newValue } } }
    }
    /// list: at least this many items once edited (`min_items`).
    public var minItems: Int? {
        get { rules?.minItems }
        set { if newValue != nil || rules != nil { editRules { $0.minItems = newValue } } }
    }
    /// list: at most this many items (`max_items`).
    public var maxItems: Int? {
        get { rules?.maxItems }
        set { if newValue != nil || rules != nil { editRules { $0.maxItems = newValue } } }
    }
    /// list: no item may appear twice (`unique`).
    public var unique: Bool {
        get { rules?.unique ?? false }
        set { if newValue || rules != nil { editRules { $0.unique = newValue } } }
    }

    /// input: the value may hold newlines.
    public var multiline: Bool {
        get { rules?.multiline ?? false }
        set { if newValue || rules != nil { editRules { $0.multiline = newValue } } }
    }
    /// input: the keyboard a phone shows (`keyboard`; nil: the platform's default).
    public var keyboard: KeyboardKind? {
        get { rules?.keyboard }
        set { if newValue != nil || rules != nil { editRules { $0.keyboard = newValue } } }
    }
    /// input: which letters a phone capitalizes (`autocapitalize`; nil: the platform's default).
    public var autocapitalize: Autocapitalization? {
        get { rules?.autocapitalize }
        set { if newValue != nil || rules != nil { editRules { $0.autocapitalize = newValue } } }
    }
    /// input: whether a phone corrects spelling (`autocorrect`; nil: the platform's default).
    public var autocorrect: Bool? {
        get { rules?.autocorrect }
        set { if newValue != nil || rules != nil { editRules { $0.autocorrect = newValue } } }
    }
    /// choice: a phone lists the options sorted by text (`sorted = true`; a hint).
    public var sortedOptions: Bool {
        get { rules?.sortedOptions ?? false }
        set { if newValue || rules != nil { editRules { $0.sortedOptions = newValue } } }
    }
    /// choice: the options are shown inline as radio buttons, a group of their own (`radio = true`).
    public var radio: Bool {
        get { rules?.radio ?? false }
        set { if newValue || rules != nil { editRules { $0.radio = newValue } } }
    }
    /// number: typed in a plain field, not set with a slider (`field = true`: a port, 1 to 65535).
    public var field: Bool {
        get { rules?.field ?? false }
        set { if newValue || rules != nil { editRules { $0.field = newValue } } }
    }

    /// date, time: the earliest value accepted (`min`), in the value's own form.
    public var earliest: String? {
        get { rules?.earliest }
        set { if newValue != nil || rules != nil { editRules { $0.earliest = newValue } } }
    }
    /// date, time: the latest value accepted (`max`), in the value's own form.
    public var latest: String? {
        get { rules?.latest }
        set { if newValue != nil || rules != nil { editRules { $0.latest = newValue } } }
    }

    /// A toggle's stored value for on or off.
    public func toggleValue(_ on: Bool) -> StoreValue {
        guard let values = toggleValues else { return .bool(on) }
        return on ? values.on : values.off
    }

    /// Whether a toggle's value means on (nil: neither ON nor OFF).
    public func toggleIsOn(_ value: StoreValue) -> Bool? {
        if let values = toggleValues {
            if value.sameValue(as: values.on) { return true }
            if value.sameValue(as: values.off) { return false }
            return nil
        }
        if case .bool(let b) = value { return b }
        return nil
    }
}

/// What choice, input, number, date, time and list rows add to a binding.
@usableFromInline final class BindingRules: @unchecked Sendable {
    @usableFromInline var options: Dynamic<[ChoiceOption]>?
    var placeholder: String?
    var secure = false
    var secureWritten = false
    var maxLength: Int?
    var validate: ScriptRef?
    var minimum: Double?
    var maximum: Double?
    var step: Double?
    var unit: String?
    var toggleValues: (on: StoreValue, off: StoreValue)?
    var closeOnPick = false
    var defaultFunction: ScriptRef?
    var placeholderFunction: ScriptRef?
    var multiple = false
    var minSelected: Int?
    var maxSelected: Int?
    var minItems: Int?
    var maxItems: Int?
    var unique = false
    var multiline = false
    var earliest: String?
    var latest: String?
    var keyboard: KeyboardKind?
    var autocapitalize: Autocapitalization?
    var autocorrect: Bool?
    var sortedOptions = false
    var radio = false
    var field = false

    func copy() -> BindingRules {
        let c = BindingRules()
        c.options = options
        c.placeholder = placeholder
        c.secure = secure
        c.secureWritten = secureWritten
        c.maxLength = maxLength
        c.validate = validate
        c.minimum = minimum
        c.maximum = maximum
        c.step = step
        c.unit = unit
        c.toggleValues = toggleValues
        c.closeOnPick = closeOnPick
        c.defaultFunction = defaultFunction
        c.placeholderFunction = placeholderFunction
        c.multiple = multiple
        c.minSelected = minSelected
        c.maxSelected = maxSelected
        c.minItems = minItems
        c.maxItems = maxItems
        c.unique = unique
        c.multiline = multiline
        c.earliest = earliest
        c.latest = latest
        c.keyboard = keyboard
        c.autocapitalize = autocapitalize
        c.autocorrect = autocorrect
        c.sortedOptions = sortedOptions
        c.radio = radio
        c.field = field
        return c
    }
}
