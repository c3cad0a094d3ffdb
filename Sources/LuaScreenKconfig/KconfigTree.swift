import ScreenModel
/// A Kconfig symbol's type.
enum KconfigType: String, Sendable {
    case bool, tristate, int, hex, string
}

/// A `default VALUE [if COND]` (or a choice's `default SYMBOL [if COND]`).
struct KconfigDefault {
    var value: RuleExpression
    var condition: RuleExpression?
    var place: KconfigPlace
}

/// A `select NAME [if COND]` or `imply NAME [if COND]`.
struct KconfigReverse {
    var name: String
    var condition: RuleExpression?
    var place: KconfigPlace
}

/// A `range LOW HIGH [if COND]`.
struct KconfigRange {
    var low: RuleExpression
    var high: RuleExpression
    var condition: RuleExpression?
}

/// One entry of the menu tree, as read: a menu, a symbol's definition (`config`,
/// `menuconfig`), a choice, a comment or an `if` block, with the properties written under it.
final class KconfigNode {
    /// What the entry is.
    enum Kind: Equatable {
        case root, menu, config, menuconfig, choice, comment, ifBlock
    }

    let kind: Kind
    let place: KconfigPlace
    /// The symbol a `config`/`menuconfig` defines (a choice's name, when it has one).
    var name: String?
    var prompt: String?
    var promptIf: RuleExpression?
    /// The `depends on` lines (and an `if` block's condition), joined by `&&`.
    var depends: RuleExpression?
    var visibleIf: RuleExpression?
    var type: KconfigType?
    var defaults: [KconfigDefault] = []
    var selects: [KconfigReverse] = []
    var implies: [KconfigReverse] = []
    var ranges: [KconfigRange] = []
    var help: String?
    /// `modules` (or `option modules`): this symbol allows `m`.
    var modules = false
    /// A choice's `optional`.
    var optional = false
    var children: [KconfigNode] = []
    /// A choice's option: the entries after it in the choice that depend on it, which are
    /// under it and not options (the kernel's automatic submenu, made before choice values).
    var underOption: [KconfigNode] = []

    /// Computed after reading: the full dependencies (every enclosing menu's and `if`'s,
    /// with its own), as the kernel's `menu_finalize` propagates them.
    var fullDepends: RuleExpression?
    /// Computed after reading: the prompt's condition with every enclosing menu's `visible if`.
    var fullPromptIf: RuleExpression?

    init(_ kind: Kind, place: KconfigPlace) {
        self.kind = kind
        self.place = place
    }

    /// Whether it defines a symbol.
    var isSymbol: Bool { kind == .config || kind == .menuconfig }
}
