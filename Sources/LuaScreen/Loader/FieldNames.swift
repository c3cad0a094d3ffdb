import ScreenModel

/// The fields each kind of table accepts.
enum FieldNames {
    static let screen = ["type", "id", "title", "sections", "on_appear", "invariants"]
    static let section = ["type", "id", "header", "footer", "rows", "visible"]
    static let app = ["type", "root", "store", "screens", "strings", "invariants"]
    static let commonRow = ["type", "id", "text", "detail", "icon", "style", "accessory", "on_select",
                            "on_accessory", "push", "enabled", "visible", "help", "context", "actions"]
    static let button = ["destructive", "confirm"]
    static let toggle = ["key", "default", "values", "validate", "on_change"]
    static let choice = ["key", "options", "default", "close_on_pick", "multiple", "min_selected", "max_selected",
                         "validate", "on_change"]
    static let input = ["key", "default", "placeholder", "secure", "max_length", "multiline", "validate", "on_change"]
    static let number = ["key", "default", "min", "max", "step", "unit", "validate", "on_change"]
    static let date = ["key", "default", "min", "max", "placeholder", "validate", "on_change"]
    static let list = ["key", "default", "placeholder", "validate", "max_items", "unique", "on_change"]

    static func extra(for kind: RowKind) -> [String] {
        switch kind {
        case .text: return []
        case .button: return button
        case .toggle: return toggle
        case .choice: return choice
        case .input: return input
        case .number: return number
        case .list: return list
        case .date, .time: return date
        }
    }

    static func row(_ kind: RowKind) -> [String] { commonRow + extra(for: kind) }

    /// The kinds a field belongs to, for "min is a field of number rows".
    static func kinds(having field: String) -> [RowKind] {
        RowKind.allCases.filter { extra(for: $0).contains(field) }
    }

    static let action = ["id", "text", "destructive", "confirm", "on_select"]
    static let rowTypes = ["row", "text", "button", "toggle", "choice", "input", "number", "list", "date", "time"]
}

/// Every field a row may have, numbered: the stack slot its value is copied to.
enum RowField: Int32, CaseIterable {
    case type = 1, id, text, detail, icon, style, accessory, onSelect, onAccessory, push, enabled, visible,
         help, context, destructive, confirm, key, default_, onChange, options, placeholder, secure, maxLength,
         validate, min, max, step, unit, values, closeOnPick, multiple, minSelected, maxSelected, maxItems, unique, multiline, actions

    static let slotCount = Int32(allCases.count + 1)

    var name: String {
        switch self {
        case .onSelect: return "on_select"
        case .onAccessory: return "on_accessory"
        case .default_: return "default"
        case .onChange: return "on_change"
        case .maxLength: return "max_length"
        case .closeOnPick: return "close_on_pick"
        case .minSelected: return "min_selected"
        case .maxSelected: return "max_selected"
        case .maxItems: return "max_items"
        default: return "\(self)"
        }
    }

    init?(name: String) {
        guard let field = RowField.byName[name] else { return nil }
        self = field
    }

    private static let byName: [String: RowField] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    var bit: UInt64 { 1 << UInt64(rawValue) }

    private static func mask(_ kind: RowKind) -> UInt64 {
        FieldNames.row(kind).compactMap { RowField(name: $0) }.reduce(0) { $0 | $1.bit }
    }

    private static let masks: [UInt64] = RowKind.allCases.map(mask)

    /// The fields a kind of row accepts, one bit a field.
    static func allowed(for kind: RowKind) -> UInt64 {
        masks[RowKind.allCases.firstIndex(of: kind)!]
    }
}
