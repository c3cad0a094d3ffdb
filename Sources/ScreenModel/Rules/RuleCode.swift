/// Expressions compiled to a prefix code of `Int32`s read with a cursor, so that computing a
/// value walks plain memory: no tree of boxes to allocate when the engine is built, none to
/// retain while values are computed. `why` decodes a code back into a `Node` tree to print it.
extension RuleEngine {
    static let opSymbol: Int32 = 0, opNot: Int32 = 1, opAnd: Int32 = 2, opOr: Int32 = 3, opCompare: Int32 = 4

    private static let comparisons: [RuleComparison] = [.equal, .unequal, .less, .lessOrEqual, .greater, .greaterOrEqual]

    /// The code of `e` as a condition, read as menu.c's `menu_finalize` reads it (`rewriteM`).
    func conditionCode(_ e: RuleExpression) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(8)
        emit(e, into: &out, rewrite: true)
        return out
    }

    /// The code of `e` as a value (a default's: no rewriting).
    func valueCode(_ e: RuleExpression) -> [Int32] {
        var out: [Int32] = []
        emit(e, into: &out, rewrite: false)
        return out
    }

    /// Appends the code of `e`; with `rewrite`, as `rewriteM` rewrites it first.
    private func emit(_ e: RuleExpression, into out: inout [Int32], rewrite: Bool) {
        switch e {
        case .symbol(let s):
            let i = intern(s)
            if rewrite, i == Self.mod {
                // rewrite_m: a bare `m` is `m && MODULES`
                out.append(Self.opAnd); out.append(Self.opSymbol); out.append(i)
                out.append(Self.opSymbol); out.append(modules > 2 ? modules : Self.no)
            } else {
                out.append(Self.opSymbol); out.append(i)
            }
        case .constant(let s):
            let i = intern(s)
            if syms[Int(i)].type == nil { syms[Int(i)].quoted = true }
            out.append(Self.opSymbol); out.append(i)
        case .not(let a): out.append(Self.opNot); emit(a, into: &out, rewrite: rewrite)
        case .and(let a, let b): out.append(Self.opAnd); emit(a, into: &out, rewrite: rewrite); emit(b, into: &out, rewrite: rewrite)
        case .or(let a, let b): out.append(Self.opOr); emit(a, into: &out, rewrite: rewrite); emit(b, into: &out, rewrite: rewrite)
        case .compare(let op, let a, let b):
            if rewrite, let r = simplified(op, a, b) { emit(r, into: &out, rewrite: false); return }
            out.append(Self.opCompare + Int32(Self.comparisons.firstIndex(of: op)!))
            out.append(leaf(a)); out.append(leaf(b))
        }
    }

    /// expr_transform: a bool symbol compared with a constant (`B = y` is `B`, `B = n` is
    /// `!B`, `B = m` is `n`, `B != m` is `y`); nil when `A op B` stays a comparison.
    private func simplified(_ op: RuleComparison, _ a: RuleExpression, _ b: RuleExpression) -> RuleExpression? {
        guard op == .equal || op == .unequal, case .symbol(let left) = a else { return nil }
        guard let i = byName[left], syms[Int(i)].type == .bool, i > 2 else { return nil }
        let constant: String
        switch b { case .symbol(let c), .constant(let c): constant = c; default: return nil }
        switch (op, constant) {
        case (.equal, "n"), (.unequal, "y"): return .not(.symbol(left))
        case (.equal, "m"): return .symbol("n")
        case (.unequal, "m"): return .symbol("y")
        case (.equal, "y"), (.unequal, "n"): return .symbol(left)
        default: return nil
        }
    }

    /// `a && b` of two codes (an empty code is an absent expression: the other one).
    static func and(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var out: [Int32] = [opAnd]
        out.reserveCapacity(1 + a.count + b.count)
        out += a; out += b
        return out
    }

    /// `t1 || t2 || ...`, nested to the left as the kernel builds it (empty for no terms).
    static func or(_ terms: [[Int32]]) -> [Int32] {
        guard terms.count > 1 else { return terms.first ?? [] }
        var out = [Int32](repeating: opOr, count: terms.count - 1)
        out.reserveCapacity(terms.reduce(terms.count - 1) { $0 + $1.count })
        for t in terms { out += t }
        return out
    }

    /// The code of one symbol.
    static func symbolCode(_ s: Int32) -> [Int32] { [opSymbol, s] }

    /// The symbol a code is, when it is one symbol alone.
    static func symbolOf(_ code: [Int32]) -> Int32? { code.count == 2 && code[0] == opSymbol ? code[1] : nil }

    /// The code back as a tree (nil for an empty code), for printing.
    func node(_ code: [Int32]) -> Node? {
        if code.isEmpty { return nil }
        var pc = 0
        func read() -> Node {
            let op = code[pc]
            pc += 1
            switch op {
            case Self.opSymbol: pc += 1; return .sym(code[pc - 1])
            case Self.opNot: return .not(read())
            case Self.opAnd: let a = read(); return .and(a, read())
            case Self.opOr: let a = read(); return .or(a, read())
            default: pc += 2; return .cmp(Self.comparisons[Int(op - Self.opCompare)], code[pc - 2], code[pc - 1])
            }
        }
        return read()
    }

    /// The value of a code; `absent` when it is empty (no expression).
    func run(_ code: [Int32], absent: Tristate = .y) -> Tristate {
        if code.isEmpty { return absent }
        return code.withUnsafeBufferPointer { buffer in
            var pc = 0
            return step(buffer, &pc)
        }
    }

    private func step(_ code: UnsafeBufferPointer<Int32>, _ pc: inout Int) -> Tristate {
        let op = code[pc]
        pc += 1
        switch op {
        case Self.opSymbol:
            let s = code[pc]
            pc += 1
            calc(s)
            return syms[Int(s)].tri
        case Self.opNot: return !step(code, &pc)
        case Self.opAnd: let a = step(code, &pc); return a && step(code, &pc)
        case Self.opOr: let a = step(code, &pc); return a || step(code, &pc)
        default:
            let a = code[pc], b = code[pc + 1]
            pc += 2
            return compare(Self.comparisons[Int(op - Self.opCompare)], a, b)
        }
    }
}
