/// Computing values: symbol.c's `sym_calc_value`, `sym_calc_visibility`, `sym_calc_choice`,
/// `sym_validate_range` and expr.c's `expr_calc_value`, on demand.
extension RuleEngine {
    /// `sym_get_type`: a tristate is a bool while the modules symbol is `n`, and as an option
    /// of a choice that is `y`.
    func typeNow(_ i: Int32) -> SymbolType? {
        let type = syms[Int(i)].type
        guard type == .tristate else { return type }
        if syms[Int(i)].choice >= 0, syms[Int(i)].visible == .y { return .bool }
        if modules <= 2 { return .bool }
        calc(modules)
        return syms[Int(modules)].tri == .n ? .bool : .tristate
    }

    /// `expr_calc_value`.
    func eval(_ n: Node?) -> Tristate {
        guard let n else { return .y }
        switch n {
        case .sym(let s): calc(s); return syms[Int(s)].tri
        case .not(let a): return !eval(a)
        case .and(let a, let b): let x = eval(a); return x && eval(b)
        case .or(let a, let b): let x = eval(a); return x || eval(b)
        case .cmp(let op, let a, let b): return compare(op, a, b)
        }
    }

    private enum Kind { case signed(Int64), unsigned(UInt64), string }

    /// expr.c's `expr_parse_string`.
    private func parseNumber(_ str: String, _ type: SymbolType?) -> Kind {
        switch type {
        case .bool?, .tristate?:
            switch str { case "n": return .signed(0); case "m": return .signed(1); case "y": return .signed(2); default: return .signed(-1) }
        case .int?: return RuleNumbers.strtoll(str, base: 10).map { .signed($0) } ?? .string
        case .hex?: return RuleNumbers.strtoull(str, base: 16).map { .unsigned($0) } ?? .string
        default: return RuleNumbers.strtoll(str, base: 0).map { .signed($0) } ?? .string
        }
    }

    func compare(_ op: RuleComparison, _ a: Int32, _ b: Int32) -> Tristate {
        calc(a); calc(b)
        let s1 = stringValue(a), s2 = stringValue(b)
        var k1 = Kind.string, k2 = Kind.string
        if syms[Int(a)].type != .string || syms[Int(b)].type != .string {
            k1 = parseNumber(s1, syms[Int(a)].type)
            k2 = parseNumber(s2, syms[Int(b)].type)
        }
        let res: Int
        switch (k1, k2) {
        case (.string, _), (_, .string):
            res = s1.utf8.lexicographicallyPrecedes(s2.utf8) ? -1 : (s1.utf8.elementsEqual(s2.utf8) ? 0 : 1)
        case (.unsigned, _), (_, .unsigned):
            let x = Self.asUnsigned(k1), y = Self.asUnsigned(k2)
            res = x < y ? -1 : (x > y ? 1 : 0)
        default:
            let x = Self.asSigned(k1), y = Self.asSigned(k2)
            res = x < y ? -1 : (x > y ? 1 : 0)
        }
        let r: Bool
        switch op {
        case .equal: r = res == 0
        case .unequal: r = res != 0
        case .less: r = res < 0
        case .lessOrEqual: r = res <= 0
        case .greater: r = res > 0
        case .greaterOrEqual: r = res >= 0
        }
        return r ? .y : .n
    }

    private static func asUnsigned(_ k: Kind) -> UInt64 {
        switch k { case .unsigned(let u): return u; case .signed(let s): return UInt64(bitPattern: s); case .string: return 0 }
    }
    private static func asSigned(_ k: Kind) -> Int64 {
        switch k { case .unsigned(let u): return Int64(bitPattern: u); case .signed(let s): return s; case .string: return 0 }
    }

    /// `sym_get_string_value`: `n`/`m`/`y` for a bool or tristate, else the value.
    public func stringValue(_ i: Int32) -> String {
        calc(i)
        if syms[Int(i)].type?.isTristateLike == true { return syms[Int(i)].tri.description }
        return syms[Int(i)].val
    }

    /// The symbol's value as a tristate (`n` for int, hex and string).
    public func tristate(_ i: Int32) -> Tristate { calc(i); return syms[Int(i)].tri }

    /// Whether a prompt of the symbol shows (`n`: hidden).
    public func visibility(_ i: Int32) -> Tristate { calc(i); return syms[Int(i)].visible }

    /// Whether the `.config` holds the symbol (Kconfig's SYMBOL_WRITE).
    public func isWritten(_ i: Int32) -> Bool { calc(i); return syms[Int(i)].write }

    /// A choice's chosen option (nil: none).
    public func chosen(_ i: Int32) -> Int32? { calc(i); let c = syms[Int(i)].choiceSel; return c >= 0 ? c : nil }

    /// `sym_calc_visibility`.
    private func calcVisibility(_ i: Int32) {
        // (the fields read one by one: a copy of the whole `Sym` retains and releases its
        // four references, a tenth of `set MODULES`)
        let r = syms[Int(i)].r
        let type = syms[Int(i)].type
        var tri = Tristate.n
        let choiceSym = syms[Int(i)].choice
        for p in r.promptCodes {
            var v = run(p)
            if choiceSym >= 0, type == .tristate, v == .m, syms[Int(choiceSym)].tri == .y { v = .n }
            tri = tri || v
        }
        if tri == .m, type != .tristate || modulesOff() { tri = .y }
        syms[Int(i)].visible = tri
        if choiceSym >= 0 { return }
        var d = run(r.dirDepCode, absent: .y)
        if d == .m, typeNow(i) == .bool { d = .y }
        syms[Int(i)].dirDepTri = d
        var rev = run(r.revDepCode, absent: .n)
        if rev == .m, typeNow(i) == .bool { rev = .y }
        syms[Int(i)].revDepTri = rev
        var m = run(r.impliedCode, absent: .n)
        if m == .m, typeNow(i) == .bool { m = .y }
        syms[Int(i)].impliedTri = m
    }

    private func modulesOff() -> Bool {
        if modules <= 2 { return true }
        calc(modules)
        return syms[Int(modules)].tri == .n
    }

    /// `sym_calc_value`.
    func calc(_ i: Int32) {
        if syms[Int(i)].valid { return }
        let choice = syms[Int(i)].choice
        syms[Int(i)].valid = true
        guard let type = syms[Int(i)].type else {
            syms[Int(i)].val = syms[Int(i)].name
            syms[Int(i)].tri = .n
            return
        }
        if choice >= 0 { calc(choice) }
        var newTri = Tristate.n
        var newVal = ""
        var newSel: Int32 = -1
        syms[Int(i)].write = false
        calcVisibility(i)
        if syms[Int(i)].visible != .n { syms[Int(i)].write = true }
        // A value read while this one is computed (a loop) is the type's empty value.
        syms[Int(i)].tri = .n
        syms[Int(i)].val = type.isTristateLike ? "n" : ""
        // The state read (not the whole `Sym`: see calcVisibility).
        let s = (visible: syms[Int(i)].visible, userTri: syms[Int(i)].userTri, revDepTri: syms[Int(i)].revDepTri,
                 isChoice: syms[Int(i)].isChoice, impliedTri: syms[Int(i)].impliedTri, dirDepTri: syms[Int(i)].dirDepTri,
                 hasUser: syms[Int(i)].hasUser, r: syms[Int(i)].r)
        switch typeNow(i)! {
        case .bool, .tristate:
            if choice >= 0, s.visible == .y {
                newTri = syms[Int(choice)].choiceSel == i ? .y : .n
            } else {
                var userPath = false
                if s.visible != .n, hasValue(i) {
                    newTri = s.userTri && s.visible
                    userPath = true
                }
                if !userPath {
                    if s.revDepTri != .n { syms[Int(i)].write = true }
                    if !s.isChoice {
                        if let d = defaultIndex(i) {
                            newTri = run(s.r.defaultCodes[d].value) && run(s.r.defaultCodes[d].cond)
                            if newTri != .n { syms[Int(i)].write = true }
                        }
                        if s.impliedTri != .n {
                            syms[Int(i)].write = true
                            newTri = (newTri || s.impliedTri) && s.dirDepTri
                        }
                    }
                }
                newTri = newTri || s.revDepTri
            }
            if newTri == .m, typeNow(i) == .bool || i == modules { newTri = .y }
            newVal = newTri.description
        case .int, .hex, .string:
            if s.visible != .n, s.hasUser {
                newVal = syms[Int(i)].userVal
            } else if let d = defaultIndex(i), let ds = Self.symbolOf(s.r.defaultCodes[d].value) {
                syms[Int(i)].write = true
                calc(ds)
                newVal = syms[Int(ds)].type?.isTristateLike == true ? syms[Int(ds)].tri.description : syms[Int(ds)].val
            }
        }
        syms[Int(i)].tri = newTri
        syms[Int(i)].val = newVal
        syms[Int(i)].choiceSel = -1
        if s.isChoice, newTri == .y {
            // (the options' visibility reads the choice as `y` already, as in symbol.c)
            newSel = calcChoice(i) ?? -1
            syms[Int(i)].choiceSel = newSel
            if newSel < 0 { syms[Int(i)].tri = .n }
        }
        validateRange(i)
        if s.isChoice, syms[Int(i)].write {
            for o in s.r.options where syms[Int(o)].visible != .n { syms[Int(o)].write = true }
        }
    }

    /// `sym_has_value`, with a choice's rule: it keeps the person's choice only while every
    /// visible option has one too (`sym_calc_choice`).
    private func hasValue(_ i: Int32) -> Bool { syms[Int(i)].hasUser }

    /// `sym_get_default_prop`: the first default whose condition holds.
    private func defaultIndex(_ i: Int32) -> Int? {
        let defaults = syms[Int(i)].r.defaultCodes
        for k in defaults.indices where run(defaults[k].cond) != .n { return k }
        return nil
    }

    /// `sym_calc_choice`: the person's pick while it shows, else the default.
    private func calcChoice(_ i: Int32) -> Int32? {
        var allUser = true
        for o in syms[Int(i)].r.options {
            calcVisibility(o)
            if syms[Int(o)].visible != .n, !syms[Int(o)].hasUser { allUser = false }
        }
        if !allUser { syms[Int(i)].hasUser = false }
        // The pick stands while it shows, whether or not the choice kept its own value
        // (symbol.c reads `def[S_DEF_USER].val`, not the flag).
        let pick = syms[Int(i)].userChoice
        if pick >= 0, syms[Int(pick)].visible != .n { return pick }
        let r = syms[Int(i)].r
        for k in r.defaultCodes.indices where run(r.defaultCodes[k].cond) != .n {
            if let ds = Self.symbolOf(r.defaultCodes[k].value), syms[Int(ds)].choice == i, syms[Int(ds)].visible != .n { return ds }
        }
        for o in syms[Int(i)].r.options where syms[Int(o)].visible != .n { return o }
        return nil
    }

    /// `sym_get_range_prop`: the first range whose condition holds.
    func rangeIndex(_ i: Int32) -> Int? {
        let ranges = syms[Int(i)].r.ranges
        for k in ranges.indices where run(ranges[k].cond) != .n { return k }
        return nil
    }

    /// `sym_get_range_val`.
    func rangeValue(_ r: Int32, base: Int) -> Int64 {
        calc(r)
        let b = syms[Int(r)].type == .int ? 10 : (syms[Int(r)].type == .hex ? 16 : base)
        return RuleNumbers.strtollLoose(syms[Int(r)].type?.isTristateLike == true ? syms[Int(r)].tri.description : syms[Int(r)].val, base: b)
    }

    /// `sym_validate_range`: an int or hex outside its range becomes the bound it passed.
    private func validateRange(_ i: Int32) {
        let type = syms[Int(i)].type
        guard type == .int || type == .hex, let k = rangeIndex(i) else { return }
        let base = type == .int ? 10 : 16
        let val = RuleNumbers.strtollLoose(syms[Int(i)].val, base: base)
        let r = syms[Int(i)].r.ranges[k]
        var bound = r.low
        if val >= rangeValue(r.low, base: base) {
            bound = r.high
            if val <= rangeValue(r.high, base: base) { return }
        }
        syms[Int(i)].val = syms[Int(bound)].val
    }

    /// Marks stale the symbol and every symbol that reads it, transitively. A symbol stale
    /// already is not walked past: a reader computed since it went stale did not read it
    /// (reading computes it), so its value does not depend on it; one computed before was
    /// made stale with it.
    func invalidate(_ i: Int32) {
        changeCount &+= 1
        guard syms[Int(i)].valid else { return }
        syms[Int(i)].valid = false
        var stack: [Int32] = [i]
        while let s = stack.popLast() {
            for k in Int(readerStart[Int(s)])..<Int(readerStart[Int(s) + 1]) {
                let r = readerList[k]
                guard syms[Int(r)].valid else { continue }
                syms[Int(r)].valid = false
                stack.append(r)
            }
        }
    }

    /// How many symbols a change of `i` marks stale (itself and its readers, transitively):
    /// what `set` recomputes.
    public func staleAfterChanging(_ i: Int32) -> Int {
        var stack: [Int32] = [i]
        var seen = Set<Int32>([i])
        while let s = stack.popLast() { for r in readers(of: s) where seen.insert(r).inserted { stack.append(r) } }
        return seen.count
    }

    /// Marks every symbol stale (after loading values).
    public func invalidateAll() {
        changeCount &+= 1
        for i in syms.indices where i > 2 { syms[i].valid = false }
    }
}
