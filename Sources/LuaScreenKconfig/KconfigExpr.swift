/// A Kconfig expression as the import reads it (the kernel's grammar: `||` below `&&` below
/// `!` below comparisons of two symbols), to name the symbols it reads and to print it back
/// in Kconfig syntax for the app, where the model's `RuleExpression` parses and evaluates it.
/// `Sendable`: a plain value.
indirect enum KconfigExpr: Sendable, Equatable {
    /// A symbol (also `y`, `m`, `n` and unquoted numbers, which the kernel reads as symbols).
    case symbol(String)
    /// A quoted constant.
    case constant(String)
    /// `A op B` (`=`, `!=`, `<`, `<=`, `>`, `>=`) of two symbols or constants.
    case compare(String, KconfigExpr, KconfigExpr)
    /// `!E`.
    case not(KconfigExpr)
    /// `E && F`.
    case and(KconfigExpr, KconfigExpr)
    /// `E || F`.
    case or(KconfigExpr, KconfigExpr)

    /// `a && b`, either absent.
    static func and(_ a: KconfigExpr?, _ b: KconfigExpr?) -> KconfigExpr? {
        guard let a else { return b }
        guard let b else { return a }
        if a == b { return a }
        return .and(a, b)
    }

    /// `a || b`; absent (always true) when either is.
    static func or(_ a: KconfigExpr?, _ b: KconfigExpr?) -> KconfigExpr? {
        guard let a, let b else { return nil }
        if a == b { return a }
        return .or(a, b)
    }

    /// The names of the symbols it reads (not `y`, `m`, `n` or numbers), in order, each once.
    var names: [String] {
        var out: [String] = []
        var seen: Set<String> = []
        func walk(_ e: KconfigExpr) {
            switch e {
            case .symbol(let name):
                if KconfigExpr.isSymbolName(name), seen.insert(name).inserted { out.append(name) }
            case .constant: break
            case .compare(_, let a, let b), .and(let a, let b), .or(let a, let b): walk(a); walk(b)
            case .not(let a): walk(a)
            }
        }
        walk(self)
        return out
    }

    /// Whether a word names a symbol (not `y`/`m`/`n`, not a number).
    static func isSymbolName(_ name: String) -> Bool {
        if name == "y" || name == "m" || name == "n" || name.isEmpty { return false }
        if name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return false }
        if name.hasPrefix("-"), name.utf8.dropFirst().allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), name.count > 1 { return false }
        if name.hasPrefix("0x") || name.hasPrefix("0X"),
           name.utf8.dropFirst(2).allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) {
            return false
        }
        return true
    }

    /// The text in Kconfig syntax, with the parentheses it needs.
    var text: String { render(0) }

    private func render(_ outer: Int) -> String {
        func wrap(_ s: String, _ level: Int) -> String { level < outer ? "(" + s + ")" : s }
        switch self {
        case .symbol(let name): return name
        case .constant(let value): return KconfigExpr.quote(value)
        case .compare(let op, let a, let b): return wrap(a.render(4) + " " + op + " " + b.render(4), 3)
        case .not(let a): return "!" + a.render(3)
        case .and(let a, let b): return wrap(a.render(2) + " && " + b.render(2), 2)
        case .or(let a, let b): return wrap(a.render(1) + " || " + b.render(1), 1)
        }
    }

    /// A constant in Kconfig's quotes: `"..."` with `"` and `\` escaped by a backslash.
    static func quote(_ value: String) -> String {
        var out = "\""
        for c in value.unicodeScalars {
            if c == "\"" || c == "\\" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// Whether it is the symbol `name` or requires it (`name`, `name = y`, `name != n`, or an
    /// `&&` with one of those): an entry after a symbol that depends on it so is placed under
    /// it (the kernel's `expr_depends_symbol`).
    func requires(_ name: String) -> Bool {
        switch self {
        case .symbol(let s): return s == name
        case .and(let a, let b): return a.requires(name) || b.requires(name)
        case .compare("=", .symbol(let s), .symbol(let v)): return s == name && (v == "y" || v == "m")
        case .compare("!=", .symbol(let s), .symbol(let v)): return s == name && v == "n"
        default: return false
        }
    }

    /// The terms of its top `&&`s.
    var conjuncts: [KconfigExpr] {
        if case .and(let a, let b) = self { return a.conjuncts + b.conjuncts }
        return [self]
    }
}

/// Parses a Kconfig expression from tokens, as the kernel's grammar does.
struct KconfigExprParser {
    let tokens: [KconfigToken]
    var i: Int

    /// The expression starting at `i`; stops before a token that cannot continue it
    /// (`if`, the line's end). Throws with the message the kernel's parser would give.
    mutating func parse() throws -> KconfigExpr {
        var left = try parseAnd()
        while peek == .op("||") {
            i += 1
            left = .or(left, try parseAnd())
        }
        return left
    }

    private var peek: KconfigToken? { i < tokens.count ? tokens[i] : nil }

    private mutating func parseAnd() throws -> KconfigExpr {
        var left = try parseUnary()
        while peek == .op("&&") {
            i += 1
            left = .and(left, try parseUnary())
        }
        return left
    }

    private mutating func parseUnary() throws -> KconfigExpr {
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
            if case .op(let op)? = peek, ["=", "!=", "<", "<=", ">", ">="].contains(op) {
                i += 1
                return .compare(op, left, try parseSymbol())
            }
            return left
        }
    }

    private mutating func parseSymbol() throws -> KconfigExpr {
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
