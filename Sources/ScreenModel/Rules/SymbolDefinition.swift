/// The type of a symbol's value (Kconfig's `bool`, `tristate`, `int`, `hex`, `string`).
public enum SymbolType: String, Sendable, CaseIterable {
    case bool, tristate, int, hex, string

    /// Whether the value is `n`/`m`/`y` (bool and tristate).
    public var isTristateLike: Bool { self == .bool || self == .tristate }
}

/// A default: a value (an expression) used when its condition holds (`{VALUE, when = ...}`).
public struct RuleDefault: Sendable {
    /// The value: for a bool or tristate an expression, for int, hex and string a symbol or constant.
    public var value: RuleExpression
    /// The condition (`when`); nil: always.
    public var when: RuleExpression?
    /// A default of `value` while `when` holds.
    public init(value: RuleExpression, when: RuleExpression?) { self.value = value; self.when = when }
}

/// A symbol named by `select` or `imply`, with its condition.
public struct RuleTarget: Sendable {
    /// The symbol raised.
    public var name: String
    /// The condition (`when`); nil: always.
    public var when: RuleExpression?
    /// `name`, raised while `when` holds.
    public init(name: String, when: RuleExpression?) { self.name = name; self.when = when }
}

/// A `range` of an int or hex symbol: bounds that are symbols or constants, and a condition.
public struct RuleRange: Sendable {
    /// The lowest value: a leaf (`.symbol` or `.constant`).
    public var low: RuleExpression
    /// The highest value: a leaf.
    public var high: RuleExpression
    /// The condition (`when`); nil: always.
    public var when: RuleExpression?
    /// A range from `low` to `high` while `when` holds.
    public init(low: RuleExpression, high: RuleExpression, when: RuleExpression?) { self.low = low; self.high = high; self.when = when }
}

/// One definition of a symbol: a row (or a `symbol`, or a choice's option) that binds its
/// name, with the rules it declares (docs/dependencies.md). A symbol may have several.
public struct SymbolDefinition: Sendable {
    /// The symbol's name (the row's key).
    public var name: String
    /// The value's type.
    public var type: SymbolType
    /// The prompt (the row's text); nil: no prompt (a `symbol`, never shown).
    public var prompt: String?
    /// This definition's direct dependencies (`depends`), complete.
    public var depends: RuleExpression?
    /// The prompt's own condition (`prompt_if`).
    public var promptIf: RuleExpression?
    /// `defaults`, in order.
    public var defaults: [RuleDefault] = []
    /// `select`.
    public var selects: [RuleTarget] = []
    /// `imply`.
    public var implies: [RuleTarget] = []
    /// `ranges`.
    public var ranges: [RuleRange] = []
    /// The choice this is an option of (its name), if any.
    public var choice: String?
    /// Whether this is a choice (its options name it in `choice`).
    public var isChoice = false
    /// A choice that may have no option on (`optional = true`).
    public var optional = false
    /// The help text.
    public var help: String?
    /// Where it was declared.
    public var location: SourceLocation?

    /// A definition of `name` of `type`, with no rules yet.
    public init(name: String, type: SymbolType, prompt: String?) {
        self.name = name
        self.type = type
        self.prompt = prompt
    }
}
