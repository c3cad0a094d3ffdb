import ScreenModel

/// Why a session would not do what was asked of a row, typed, and its message: the one home
/// of the words that name the verbs answering it, in the REPL's terms (`why REF`,
/// `set REF VALUE`: `message`) and in a test file's (`s:why("REF")`, `s:set("REF", VALUE)`:
/// `testMessage`). Beside the verb table, whose words they are. `Sendable`: a plain value.
public enum RowRefusal: Equatable, Sendable {
    /// The row (its `text` as shown) is hidden; `why REFERENCE` tells why.
    case hidden(text: String, reference: String)
    /// The row is disabled; `why REFERENCE` tells why.
    case disabled(text: String, reference: String)
    /// An input, number, date or time row wants its new value: `set REFERENCE VALUE`.
    case needsValue(text: String, kind: RowKind, reference: String)
    /// A list edit named no list, and no list's screen is shown: `add REF TEXT`.
    case noList

    /// The message, as the REPL prints it (naming the REPL's commands).
    public var message: String {
        message(why: { "`\(Verb.why.name) \($0)`" }, set: { "\(Verb.set.name) \($0) VALUE" },
                list: { "\(Verb.add.name), \(Verb.remove.name) and \(Verb.move.name) name a list row: \(Verb.add.name) REF TEXT" })
    }

    /// The message, as a test file sees it: naming the test session's methods
    /// (`s:why("6")`, `s:set("3", VALUE)`), not the REPL's commands.
    public var testMessage: String {
        message(why: { "`s:\(Verb.why.name)(\(LuaLiteral.string($0)))`" },
                set: { "s:\(Verb.set.name)(\(LuaLiteral.string($0)), VALUE)" },
                list: { "s:\(Verb.add.name), s:\(Verb.remove.name) and s:\(Verb.move.name) name a list row first: s:\(Verb.add.name)(REF, TEXT)" })
    }

    /// The message with the verbs that answer it written by `why` and `set` (given the reference).
    private func message(why: (String) -> String, set: (String) -> String, list: () -> String) -> String {
        switch self {
        case .hidden(let text, let reference):
            return "row \"\(text)\" is hidden; \(why(reference)) tells why"
        case .disabled(let text, let reference):
            return "row \"\(text)\" is disabled; \(why(reference)) tells why"
        case .needsValue(let text, let kind, let reference):
            let what = kind == .input ? "an input" : "a \(kind.rawValue)"
            let example = kind == .date ? " (YYYY-MM-DD)" : kind == .time ? " (HH:MM)" : ""
            return "\"\(text)\" is \(what) row: give its new value with \(set(reference))\(example)"
        case .noList:
            return "which list? " + list()
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

extension SessionError {
    /// The error as a test file sees it: a refusal's message naming the test session's
    /// methods (`RowRefusal.testMessage`); any other error as it is.
    package var inTestTerms: SessionError {
        guard case .refusal(let refusal)? = cause else { return self }
        var error = self
        error.message = refusal.testMessage
        return error
    }
}

extension ResolvedRow {
    /// The row's number when it has one, else its id: how the refusals name it.
    package var numberOrID: String { number.map(String.init) ?? id }
}
