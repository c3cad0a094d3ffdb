/// Expressions flattened for evaluation: a prefix code of `Int32`s read with a cursor, so
/// that computing a value walks plain memory (an `indirect enum` retains each node it visits).
extension RuleEngine {
    private static let opSymbol: Int32 = 0, opNot: Int32 = 1, opAnd: Int32 = 2, opOr: Int32 = 3, opCompare: Int32 = 4

    /// The code of an expression (empty for nil).
    func flatten(_ n: Node?) -> [Int32] {
        var out: [Int32] = []
        func emit(_ n: Node) {
            switch n {
            case .sym(let s): out.append(Self.opSymbol); out.append(s)
            case .not(let a): out.append(Self.opNot); emit(a)
            case .and(let a, let b): out.append(Self.opAnd); emit(a); emit(b)
            case .or(let a, let b): out.append(Self.opOr); emit(a); emit(b)
            case .cmp(let op, let a, let b):
                out.append(Self.opCompare + Int32(Self.comparisons.firstIndex(of: op)!))
                out.append(a); out.append(b)
            }
        }
        if let n { emit(n) }
        return out
    }

    private static let comparisons: [RuleComparison] = [.equal, .unequal, .less, .lessOrEqual, .greater, .greaterOrEqual]

    /// Flattens a symbol's rules once they are complete.
    func flattenRules(_ r: SymRules) {
        r.promptCodes = r.prompts.map { flatten($0) }
        r.dirDepCode = flatten(r.dirDep)
        r.revDepCode = flatten(r.revDep)
        r.impliedCode = flatten(r.implied)
        r.defaultCodes = r.defaults.map { (flatten($0.value), flatten($0.cond)) }
        r.rangeCodes = r.ranges.map { flatten($0.cond) }
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
