import ScreenModel

/// Why a session would not do what was asked of a row, typed, and its message: the one home
/// of the words that name the REPL's verbs answering it (`why REF`, `set REF VALUE`), which
/// the REPL prints and a test file's `raises` and failures read alike. Beside the verb
/// table, whose words they are. `Sendable`: a plain value.
public enum RowRefusal: Equatable, Sendable {
    /// The row (its `text` as shown) is hidden; `why REFERENCE` tells why.
    case hidden(text: String, reference: String)
    /// The row is disabled; `why REFERENCE` tells why.
    case disabled(text: String, reference: String)
    /// An input, number, date or time row wants its new value: `set REFERENCE VALUE`.
    case needsValue(text: String, kind: RowKind, reference: String)

    /// The message, as the REPL prints it and a test file sees it.
    public var message: String {
        switch self {
        case .hidden(let text, let reference):
            return "row \"\(text)\" is hidden; `why \(reference)` tells why"
        case .disabled(let text, let reference):
            return "row \"\(text)\" is disabled; `why \(reference)` tells why"
        case .needsValue(let text, let kind, let reference):
            let what = kind == .input ? "an input" : "a \(kind.rawValue)"
            let example = kind == .date ? " (YYYY-MM-DD)" : kind == .time ? " (HH:MM)" : ""
            return "\"\(text)\" is \(what) row: give its new value with set \(reference) VALUE\(example)"
        }
    }
}

extension SessionError {
    /// The error of `refusal`: refused, or wanting a value; its message the refusal's.
    package init(_ refusal: RowRefusal) {
        if case .needsValue = refusal {
            self.init(.needsValue, refusal.message, cause: .refusal(refusal))
        } else {
            self.init(.refused, refusal.message, cause: .refusal(refusal))
        }
    }
}

extension ResolvedRow {
    /// The row's number when it has one, else its id: how the refusals name it.
    package var numberOrID: String { number.map(String.init) ?? id }
}
