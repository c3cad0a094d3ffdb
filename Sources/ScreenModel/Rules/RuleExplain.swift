/// Why a symbol has its value: menuconfig's help text (menu.c's `get_symbol_str`) and a
/// short reason for a row's detail.
extension RuleEngine {
    /// An expression with each symbol's value now: `X86 [=y] && SMP [=n]` (expr.c's expr_gstr_print).
    func text(_ n: Node?, parent: Int = 0) -> String {
        guard let n else { return "y" }
        switch n {
        case .sym(let s): return leafText(s)
        case .not(let a): return "!" + text(a, parent: 3)
        case .and(let a, let b):
            let t = text(a, parent: 2) + " && " + text(b, parent: 2)
            return parent > 2 ? "(\(t))" : t
        case .or(let a, let b):
            let t = text(a, parent: 1) + " || " + text(b, parent: 1)
            return parent > 1 ? "(\(t))" : t
        case .cmp(let op, let a, let b):
            return leafText(a) + op.rawValue + leafText(b)
        }
    }

    private func leafText(_ s: Int32) -> String {
        let sym = syms[Int(s)]
        if s <= 2 { return sym.name }
        guard sym.type != nil else {
            return RuleExpression.isLiteral(sym.name) || sym.name.isEmpty ? (Int(sym.name) != nil || sym.name.hasPrefix("0x") ? sym.name : "\"\(sym.name)\"") : sym.name
        }
        return "\(sym.name) [=\(stringValue(s))]"
    }

    /// An expression with each symbol's value now, as `why` prints it (`A [=y] && B [=n]`).
    public func describe(_ e: RuleExpression) -> String { text(node(conditionCode(e))) }

    /// The terms of an `||`.
    private func terms(_ n: Node?) -> [Node] {
        guard let n else { return [] }
        if case .or(let a, let b) = n { return terms(a) + terms(b) }
        return [n]
    }

    /// The names of the symbols that select `i` now.
    func selectorNames(_ i: Int32) -> [String] {
        syms[Int(i)].r.selectedBy.filter { tristate($0.by) != .n && run($0.cond) != .n }.map { syms[Int($0.by)].name }
    }

    /// The symbol's dependencies with their values (`X86 [=y] && SMP [=n]`).
    func dependsSummary(_ i: Int32) -> String {
        let s = syms[Int(i)]
        if !s.r.dirDepCode.isEmpty, run(s.r.dirDepCode) < .y { return text(node(s.r.dirDepCode)) }
        for p in s.r.promptCodes where run(p) < .y { return text(node(p)) }
        return text(node(s.r.dirDepCode))
    }

    /// Why a hidden symbol is hidden.
    func hiddenReason(_ i: Int32) -> String {
        let s = syms[Int(i)]
        if s.r.promptTexts.isEmpty { return "it has no prompt" }
        return "depends on \(dependsSummary(i))"
    }

    /// A short reason when the value is not simply the person's: `selected by VPN`,
    /// `depends on MANAGED [=n]`, `implied by X`; nil when there is none to give.
    public func reason(_ i: Int32) -> String? {
        calc(i)
        let s = syms[Int(i)]
        guard let type = s.type, !s.isChoice else { return nil }
        if type.isTristateLike {
            if s.revDepTri != .n, s.tri == s.revDepTri, !s.hasUser || s.userTri < s.tri || s.visible <= s.revDepTri {
                return "selected by \(selectorNames(i).joined(separator: ", "))"
            }
            if s.visible == .n, !s.r.promptTexts.isEmpty { return "depends on \(dependsSummary(i))" }
            if s.hasUser, s.userTri != s.tri, s.choice < 0 { return "depends on \(dependsSummary(i))" }
            if !s.hasUser, s.impliedTri != .n, s.tri != .n {
                let by = s.r.impliedBy.filter { tristate($0.by) != .n && run($0.cond) != .n }.map { syms[Int($0.by)].name }
                if !by.isEmpty { return "implied by \(by.joined(separator: ", "))" }
            }
            return nil
        }
        if s.visible == .n, !s.r.promptTexts.isEmpty { return "depends on \(dependsSummary(i))" }
        if s.hasUser, s.val != s.userVal, let r = range(i) { return "range \(r.low) to \(r.high)" }
        return nil
    }

    /// menuconfig's help of a symbol: `Symbol: NAME [=v]`, type, range, prompts with their
    /// `Depends on:`, `Selects:`, `Selected by [y]:`, `Implied by [m]:`, ...
    public func explain(_ i: Int32) -> [String] {
        calc(i)
        let s = syms[Int(i)]
        var out: [String] = []
        out.append(s.isChoice ? "Choice: \(s.name) [=\(userValueOrChosen(i))]" : "Symbol: \(s.name) [=\(stringValue(i))]")
        out.append("Type  : \(s.type?.rawValue ?? "unknown")")
        if s.type == .int || s.type == .hex, let k = rangeIndex(i) {
            let r = s.r.ranges[k]
            out.append("Range : [\(leafText(r.low)) \(leafText(r.high))]")
        }
        for (k, p) in s.r.promptCodes.enumerated() {
            out.append("  Prompt: \(s.r.promptTexts[k])")
            if !p.isEmpty { out.append("  Depends on: \(text(node(p)))") }
        }
        if s.r.promptTexts.isEmpty, let d = node(s.r.dirDepCode) { out.append("  Depends on: \(text(d))") }
        if s.choice >= 0 { out.append("  Option of: \(syms[Int(s.choice)].name) [=\(userValueOrChosen(s.choice))]") }
        if s.isChoice, let c = chosen(i) { out.append("  Chosen: \(syms[Int(c)].name)") }
        let selects = declared.filter { t in syms[Int(t)].r.selectedBy.contains { $0.by == i } }.map { syms[Int($0)].name }
        if !selects.isEmpty { out.append("Selects: " + selects.joined(separator: " && ")) }
        for (label, code) in [("Selected by", s.r.revDepCode), ("Implied by", s.r.impliedCode)] {
            guard let rev = node(code) else { continue }
            var parts = terms(rev)
            if label == "Selected by", s.isChoice { parts = [] }
            for level in [Tristate.y, .m, .n] {
                let these = parts.filter { eval($0) == level }
                if these.isEmpty { continue }
                out.append("  \(label) [\(level)]:")
                for t in these { out.append("  - \(text(t))") }
            }
        }
        if let h = s.r.help, !h.isEmpty { out.append(""); out.append(contentsOf: h.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }) }
        return out
    }

    /// A choice's value as menuconfig's help shows it: its option while it is `y`, else its
    /// mode (`m`: a tristate choice whose options may be modules; `n`).
    private func userValueOrChosen(_ i: Int32) -> String {
        if let c = chosen(i) { return syms[Int(c)].name }
        return syms[Int(i)].tri.description
    }
}
