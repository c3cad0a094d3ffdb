/// The person's values: loading them (confdata.c's `conf_read`), checking and making a
/// change (symbol.c's `sym_tristate_within_range`, `sym_set_tristate_value`,
/// `sym_set_string_value`), and what a row may take.
extension RuleEngine {
    /// Forgets every person's value (before loading a store).
    public func clearUserValues() {
        changeCount &+= 1
        for i in syms.indices where i > 2 {
            syms[i].hasUser = false
            syms[i].userTri = .n
            syms[i].userVal = ""
            syms[i].userChoice = -1
            // (conf_read_simple: a choice starts with a value, kept while all its options have one)
            if syms[i].isChoice { syms[i].hasUser = true }
        }
        invalidateAll()
    }

    /// Takes a stored value as `conf_read_simple` does: `text` is `y`/`m`/`n` for a bool or
    /// tristate, a number, `0x…` or a string; for a choice, the name of its option (or `n`).
    /// Returns a warning when the value is not one the symbol can hold (it is then ignored).
    @discardableResult
    public func loadUser(_ i: Int32, text: String) -> String? {
        changeCount &+= 1
        let s = syms[Int(i)]
        guard let type = s.type else { return "unknown symbol: \(s.name)" }
        if s.isChoice {
            if let o = byName[text], syms[Int(o)].choice == i {
                syms[Int(i)].userChoice = o
                syms[Int(i)].userTri = .y
                for x in s.r.options { syms[Int(x)].hasUser = true; syms[Int(x)].userTri = x == o ? .y : .n }
            } else if text == "n" || text.isEmpty {
                syms[Int(i)].userTri = .n
                for x in s.r.options { syms[Int(x)].hasUser = true; syms[Int(x)].userTri = .n }
            } else {
                return "symbol value '\(text)' invalid for \(s.name)"
            }
            syms[Int(i)].hasUser = true
            invalidate(i)
            return nil
        }
        switch type {
        case .bool, .tristate:
            let first = text.first
            let t: Tristate
            if first == "m", type == .tristate { t = .m } else if first == "y" { t = .y } else if first == "n" { t = .n } else {
                return "symbol value '\(text)' invalid for \(s.name)"
            }
            syms[Int(i)].userTri = t
            syms[Int(i)].hasUser = true
            if s.choice >= 0 {
                let cs = Int(s.choice)
                var warning: String?
                switch t {
                case .n: break
                case .m: if syms[cs].userTri == .y { warning = "\(s.name) creates inconsistent choice state"; syms[cs].hasUser = false }
                case .y:
                    if syms[cs].userTri != .n { warning = "override: \(s.name) changes choice state" }
                    syms[cs].userChoice = i
                }
                syms[cs].userTri = syms[cs].userTri || t
                invalidate(s.choice)
                invalidate(i)
                return warning
            }
        case .int, .hex, .string:
            guard Self.valid(text, type) else { return "symbol value '\(text)' invalid for \(s.name)" }
            syms[Int(i)].userVal = text
            syms[Int(i)].hasUser = true
        }
        invalidate(i)
        return nil
    }

    /// After loading: `conf_read`'s second pass. A value that is out of range is forgotten;
    /// when the loaded file was complete (nothing new, nothing changed) the values of hidden
    /// symbols are forgotten too. Returns how many symbols differ from the file (conf_unsaved).
    @discardableResult
    public func finishLoad() -> Int {
        changeCount &+= 1
        invalidateAll()
        var unsaved = 0
        for i in declared {
            calc(i)
            let s = syms[Int(i)]
            if s.isChoice { continue }
            if s.hasUser && s.write {
                if s.type!.isTristateLike { if s.userTri == s.tri { continue } } else if s.val == s.userVal { continue }
            } else if !s.hasUser && !s.write { continue }
            unsaved += 1
        }
        var changed = false
        for i in declared where syms[Int(i)].hasUser && syms[Int(i)].choice < 0 {
            if syms[Int(i)].visible == .n && unsaved == 0 { syms[Int(i)].hasUser = false; changed = true }
            let t = syms[Int(i)].type!
            if t == .int || t == .hex || t == .string {
                if !withinRange(i, syms[Int(i)].userVal) { syms[Int(i)].hasUser = false; unsaved += 1; changed = true }
            }
        }
        if changed { invalidateAll() }
        return unsaved
    }

    /// `sym_string_valid`.
    static func valid(_ text: String, _ type: SymbolType) -> Bool {
        let u = Array(text.utf8)
        switch type {
        case .string: return true
        case .int:
            var k = 0
            if k < u.count, u[k] == 0x2D { k += 1 }
            guard k < u.count, u[k] >= 0x30 && u[k] <= 0x39 else { return false }
            if u[k] == 0x30 && k + 1 < u.count { return false }
            return u[k...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        case .hex:
            var k = 0
            if u.count >= 2, u[0] == 0x30, u[1] == 0x78 || u[1] == 0x58 { k = 2 }
            guard k < u.count else { return false }
            return u[k...].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) }
        case .bool, .tristate:
            return ["y", "Y", "m", "M", "n", "N"].contains(text.first.map(String.init) ?? "")
        }
    }

    /// `sym_string_within_range` for int, hex and string.
    func withinRange(_ i: Int32, _ text: String) -> Bool {
        guard let type = syms[Int(i)].type, Self.valid(text, type) else { return false }
        guard type == .int || type == .hex, let k = rangeIndex(i) else { return true }
        let base = type == .int ? 10 : 16
        let v = RuleNumbers.strtollLoose(text, base: base)
        let r = syms[Int(i)].r.ranges[k]
        return v >= rangeValue(r.low, base: base) && v <= rangeValue(r.high, base: base)
    }

    /// The values a bool or tristate may be set to now (`sym_tristate_within_range`), in order.
    public func assignable(_ i: Int32) -> [Tristate] {
        calc(i)
        return [Tristate.n, .m, .y].filter { withinRange(i, tristate: $0) }
    }

    func withinRange(_ i: Int32, tristate val: Tristate) -> Bool {
        let s = syms[Int(i)]
        guard s.visible != .n, let type = typeNow(i), type.isTristateLike else { return false }
        if type == .bool && val == .m { return false }
        if s.visible <= s.revDepTri { return false }
        if s.choice >= 0 && s.visible == .y { return val == .y }
        return val >= s.revDepTri && val <= s.visible
    }

    /// The range an int or hex symbol is bounded by now, as text (nil: none).
    public func range(_ i: Int32) -> (low: String, high: String)? {
        calc(i)
        guard let k = rangeIndex(i) else { return nil }
        let r = syms[Int(i)].r.ranges[k]
        return (stringValue(r.low), stringValue(r.high))
    }

    /// Sets the person's value as menuconfig does; returns why it is refused (nil: done).
    /// `text` is `y`/`m`/`n`, a number, `0x…`, a string, or for a choice an option's name.
    public func set(_ i: Int32, text: String, apply: Bool = true) -> String? {
        calc(i)
        let s = syms[Int(i)]
        guard let type = s.type else { return "\(s.name) is not declared" }
        if s.r.promptTexts.isEmpty && !s.isChoice { return "\(s.name) has no prompt: its value is computed, never set" }
        if s.visible == .n { return "\(s.name) is hidden: \(hiddenReason(i))" }
        if s.isChoice {
            if let o = byName[text], syms[Int(o)].choice == i {
                // A tristate choice in its `m` mode: picking an option puts the choice to `y`
                // first (menuconfig: `y` on the choice, then the pick); undone when refused.
                if s.tri == .m, withinRange(i, tristate: .y) { return pickRaising(i, o, apply: apply) }
                return set(o, text: "y", apply: apply)
            }
            guard let t = Tristate(text: text) else { return "\(text) is not an option of \(s.name)" }
            return setTristate(i, t, apply: apply)
        }
        switch type {
        case .bool, .tristate:
            let lower = text.lowercased()
            let t: Tristate?
            switch lower { case "y", "yes", "true", "on": t = .y; case "m", "module": t = .m; case "n", "no", "false", "off": t = .n; default: t = nil }
            guard let t else { return "\"\(text)\" is not a value of \(type == .bool ? "a bool (y, n)" : "a tristate (y, m, n)")" }
            return setTristate(i, t, apply: apply)
        case .int, .hex, .string:
            guard Self.valid(text, type) else { return "\"\(text)\" is not \(type == .int ? "a decimal integer" : "a hex number (0x…)")" }
            guard withinRange(i, text) else {
                let r = range(i)
                return "\(text) is out of range for \(s.name)\(r.map { " (\($0.low) to \($0.high))" } ?? "")"
            }
            guard apply else { return nil }
            var v = text
            if type == .hex, !(text.hasPrefix("0x") || text.hasPrefix("0X")) { v = "0x" + text }
            if s.hasUser && s.userVal == v { return nil }
            syms[Int(i)].userVal = v
            syms[Int(i)].hasUser = true
            invalidate(i)
            return nil
        }
    }

    private func setTristate(_ i: Int32, _ val: Tristate, apply: Bool) -> String? {
        let old = syms[Int(i)].tri
        // An option of a choice is held to the range even when `val` is its value now (the
        // kernel takes that as a change to nothing; menuconfig offers no way to set an option
        // n, and kconfiglib refuses it).
        if (old != val || syms[Int(i)].choice >= 0) && !withinRange(i, tristate: val) {
            let allowed = assignable(i).map(\.description)
            var why = ""
            let s = syms[Int(i)]
            if s.revDepTri != .n && val < s.revDepTri { why = " (selected by \(selectorNames(i).joined(separator: ", ")))" }
            else if val > s.visible { why = " (depends on \(dependsSummary(i)))" }
            else if val == .m, s.choice >= 0, s.visible == .y, s.type == .tristate {
                why = " (its choice \(syms[Int(s.choice)].name) is y: one option is picked; set it to m for modules)"
            }
            else if val == .m, typeNow(i) == .bool { why = modules > 2 ? " (\(syms[Int(modules)].name) is n)" : " (a bool)" }
            else if s.choice >= 0 { why = " (an option of a choice is y only while picked: pick another option to leave it)" }
            return "\(syms[Int(i)].name) cannot be \(val)\(why); it may be \(allowed.isEmpty ? "nothing but \(old)" : allowed.joined(separator: ", "))"
        }
        guard apply else { return nil }
        // The person's value again (not of a choice): nothing changes, nothing goes stale.
        if syms[Int(i)].hasUser, syms[Int(i)].userTri == val, syms[Int(i)].choice < 0, !syms[Int(i)].isChoice { return nil }
        syms[Int(i)].hasUser = true
        let cs = syms[Int(i)].choice
        if cs >= 0, val == .y {
            syms[Int(cs)].userChoice = i
            syms[Int(cs)].hasUser = true
            syms[Int(cs)].userTri = syms[Int(cs)].userTri || .y
            for o in syms[Int(cs)].r.options where syms[Int(o)].visible != .n { syms[Int(o)].hasUser = true }
            invalidate(cs)
        }
        syms[Int(i)].userTri = val
        if syms[Int(i)].isChoice { for o in syms[Int(i)].r.options where syms[Int(o)].visible != .n { syms[Int(o)].hasUser = true } }
        invalidate(i)
        return nil
    }

    /// Puts the choice `i` (now `m`) to `y` and picks `o`; the choice and its options keep
    /// their values when the pick is refused or only checked (`apply` false).
    private func pickRaising(_ i: Int32, _ o: Int32, apply: Bool) -> String? {
        let members = [i] + syms[Int(i)].r.options
        let saved = members.map { (syms[Int($0)].hasUser, syms[Int($0)].userTri, syms[Int($0)].userChoice) }
        _ = setTristate(i, .y, apply: true)
        let refusal = set(o, text: "y", apply: apply)
        if refusal != nil || !apply {
            for (k, m) in members.enumerated() {
                (syms[Int(m)].hasUser, syms[Int(m)].userTri, syms[Int(m)].userChoice) = saved[k]
                invalidate(m)
            }
        }
        return refusal
    }

    /// Forgets the person's value of a symbol (a reset): it goes back to its defaults.
    public func forgetUser(_ i: Int32) {
        changeCount &+= 1
        syms[Int(i)].hasUser = false
        if syms[Int(i)].isChoice { syms[Int(i)].userChoice = -1 }
        invalidate(i)
    }

    /// The value of an expression now (a row's `depends`).
    public func evaluate(_ e: RuleExpression) -> Tristate { run(conditionCode(e)) }

    /// The person's value as text (nil: none): `y`/`m`/`n`, the number or string, a choice's option.
    public func userValue(_ i: Int32) -> String? {
        let s = syms[Int(i)]
        guard s.hasUser else { return nil }
        if s.isChoice { return s.userTri == .n ? "n" : (s.userChoice >= 0 ? syms[Int(s.userChoice)].name : nil) }
        return s.type?.isTristateLike == true ? s.userTri.description : s.userVal
    }
}
