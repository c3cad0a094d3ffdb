import ScreenModel

/// What the import asks of the model's expression type beyond parsing a string: joining
/// conditions, and the kernel's test of whether an entry requires a symbol.
extension RuleExpression {
    /// `a && b`, either absent (always true), without the terms of `b` that `a` already has
    /// (the kernel's `expr_eliminate_dups`, for what nested blocks repeat).
    static func all(_ a: RuleExpression?, _ b: RuleExpression?) -> RuleExpression? {
        guard let a, let b else { return joined(a, and: b) }
        let have = a.conjuncts
        let kept = b.conjuncts.filter { !have.contains($0) }
        return kept.reduce(a) { .and($0, $1) }
    }

    /// The terms of its top `&&`s.
    var conjuncts: [RuleExpression] {
        if case .and(let x, let y) = self { return x.conjuncts + y.conjuncts }
        return [self]
    }

    /// Whether it is the symbol `name` or requires it (`name`, `name = y`, `name != n`, or an
    /// `&&` with one of those): an entry after a `menuconfig` that depends on it so is placed
    /// under it (the kernel's `expr_depends_symbol`).
    func requires(_ name: String) -> Bool {
        switch self {
        case .symbol(let s): return s == name
        case .and(let a, let b): return a.requires(name) || b.requires(name)
        case .compare(.equal, .symbol(let s), .symbol(let v)): return s == name && (v == "y" || v == "m")
        case .compare(.unequal, .symbol(let s), .symbol(let v)): return s == name && v == "n"
        default: return false
        }
    }

    /// The text in Kconfig syntax (the model parses it back to the same expression).
    var text: String { description }
}

/// Parses a Kconfig expression from tokens, as the kernel's grammar does.
struct KconfigExprParser {
    let tokens: [KconfigToken]
    var i: Int

    /// The expression starting at `i`; stops before a token that cannot continue it
    /// (`if`, the line's end). Throws with the message the kernel's parser would give.
    mutating func parse() throws -> RuleExpression {
        var left = try parseAnd()
        while peek == .op("||") {
            i += 1
            left = .or(left, try parseAnd())
        }
        return left
    }

    private var peek: KconfigToken? { i < tokens.count ? tokens[i] : nil }

    private mutating func parseAnd() throws -> RuleExpression {
        var left = try parseUnary()
        while peek == .op("&&") {
            i += 1
            left = .and(left, try parseUnary())
        }
        return left
    }

    private mutating func parseUnary() throws -> RuleExpression {
        switch peek {
        case .op("!")?:
            i += 1
            return .not(try parseUnary())
        case .op("(")?:
            i += 1
            let inner = try parse()
            guard peek == .op(")") else { throw ParseError(message: "missing ')' in an expression") }
            i += 1
            return inner
        default:
            let left = try parseSymbol()
            if case .op(let op)? = peek, let comparison = RuleComparison(rawValue: op) {
                i += 1
                return .compare(comparison, left, try parseSymbol())
            }
            return left
        }
    }

    private mutating func parseSymbol() throws -> RuleExpression {
        switch peek {
        case .word(let w)?: i += 1; return .symbol(w)
        case .string(let s)?: i += 1; return .constant(s)
        case .keyword(let k)?: throw ParseError(message: "'\(k)' where a symbol or constant is expected")
        case .op(let o)?: throw ParseError(message: "'\(o)' where a symbol or constant is expected")
        case nil: throw ParseError(message: "an expression is missing")
        }
    }

    /// Why an expression does not parse.
    struct ParseError: Error { var message: String }
}
