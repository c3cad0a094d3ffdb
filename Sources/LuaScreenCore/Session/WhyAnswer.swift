import ScreenModel

/// A value a condition function read: the key, and what it held then (nil: unset).
///
/// `Sendable`: a plain value.
public struct ValueRead: Hashable, Sendable {
    /// The store key read.
    public let key: String
    /// The value read (nil: the key held no value).
    public let value: StoreValue?

    /// A read of `key` that saw `value`.
    public init(key: String, value: StoreValue?) {
        self.key = key
        self.value = value
    }
}

/// What `Session.why(_:)` found: why a row or a section is hidden or disabled (or shown), with
/// the values its conditions read. The REPL's `why` and a test's `s:why` print it as one line.
///
/// `Sendable`: a plain value.
public struct WhyAnswer: Sendable {
    /// What was asked about.
    public enum Subject: Sendable {
        /// A row, by the text it shows.
        case row(text: String)
        /// A section of the current screen, by id.
        case section(id: String)
        /// An option of the choice picker shown, by its text (options have no conditions).
        case option(text: String)
    }

    /// What a condition that is false now does to its row or section.
    public enum State: Hashable, Sendable {
        /// The row or section is hidden.
        case hidden
        /// The row is disabled.
        case disabled
        /// The row is hidden because the section holding it (this id) is hidden.
        case hiddenWithSection(String)
    }

    /// Why a condition is false now.
    public enum Verdict: Sendable {
        /// The field is `false` in the script (declared at that place, when known).
        case falseInScript(declaredAt: SourceLocation?)
        /// Its function returned false; `reads` are the values that decided it (all it read
        /// when no single one did; empty: it read none), `function` where it is defined, and
        /// `rowMadeBy` the call that made the row when a helper function built it.
        case returnedFalse(reads: [ValueRead], function: SourceLocation?, rowMadeBy: SourceLocation?)
        /// Its function raised this message.
        case failed(message: String)
    }

    /// A condition field (`visible`, `enabled`) that is false now.
    public struct Unmet: Sendable {
        /// What it does to the row or section.
        public let state: State
        /// The field: `visible` or `enabled`.
        public let field: String
        /// Why it is false.
        public let verdict: Verdict
    }

    /// What a condition function read when it passed.
    public struct Passed: Sendable {
        /// The field: `visible` or `enabled`.
        public let field: String
        /// The values it read, once each, in the order read.
        public let reads: [ValueRead]
    }

    /// One thing `why` found.
    public enum Finding: Sendable {
        /// A condition that is false now.
        case unmet(Unmet)
        /// The row is hidden because its section is hidden (a section not on the screen shown).
        case sectionHidden
        /// Every condition holds: shown (and enabled, when a row), with what each function read.
        case shown(enabled: Bool, passed: [Passed])
    }

    /// What was asked about.
    public let subject: Subject
    /// What was found, in order (hidden before disabled); empty for an option.
    public let findings: [Finding]
}

/// What `Session.help(_:)` found: a row's kind, id, help, key, value and default, its options
/// and bounds, its actions, why it is hidden or disabled, and where it is declared.
///
/// `Sendable`: a plain value.
public struct RowHelpAnswer: Sendable {
    /// An option of a choice row: as declared, and its text as the selected locale shows it.
    public struct Option: Sendable {
        /// The option as declared.
        public let option: ChoiceOption
        /// Its text, translated.
        public let shownText: String
    }

    /// The row's text as it shows.
    public let text: String
    /// The row as declared (its kind, id, binding, actions, location); nil for an option of
    /// the choice picker shown.
    public let row: Row?
    /// The row's help text, evaluated and translated (nil: none).
    public let help: String?
    /// The current value of the key the row binds (nil: unset, or the row binds no key).
    public let value: StoreValue?
    /// A choice row's options (nil: not a choice, or its options could not be evaluated).
    public let options: [Option]?
    /// Why the row is hidden or disabled (nil: it is shown and enabled).
    public let why: WhyAnswer?
}
