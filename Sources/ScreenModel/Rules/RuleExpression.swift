/// A condition or value in Kconfig's expression syntax (`A && (B || !C)`, `NR_CPUS > 64`),
/// as `depends`, `prompt_if`, `when`, `defaults` and `ranges` hold it (docs/dependencies.md).
///
/// Leaves are symbols: a name (`X86`), an unquoted word (`y`, `64`, `0x1f`) or a quoted
/// constant (`"text"`). A value type: `Sendable`.
public indirect enum RuleExpression: Sendable, Equatable, CustomStringConvertible {
    /// A name or an unquoted word: a symbol's value, or the constant it spells.
    case symbol(String)
    /// A quoted string constant (`"text"`).
    case constant(String)
    /// `!E`: `y` minus the value.
    case not(RuleExpression)
    /// `E && F`: the smaller.
    case and(RuleExpression, RuleExpression)
    /// `E || F`: the larger.
    case or(RuleExpression, RuleExpression)
    /// `A = B`, `A != B`, `A < B`, ...: `y` or `n` (both sides are leaves).
    case compare(RuleComparison, RuleExpression, RuleExpression)

    /// Parses `text` in Kconfig's expression syntax; throws `RuleExpressionError` naming the
    /// offset and what was expected.
    public static func parse(_ text: String) throws -> RuleExpression {
        var parser = RuleExpressionParser(Array(text.utf8))
        return try parser.parseAll()
    }

    /// The names of the symbols it reads (constants and `y`/`m`/`n` left out), each once, in order.
    public var names: [String] {
        var out: [String] = []
        var seen = Set<String>()
        func walk(_ e: RuleExpression) {
            switch e {
            case .symbol(let s): if !RuleExpression.isLiteral(s), seen.insert(s).inserted { out.append(s) }
            case .constant: break
            case .not(let a): walk(a)
            case .and(let a, let b), .or(let a, let b), .compare(_, let a, let b): walk(a); walk(b)
            }
        }
        walk(self)
        return out
    }

    /// Whether an unquoted word is a constant rather than a name: `y`, `m`, `n`, or a number.
    public static func isLiteral(_ word: String) -> Bool {
        if word == "y" || word == "m" || word == "n" { return true }
        guard let first = word.utf8.first else { return true }
        return (first >= 0x30 && first <= 0x39) || first == 0x2D
    }

    /// Kconfig syntax, parenthesised where needed to read back the same.
    public var description: String { text(parent: 0) }

    private func text(parent: Int) -> String {
        switch self {
        case .symbol(let s): return s
        case .constant(let s):
            var out = "\""
            for c in s { if c == "\"" || c == "\\" { out.append("\\") }; out.append(c) }
            return out + "\""
        case .not(let a): return "!" + a.text(parent: 3)
        case .and(let a, let b):
            let s = a.text(parent: 2) + " && " + b.text(parent: 2)
            return parent > 2 ? "(\(s))" : s
        case .or(let a, let b):
            let s = a.text(parent: 1) + " || " + b.text(parent: 1)
            return parent > 1 ? "(\(s))" : s
        case .compare(let op, let a, let b):
            let s = a.text(parent: 4) + op.rawValue + b.text(parent: 4)
            return parent > 2 ? "(\(s))" : s
        }
    }

    /// `a && b`, either side missing meaning `y`.
    public static func joined(_ a: RuleExpression?, and b: RuleExpression?) -> RuleExpression? {
        guard let a else { return b }
        guard let b else { return a }
        return .and(a, b)
    }

    /// `a || b`, either side missing meaning nothing to add.
    public static func joined(_ a: RuleExpression?, or b: RuleExpression?) -> RuleExpression? {
        guard let a else { return b }
        guard let b else { return a }
        return .or(a, b)
    }
}

/// The comparisons of Kconfig's expressions.
public enum RuleComparison: String, Sendable {
    case equal = "="
    case unequal = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// An expression that does not parse: where (a byte offset) and what was expected.
public struct RuleExpressionError: Error, Sendable, CustomStringConvertible {
    /// The byte offset in the text.
    public var offset: Int
    /// What went wrong, e.g. `expected a symbol after "&&"`.
    public var message: String
    /// `MESSAGE (at byte N)`.
    public var description: String { "\(message) (at byte \(offset + 1))" }
}

/// A recursive-descent parser of Kconfig's expression grammar: `||` binds loosest, then
/// `&&`, then `!`, then the comparisons between two symbols.
struct RuleExpressionParser {
    private let bytes: [UInt8]
    private var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parseAll() throws -> RuleExpression {
        skipSpace()
        if at == bytes.count { throw RuleExpressionError(offset: at, message: "empty expression") }
        let e = try parseOr()
        skipSpace()
        if at < bytes.count { throw RuleExpressionError(offset: at, message: "unexpected \"\(String(decoding: bytes[at...].prefix(10), as: UTF8.self))\"") }
        return e
    }

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
    }

    /// Takes the one or two bytes `a`, `b` (0: one byte) when they come next.
    private mutating func eat(_ a: UInt8, _ b: UInt8 = 0) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == a else { return false }
        if b == 0 { at += 1; return true }
        guard at + 1 < bytes.count, bytes[at + 1] == b else { return false }
        at += 2
        return true
    }

    private mutating func parseOr() throws -> RuleExpression {
        var e = try parseAnd()
        while eat(0x7C, 0x7C) { e = .or(e, try parseAnd()) }
        return e
    }

    private mutating func parseAnd() throws -> RuleExpression {
        var e = try parseNot()
        while eat(0x26, 0x26) { e = .and(e, try parseNot()) }
        return e
    }

    private mutating func parseNot() throws -> RuleExpression {
        skipSpace()
        if at < bytes.count, bytes[at] == 0x21, !(at + 1 < bytes.count && bytes[at + 1] == 0x3D) {
            at += 1
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws -> RuleExpression {
        skipSpace()
        if eat(0x28) {
            let e = try parseOr()
            guard eat(0x29) else { throw RuleExpressionError(offset: at, message: "expected \")\"") }
            return e
        }
        let left = try parseLeaf()
        skipSpace()
        let op: RuleComparison
        if eat(0x21, 0x3D) { op = .unequal } else if eat(0x3C, 0x3D) { op = .lessOrEqual } else if eat(0x3E, 0x3D) { op = .greaterOrEqual }
        else if eat(0x3D) { op = .equal } else if eat(0x3C) { op = .less } else if eat(0x3E) { op = .greater } else { return left }
        return .compare(op, left, try parseLeaf())
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
            || b == 0x2E || b == 0x2F || b == 0x2B || b >= 0x80
    }

    private mutating func parseLeaf() throws -> RuleExpression {
        skipSpace()
        guard at < bytes.count else { throw RuleExpressionError(offset: at, message: "expected a symbol at the end") }
        let b = bytes[at]
        if b == 0x22 || b == 0x27 {
            at += 1
            var out: [UInt8] = []
            while at < bytes.count, bytes[at] != b {
                if bytes[at] == 0x5C, at + 1 < bytes.count { at += 1 }
                out.append(bytes[at])
                at += 1
            }
            guard at < bytes.count else { throw RuleExpressionError(offset: at, message: "unterminated string") }
            at += 1
            return .constant(String(decoding: out, as: UTF8.self))
        }
        let start = at
        while at < bytes.count, Self.isWordByte(bytes[at]) { at += 1 }
        guard at > start else {
            throw RuleExpressionError(offset: at, message: "expected a symbol, got \"\(String(decoding: bytes[at...].prefix(10), as: UTF8.self))\"")
        }
        return .symbol(String(decoding: bytes[start..<at], as: UTF8.self))
    }
}
