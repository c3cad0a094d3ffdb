/// The values of an app's symbols, computed as the Linux kernel's Kconfig tools compute
/// them (scripts/kconfig/symbol.c: `sym_calc_value`, `sym_calc_visibility`, choices, ranges),
/// kept between changes.
///
/// Each symbol's value, visibility and bounds are computed on demand and kept. Which symbols
/// each symbol's expressions read is recorded once, when the engine is built (`readers(of:)`); a
/// change marks stale only the symbols that read the changed one, transitively, so a `set`
/// costs what depends on it, not the app. Not `Sendable`: mutable, used by one session.
public final class RuleEngine {
    /// An expression as a tree, leaves symbol numbers: decoded from its code to print it (`why`).
    indirect enum Node {
        case sym(Int32)
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
        case cmp(RuleComparison, Int32, Int32)
    }

    /// What the engine keeps of one symbol: its rules (compiled) and its state.
    struct Sym {
        var name: String
        /// nil: a constant or a name no definition declares (its value is its name, `n`).
        var type: SymbolType?
        /// A quoted constant (`"text"`), not a name.
        var quoted = false
        var isChoice = false
        var optional = false
        var choice: Int32 = -1
        /// The rules, behind one reference: a `Sym` is copied often while values are computed.
        var r = SymRules()
        // state
        var valid = false
        var tri: Tristate = .n
        var val = ""
        var choiceSel: Int32 = -1
        var visible: Tristate = .n
        var dirDepTri: Tristate = .n
        var revDepTri: Tristate = .n
        var impliedTri: Tristate = .n
        var write = false
        var hasUser = false
        var userTri: Tristate = .n
        var userVal = ""
        var userChoice: Int32 = -1
    }

    /// What a symbol's definitions declare, compiled to codes (RuleCode.swift: an empty code
    /// is an absent expression), shared by reference and set while building.
    final class SymRules {
        var options: [Int32] = []
        /// Each prompt's condition (empty: none).
        var promptCodes: [[Int32]] = []
        var promptTexts: [String] = []
        var dirDepCode: [Int32] = []
        var revDepCode: [Int32] = []
        var impliedCode: [Int32] = []
        var defaultCodes: [(value: [Int32], cond: [Int32])] = []
        var ranges: [(low: Int32, high: Int32, cond: [Int32])] = []
        var help: String?
        /// The selectors and imply-ers, with the condition of each (for `why`).
        var selectedBy: [(by: Int32, cond: [Int32])] = []
        var impliedBy: [(by: Int32, cond: [Int32])] = []
        var dependsText: RuleExpression?
    }

    let syms = SymbolStore()
    var byName: [String: Int32] = [:]
    /// For each symbol `s`, the symbols whose computation reads it:
    /// `readerList[readerStart[s]..<readerStart[s + 1]]` (two flat arrays, not one per symbol).
    var readerStart: [Int32] = []
    var readerList: [Int32] = []
    /// The modules symbol (`n` when the app names none).
    var modules: Int32 = 0
    /// The symbols declared, in declaration order (the `.config`'s order).
    public private(set) var declared: [Int32] = []
    /// Problems found while building (a `select` of an undeclared symbol, ...).
    public private(set) var problems: [String] = []
    /// Counts the changes that may move a value (a person's value set, loaded or forgotten; a
    /// symbol made stale): equal counts, equal values (a `.config` written at one is current).
    public internal(set) var changeCount = 0

    static let no: Int32 = 0, mod: Int32 = 1, yes: Int32 = 2

    /// Builds the engine from every definition, in declaration order; `modules` names the
    /// symbol that allows `m`.
    public init(definitions: [SymbolDefinition], modules: String?) {
        for (i, t) in ["n", "m", "y"].enumerated() {
            var s = Sym(name: t, type: .tristate)
            s.valid = true
            s.tri = Tristate(rawValue: UInt8(i))!
            s.val = t
            s.visible = .y
            syms.append(s)
            byName[t] = Int32(i)
        }
        byName.reserveCapacity(definitions.count * 2)
        // Symbols first, so that expressions find them by name. (Definitions are read in
        // place, field by field: copying one copies every field it holds.)
        for k in definitions.indices {
            let name = definitions[k].name, type = definitions[k].type
            if let i = byName[name], syms[Int(i)].type != nil {
                if syms[Int(i)].type != type { problems.append("\(name) is declared as \(syms[Int(i)].type!.rawValue) and as \(type.rawValue)") }
                continue
            }
            let i = intern(name)
            syms[Int(i)].type = type
            declared.append(i)
        }
        if let modules { let m = intern(modules); if syms[Int(m)].type != nil { self.modules = m } }
        var dirDeps: [Int32: [[Int32]]] = [:]
        // Each target's select (imply) terms, one after the other (prefix codes need no
        // separator), and how many: joined by `||` at the end.
        var revDeps: [Int32: (count: Int, code: [Int32])] = [:]
        var implied: [Int32: (count: Int, code: [Int32])] = [:]
        func addTerm(_ pool: inout [Int32: (count: Int, code: [Int32])], _ target: Int32, _ by: Int32, _ cond: [Int32]) {
            pool[target, default: (0, [])].count += 1
            if !cond.isEmpty { pool[target, default: (0, [])].code.append(Self.opAnd) }
            pool[target, default: (0, [])].code.append(Self.opSymbol)
            pool[target, default: (0, [])].code.append(by)
            pool[target, default: (0, [])].code.append(contentsOf: cond)
        }
        for k in definitions.indices {
            let i = byName[definitions[k].name]!
            let r = syms[Int(i)].r
            let choice = definitions[k].choice.flatMap { byName[$0] } ?? -1
            let type = definitions[k].type
            if definitions[k].isChoice { syms[Int(i)].isChoice = true; syms[Int(i)].optional = definitions[k].optional }
            if choice >= 0 {
                syms[Int(i)].choice = choice
                if !syms[Int(choice)].r.options.contains(i) { syms[Int(choice)].r.options.append(i) }
            }
            // The location's dependencies: its `depends`, with the choice for a choice's option
            // (menu_finalize's parentdep), a bare `m` read as `m && MODULES` (rewrite_m).
            let depends = definitions[k].depends
            var base = depends.map { conditionCode($0) } ?? []
            if choice >= 0 { base = Self.and(Self.symbolCode(choice), base) }
            if !base.isEmpty { dirDeps[i, default: []].append(base) }
            r.dependsText = RuleExpression.joined(r.dependsText, or: depends)
            func cond(_ when: RuleExpression?) -> [Int32] {
                guard let when else { return base }
                return Self.and(base, conditionCode(when))
            }
            // (`prompt_if = "n"`: a definition without a prompt of a symbol prompted elsewhere)
            if let prompt = definitions[k].prompt, definitions[k].promptIf != .symbol("n") {
                var p = cond(definitions[k].promptIf)
                // Non-tristate options of a tristate choice depend on the choice being y.
                if choice >= 0, syms[Int(choice)].type == .tristate, type != .tristate {
                    p = Self.and([Self.opCompare, choice, Self.yes], p)
                }
                r.promptCodes.append(p)
                r.promptTexts.append(prompt)
            }
            for def in definitions[k].defaults { r.defaultCodes.append((valueCode(def.value), cond(def.when))) }
            for g in definitions[k].ranges { r.ranges.append((leaf(g.low), leaf(g.high), cond(g.when))) }
            for isSelect in [true, false] {
                for t in isSelect ? definitions[k].selects : definitions[k].implies {
                    guard let target = byName[t.name] ?? Optional(intern(t.name)), syms[Int(target)].type != nil else {
                        problems.append("\(definitions[k].name) \(isSelect ? "selects" : "implies") \(t.name), which is not declared")
                        continue
                    }
                    let c = cond(t.when)
                    if isSelect {
                        addTerm(&revDeps, target, i, c)
                        syms[Int(target)].r.selectedBy.append((i, c))
                    } else {
                        addTerm(&implied, target, i, c)
                        syms[Int(target)].r.impliedBy.append((i, c))
                    }
                }
            }
            if r.help == nil { r.help = definitions[k].help }
        }
        // A choice that is not optional is at least `m` while its prompt shows.
        for i in declared where syms[Int(i)].isChoice && !syms[Int(i)].optional {
            for p in syms[Int(i)].r.promptCodes {
                revDeps[i, default: (0, [])].count += 1
                revDeps[i, default: (0, [])].code.append(contentsOf: Self.and(p, Self.symbolCode(Self.mod)))
            }
        }
        func joined(_ terms: (count: Int, code: [Int32])) -> [Int32] {
            guard terms.count > 1 else { return terms.code }
            var out = [Int32](repeating: Self.opOr, count: terms.count - 1)
            out.append(contentsOf: terms.code)
            return out
        }
        for (i, terms) in dirDeps { syms[Int(i)].r.dirDepCode = Self.or(terms) }
        for (i, terms) in revDeps { syms[Int(i)].r.revDepCode = joined(terms) }
        for (i, terms) in implied { syms[Int(i)].r.impliedCode = joined(terms) }
        buildReaders()
    }

    func intern(_ name: String) -> Int32 {
        if let i = byName[name] { return i }
        let i = Int32(syms.count)
        syms.append(Sym(name: name, type: nil))
        byName[name] = i
        return i
    }

    func leaf(_ e: RuleExpression) -> Int32 {
        switch e {
        case .symbol(let s), .constant(let s): return intern(s)
        default: return intern(e.description)
        }
    }

    /// Records, for each symbol, the symbols that read it: every (read, reader) pair listed
    /// once, then sorted by what is read (a counting sort into two flat arrays).
    private func buildReaders() {
        var reads: [Int32] = [], by: [Int32] = []
        reads.reserveCapacity(declared.count * 8)
        by.reserveCapacity(declared.count * 8)
        func scan(_ code: [Int32], _ i: Int32) {
            var pc = 0
            while pc < code.count {
                let op = code[pc]
                if op == Self.opSymbol {
                    if code[pc + 1] > 2 { reads.append(code[pc + 1]); by.append(i) }
                    pc += 2
                } else if op < Self.opCompare {
                    pc += 1
                } else {
                    if code[pc + 1] > 2 { reads.append(code[pc + 1]); by.append(i) }
                    if code[pc + 2] > 2 { reads.append(code[pc + 2]); by.append(i) }
                    pc += 3
                }
            }
        }
        for i in declared {
            let r = syms[Int(i)].r
            for p in r.promptCodes { scan(p, i) }
            scan(r.dirDepCode, i); scan(r.revDepCode, i); scan(r.impliedCode, i)
            for d in r.defaultCodes { scan(d.value, i); scan(d.cond, i) }
            for g in r.ranges {
                if g.low > 2 { reads.append(g.low); by.append(i) }
                if g.high > 2 { reads.append(g.high); by.append(i) }
                scan(g.cond, i)
            }
            for o in r.options { reads.append(o); by.append(i); reads.append(i); by.append(o) }
            // A choice computes its options' visibility itself (`sym_calc_choice`) without
            // computing them, so it reads what their prompts read.
            for o in r.options { for p in syms[Int(o)].r.promptCodes { scan(p, i) } }
            if modules > 2, syms[Int(i)].type == .tristate { reads.append(modules); by.append(i) }
        }
        var start = [Int32](repeating: 0, count: syms.count + 1)
        for s in reads { start[Int(s) + 1] += 1 }
        for s in 0..<syms.count { start[s + 1] += start[s] }
        var next = start
        var list = [Int32](repeating: 0, count: reads.count)
        for k in reads.indices {
            let s = Int(reads[k])
            list[Int(next[s])] = by[k]
            next[s] += 1
        }
        readerStart = start
        readerList = list
    }

    /// The symbols whose computation reads `s`.
    func readers(of s: Int32) -> ArraySlice<Int32> {
        readerList[Int(readerStart[Int(s)])..<Int(readerStart[Int(s) + 1])]
    }

    // MARK: names

    /// The names expressions, `select`, `imply` or `modules` use that no definition declares
    /// (numbers, `y`/`m`/`n` and quoted constants left out).
    public var undeclaredNames: Set<String> {
        var out = Set<String>()
        for i in syms.indices.dropFirst(3) {
            let s = syms[i]
            if s.type == nil && !s.quoted && !RuleExpression.isLiteral(s.name) { out.insert(s.name) }
        }
        return out
    }

    /// The number of the symbol `name` (with or without `CONFIG_`), nil when none is declared.
    public func symbol(named name: String) -> Int32? {
        if let i = byName[name], syms[Int(i)].type != nil { return i }
        if name.hasPrefix("CONFIG_"), let i = byName[String(name.dropFirst(7))], syms[Int(i)].type != nil { return i }
        return nil
    }
    /// The symbol's name.
    public func name(_ i: Int32) -> String { syms[Int(i)].name }
    /// The symbol's type (nil for a constant).
    public func type(_ i: Int32) -> SymbolType? { syms[Int(i)].type }
    /// Whether it is a choice.
    public func isChoice(_ i: Int32) -> Bool { syms[Int(i)].isChoice }
    /// The choice the symbol is an option of.
    public func choice(of i: Int32) -> Int32? { syms[Int(i)].choice >= 0 ? syms[Int(i)].choice : nil }
    /// A choice's options.
    public func options(_ i: Int32) -> [Int32] { syms[Int(i)].r.options }
    /// The prompts (texts) of the symbol's definitions.
    public func prompts(_ i: Int32) -> [String] { syms[Int(i)].r.promptTexts }
    /// The help text.
    public func help(_ i: Int32) -> String? { syms[Int(i)].r.help }
    /// Whether the symbol's value is `m`-capable now (tristate, and the modules symbol on).
    public func effectiveType(_ i: Int32) -> SymbolType? { typeNow(i) }
}
