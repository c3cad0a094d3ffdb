/// The kinds of row (the `type` field; the constructors `row`, `button`, `toggle`, ...).
public enum RowKind: String, CaseIterable, Sendable {
    case text
    case button
    case toggle
    case choice
    case input
    case number
    /// A list of strings the person edits (SPEC §8).
    case list
    /// A day, `"YYYY-MM-DD"`, and a time of day, `"HH:MM"` (SPEC §8).
    case date
    case time
    /// A Kconfig tristate: `"n"`, `"m"` or `"y"` (docs/dependencies.md).
    case tristate
    /// A symbol with no prompt: a computed value, never shown (docs/dependencies.md).
    case symbol

    /// Kinds whose value is bound to a store key.
    public var isBound: Bool {
        switch self {
        case .toggle, .choice, .input, .number, .list, .date, .time, .tristate, .symbol: return true
        case .text, .button: return false
        }
    }

    /// The constructor that makes this kind.
    public var constructor: String { self == .text ? "row" : rawValue }

    /// The kind's index in `allCases`, without making that array (the loader asks once a row).
    package var caseIndex: Int {
        switch self {
        case .text: return 0
        case .button: return 1
        case .toggle: return 2
        case .choice: return 3
        case .input: return 4
        case .number: return 5
        case .list: return 6
        case .date: return 7
        case .time: return 8
        case .tristate: return 9
        case .symbol: return 10
        }
    }
}

/// How a row lays out its text and detail (UITableViewCell styles).
public enum RowStyle: String, CaseIterable, Sendable {
    /// Text on the left, detail right-aligned.
    case value1
    /// Detail as a narrow label column, then the text.
    case value2
    /// Text with the detail on a second line beneath it.
    case subtitle
}
