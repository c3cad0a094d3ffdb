/// The values of an app's symbols, computed as the Linux kernel's Kconfig tools compute
/// them (scripts/kconfig/symbol.c: `sym_calc_value`, `sym_calc_visibility`, choices, ranges),
/// kept between changes.
///
/// Each symbol's value, visibility and bounds are computed on demand and kept. Which symbols
/// each symbol's expressions read is recorded once, when the engine is built (`readers`); a
/// change marks stale only the symbols that read the changed one, transitively, so a `set`
/// costs what depends on it, not the app. Not `Sendable`: mutable, used by one session.
public final class RuleEngine {
    /// A compiled expression: leaves are symbol numbers.
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

    /// What a symbol's definitions declare, compiled (shared by reference, set while building).
    final class SymRules {
        var options: [Int32] = []
        var prompts: [Node?] = []
        var promptTexts: [String] = []
        var dirDep: Node?
        var revDep: Node?
        var implied: Node?
        var defaults: [(value: Node, cond: Node?)] = []
        var ranges: [(low: Int32, high: Int32, cond: Node?)] = []
        var help: String?
        /// The selectors and imply-ers, with the condition of each (for `why`).
        var selectedBy: [(by: Int32, cond: Node?)] = []
        var impliedBy: [(by: Int32, cond: Node?)] = []
        var dependsText: RuleExpression?
        // The same expressions flattened for evaluation (RuleCode.swift): no reference
        // counting while values are computed. An empty code is an absent expression.
        var promptCodes: [[Int32]] = []
        var dirDepCode: [Int32] = []
        var revDepCode: [Int32] = []
        var impliedCode: [Int32] = []
        var defaultCodes: [(value: [Int32], cond: [Int32])] = []
        var rangeCodes: [[Int32]] = []
    }

    let syms = SymbolStore()
    var byName: [String: Int32] = [:]
    /// For each symbol, the symbols whose computation reads it.
    var readers: [[Int32]] = []
    /// The modules symbol (`n` when the app names none).
    var modules: Int32 = 0
    /// The symbols declared, in declaration order (the `.config`'s order).
    public private(set) var declared: [Int32] = []
    /// Problems found while building (a `select` of an undeclared symbol, ...).
    public private(set) var problems: [String] = []

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
        // Symbols first, so that expressions find them by name.
        for d in definitions {
            if let i = byName[d.name], syms[Int(i)].type != nil {
                if syms[Int(i)].type != d.type { problems.append("\(d.name) is declared as \(syms[Int(i)].type!.rawValue) and as \(d.type.rawValue)") }
                continue
            }
            let i = intern(d.name)
            syms[Int(i)].type = d.type
            declared.append(i)
        }
        if let modules { let m = intern(modules); if syms[Int(m)].type != nil { self.modules = m } }
        var dirDeps: [Int32: Node] = [:]
        for d in definitions {
            let i = byName[d.name]!
            let choice = d.choice.flatMap { byName[$0] } ?? -1
            if d.isChoice { syms[Int(i)].isChoice = true; syms[Int(i)].optional = d.optional }
            if choice >= 0 {
                syms[Int(i)].choice = choice
                if !syms[Int(choice)].r.options.contains(i) { syms[Int(choice)].r.options.append(i) }
            }
            // The location's dependencies: its `depends`, with the choice for a choice's option
            // (menu_finalize's parentdep), a bare `m` read as `m && MODULES` (rewrite_m).
            var base = d.depends.map { compile(rewriteM($0)) }
            if choice >= 0 { base = base.map { .and(.sym(choice), $0) } ?? .sym(choice) }
            if let b = base { dirDeps[i] = dirDeps[i].map { .or($0, b) } ?? b }
            syms[Int(i)].r.dependsText = RuleExpression.joined(syms[Int(i)].r.dependsText, or: d.depends)
            func cond(_ when: RuleExpression?) -> Node? {
                let w = when.map { compile(rewriteM($0)) }
                guard let base else { return w }
                guard let w else { return base }
                return .and(base, w)
            }
            // (`prompt_if = "n"`: a definition without a prompt of a symbol prompted elsewhere)
            if let prompt = d.prompt, d.promptIf != .symbol("n") {
                var p = cond(d.promptIf)
                // Non-tristate options of a tristate choice depend on the choice being y.
                if choice >= 0, syms[Int(choice)].type == .tristate, d.type != .tristate {
                    let eq = Node.cmp(.equal, choice, Self.yes)
                    p = p.map { .and(eq, $0) } ?? eq
                }
                syms[Int(i)].r.prompts.append(p)
                syms[Int(i)].r.promptTexts.append(prompt)
            }
            for def in d.defaults { syms[Int(i)].r.defaults.append((compile(def.value), cond(def.when))) }
            for r in d.ranges { syms[Int(i)].r.ranges.append((leaf(r.low), leaf(r.high), cond(r.when))) }
            for (list, isSelect) in [(d.selects, true), (d.implies, false)] {
                for t in list {
                    guard let target = byName[t.name] ?? Optional(intern(t.name)), syms[Int(target)].type != nil else {
                        problems.append("\(d.name) \(isSelect ? "selects" : "implies") \(t.name), which is not declared")
                        continue
                    }
                    let c = cond(t.when)
                    let term: Node = c.map { .and(.sym(i), $0) } ?? .sym(i)
                    if isSelect {
                        syms[Int(target)].r.revDep = syms[Int(target)].r.revDep.map { .or($0, term) } ?? term
                        syms[Int(target)].r.selectedBy.append((i, c))
                    } else {
                        syms[Int(target)].r.implied = syms[Int(target)].r.implied.map { .or($0, term) } ?? term
                        syms[Int(target)].r.impliedBy.append((i, c))
                    }
                }
            }
            if syms[Int(i)].r.help == nil { syms[Int(i)].r.help = d.help }
        }
        for (i, dep) in dirDeps { syms[Int(i)].r.dirDep = dep }
        // A choice that is not optional is at least `m` while its prompt shows.
        for i in declared where syms[Int(i)].isChoice && !syms[Int(i)].optional {
            for p in syms[Int(i)].r.prompts {
                let term: Node = p.map { .and($0, .sym(Self.mod)) } ?? .sym(Self.mod)
                syms[Int(i)].r.revDep = syms[Int(i)].r.revDep.map { .or($0, term) } ?? term
            }
        }
        buildReaders()
        for i in declared { flattenRules(syms[Int(i)].r) }
    }

    private func intern(_ name: String) -> Int32 {
        if let i = byName[name] { return i }
        let i = Int32(syms.count)
        syms.append(Sym(name: name, type: nil))
        byName[name] = i
        return i
    }

    private func leaf(_ e: RuleExpression) -> Int32 {
        switch e {
        case .symbol(let s), .constant(let s): return intern(s)
        default: return intern(e.description)
        }
    }

    func compile(_ e: RuleExpression) -> Node {
        switch e {
        case .symbol(let s): return .sym(intern(s))
        case .constant(let s):
            let i = intern(s)
            if syms[Int(i)].type == nil { syms[Int(i)].quoted = true }
            return .sym(i)
        case .not(let a): return .not(compile(a))
        case .and(let a, let b): return .and(compile(a), compile(b))
        case .or(let a, let b): return .or(compile(a), compile(b))
        case .compare(let op, let a, let b): return .cmp(op, leaf(a), leaf(b))
        }
    }

    /// A condition as menu.c's `menu_finalize` reads it: a bare `m` is `m && MODULES`
    /// (rewrite_m), and a bool symbol compared with a constant is simplified
    /// (expr_transform: `B = y` is `B`, `B = n` is `!B`, `B = m` is `n`, `B != m` is `y`).
    func rewriteM(_ e: RuleExpression) -> RuleExpression {
        switch e {
        case .symbol("m"):
            let name = modules > 2 ? syms[Int(modules)].name : "n"
            return .and(e, .symbol(name))
        case .not(let a): return .not(rewriteM(a))
        case .and(let a, let b): return .and(rewriteM(a), rewriteM(b))
        case .or(let a, let b): return .or(rewriteM(a), rewriteM(b))
        case .compare(let op, .symbol(let left), let right) where op == .equal || op == .unequal:
            guard let i = byName[left], syms[Int(i)].type == .bool, i > 2 else { return e }
            let constant: String
            switch right { case .symbol(let c), .constant(let c): constant = c; default: return e }
            switch (op, constant) {
            case (.equal, "n"), (.unequal, "y"): return .not(.symbol(left))
            case (.equal, "m"): return .symbol("n")
            case (.unequal, "m"): return .symbol("y")
            case (.equal, "y"), (.unequal, "n"): return .symbol(left)
            default: return e
            }
        default: return e
        }
    }

    private func buildReaders() {
        readers = Array(repeating: [], count: syms.count)
        func add(_ n: Node?, _ reader: Int32) {
            guard let n else { return }
            switch n {
            case .sym(let s): if s > 2 { readers[Int(s)].append(reader) }
            case .not(let a): add(a, reader)
            case .and(let a, let b), .or(let a, let b): add(a, reader); add(b, reader)
            case .cmp(_, let a, let b):
                if a > 2 { readers[Int(a)].append(reader) }
                if b > 2 { readers[Int(b)].append(reader) }
            }
        }
        for i in declared {
            let s = syms[Int(i)]
            for p in s.r.prompts { add(p, i) }
            add(s.r.dirDep, i); add(s.r.revDep, i); add(s.r.implied, i)
            for d in s.r.defaults { add(d.value, i); add(d.cond, i) }
            for r in s.r.ranges { add(.sym(r.low), i); add(.sym(r.high), i); add(r.cond, i) }
            for o in s.r.options { readers[Int(o)].append(i); readers[Int(i)].append(o) }
            // A choice computes its options' visibility itself (`sym_calc_choice`) without
            // computing them, so it reads what their prompts read.
            for o in s.r.options { for p in syms[Int(o)].r.prompts { add(p, i) } }
            if modules > 2, s.type == .tristate { readers[Int(modules)].append(i) }
        }
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
