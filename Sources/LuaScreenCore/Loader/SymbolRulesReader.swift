import LuaRuntime
import ScreenModel

/// What loading collects of an app's symbols (docs/dependencies.md): each definition, in
/// declaration order, the `modules` symbol, and the options of choices read but not yet bound.
package struct SymbolRules: Sendable {
    /// Every definition, in declaration order.
    package var definitions: [SymbolDefinition] = []
    /// The app's `modules` symbol.
    package var modules: String?
    /// The symbol options of the choice being read (`{ value =, symbol = true, ... }`), each
    /// with whether it gave its own `kind` (else it takes the choice's).
    var pendingOptions: [(definition: SymbolDefinition, typed: Bool)] = []
    /// Whether the app declares any symbol.
    package var isEmpty: Bool { definitions.isEmpty }
}

/// Reading the rules of a symbol row: `depends`, `prompt_if`, `defaults`, `select`, `imply`,
/// `ranges`, `kind`, `optional`, `hex`, and the options of a choice of symbols.
extension Validator {
    /// Reads the rule fields of `row`; a bound row with any of them (or a tristate, or a
    /// symbol) becomes a definition of the symbol named by its key (returns true).
    func readSymbolRules(_ row: inout Row, _ s: RowSlots) -> Bool {
        let kind = row.kind
        if kind == .symbol {
            // A value with no prompt: never shown, named by its key.
            row.visible = .value(false)
            if let key = row.binding?.key { row.text = .value(key) }
        }
        var depends: RuleExpression?
        if s.has(.depends) { depends = expression("depends", at: s.at(.depends)) }
        guard kind.isBound, let key = row.binding?.key else {
            if depends != nil { row.depends = depends }
            return false
        }
        let options = registry.symbols.pendingOptions
        registry.symbols.pendingOptions = []
        let ruleFields: [RowField] = [.depends, .promptIf, .defaults, .select, .imply, .ranges, .hex, .optional]
        let isSymbol = kind == .tristate || kind == .symbol || !options.isEmpty || ruleFields.contains { s.has($0) }
        guard isSymbol else { return false }
        var type: SymbolType
        switch kind {
        case .toggle: type = .bool
        case .tristate: type = .tristate
        case .number: type = .int
        case .input: type = s.has(.hex) && bool("hex", at: s.at(.hex)) == true ? .hex : .string
        case .choice:
            type = .bool
            if s.has(.kind), let k = enumValue("kind", SymbolType.self, at: s.at(.kind)) {
                if k.isTristateLike { type = k } else { report("kind: a choice of symbols is bool or tristate, not \(k.rawValue)", field: "kind", code: .wrongType) }
            }
        case .symbol:
            type = .bool
            if s.has(.kind) { type = enumValue("kind", SymbolType.self, at: s.at(.kind)) ?? .bool }
            else { report("missing required field \"kind\" (bool, tristate, int, hex or string)", code: .missingField) }
        default:
            report("\(kind.constructor) rows cannot be symbols (depends, defaults, select, ... are fields of toggle, tristate, number, input, choice and symbol)", field: "depends")
            return false
        }
        var d = SymbolDefinition(name: key, type: type, prompt: kind == .symbol ? nil : (row.text.value ?? key))
        d.depends = depends
        d.location = row.location
        d.help = row.help
        if s.has(.promptIf) { d.promptIf = expression("prompt_if", at: s.at(.promptIf)) }
        if s.has(.defaults) { d.defaults = readDefaults(s.at(.defaults)) }
        if s.has(.default_), s.at(.default_).type != .function, let v = storeValue(at: s.at(.default_)), let e = defaultExpression(v) {
            d.defaults.append(RuleDefault(value: e, when: nil))
        }
        if s.has(.select) { d.selects = readTargets("select", s.at(.select)) }
        if s.has(.imply) { d.implies = readTargets("imply", s.at(.imply)) }
        if s.has(.ranges) { d.ranges = readRanges(s.at(.ranges)) }
        if kind == .choice {
            d.isChoice = true
            if s.has(.optional) { d.optional = bool("optional", at: s.at(.optional)) ?? false }
        }
        registry.symbols.definitions.append(d)
        for (definition, typed) in options {
            var o = definition
            o.choice = key
            if !typed { o.type = type }
            registry.symbols.definitions.append(o)
        }
        return true
    }

    /// An expression string, parsed; a syntax error is reported.
    func expression(_ field: String, at v: borrowing LuaValueView) -> RuleExpression? {
        guard let text = string(field, at: v) else { return nil }
        do { return try RuleExpression.parse(text) } catch {
            report("\(field): \(error) in \"\(Diagnostic.quote(text))\"", field: field, code: .wrongType)
            return nil
        }
    }

    /// A default's value as an expression: `true`/`false` are `y`/`n`, a number its digits, a
    /// string an expression.
    private func defaultExpression(_ v: StoreValue) -> RuleExpression? {
        switch v {
        case .bool(let b): return .symbol(b ? "y" : "n")
        case .integer(let i): return .symbol(String(i))
        case .number(let d): return .symbol(StoreValue.format(d))
        case .string(let text):
            do { return try RuleExpression.parse(text) } catch {
                report("defaults: \(error) in \"\(Diagnostic.quote(text))\"", field: "defaults", code: .wrongType)
                return nil
            }
        case .list: return nil
        }
    }

    /// The `when` of a `{ ..., when = "EXPR" }` table.
    private func when(_ t: borrowing LuaTableView) -> RuleExpression? {
        t.value("when") { v in v.isNil ? nil : expression("when", at: v) }
    }

    /// `defaults = { {VALUE, when = ...}, ... }`.
    private func readDefaults(_ v: borrowing LuaValueView) -> [RuleDefault] {
        var out: [RuleDefault] = []
        guard v.type == .table else { typeError("defaults", expected: "a list of { VALUE, when = \"EXPR\" } tables", at: v); return [] }
        _ = v.table { list in
            list.forEachArrayItem(upTo: list.count) { i, item in
                withPath(.field("defaults")) { withPath(.index(i)) {
                    if item.type == .table {
                        _ = item.table { t in
                            let value = t.value(at: 1) { storeValue(at: $0) } ?? t.value("value") { storeValue(at: $0) }
                            guard let value, let e = defaultExpression(value) else {
                                report("a default needs a value: { \"y\", when = \"EXPR\" }")
                                return
                            }
                            out.append(RuleDefault(value: e, when: when(t)))
                        }
                    } else if let value = storeValue(at: item), let e = defaultExpression(value) {
                        out.append(RuleDefault(value: e, when: nil))
                    } else {
                        typeError("", expected: "a value or a { VALUE, when = \"EXPR\" } table", at: item)
                    }
                } }
            }
        }
        return out
    }

    /// `select`/`imply = { "NAME", {"NAME", when = ...}, ... }`.
    private func readTargets(_ field: String, _ v: borrowing LuaValueView) -> [RuleTarget] {
        var out: [RuleTarget] = []
        if v.type == .string, let name = string(field, at: v) { return [RuleTarget(name: name, when: nil)] }
        guard v.type == .table else { typeError(field, expected: "a list of names or { \"NAME\", when = \"EXPR\" } tables", at: v); return [] }
        _ = v.table { list in
            list.forEachArrayItem(upTo: list.count) { i, item in
                withPath(.field(field)) { withPath(.index(i)) {
                    if item.type == .string, let name = string("", at: item) {
                        out.append(RuleTarget(name: name, when: nil))
                    } else if item.type == .table {
                        _ = item.table { t in
                            guard let name = t.value(at: 1, { $0.string }) else { report("expected { \"NAME\", when = \"EXPR\" }"); return }
                            out.append(RuleTarget(name: name, when: when(t)))
                        }
                    } else {
                        typeError("", expected: "a symbol's name or a { \"NAME\", when = \"EXPR\" } table", at: item)
                    }
                } }
            }
        }
        return out
    }

    /// `ranges = { {LOW, HIGH, when = ...}, ... }`.
    private func readRanges(_ v: borrowing LuaValueView) -> [RuleRange] {
        var out: [RuleRange] = []
        guard v.type == .table else { typeError("ranges", expected: "a list of { LOW, HIGH, when = \"EXPR\" } tables", at: v); return [] }
        _ = v.table { list in
            list.forEachArrayItem(upTo: list.count) { i, item in
                withPath(.field("ranges")) { withPath(.index(i)) {
                    guard item.type == .table else { typeError("", expected: "a { LOW, HIGH, when = \"EXPR\" } table", at: item); return }
                    _ = item.table { t in
                        let low = t.value(at: 1) { bound($0) }, high = t.value(at: 2) { bound($0) }
                        guard let low, let high else { report("a range needs two bounds: { 1, 64, when = \"EXPR\" }"); return }
                        out.append(RuleRange(low: low, high: high, when: when(t)))
                    }
                } }
            }
        }
        return out
    }

    /// A range's bound: a number, or a string naming a symbol or a constant.
    private func bound(_ v: borrowing LuaValueView) -> RuleExpression? {
        if let i = v.integer { return .symbol(String(i)) }
        if let s = v.string { return .symbol(s) }
        return nil
    }

    /// Reads the symbol fields of a choice's option table (`symbol = true`, `depends`,
    /// `prompt_if`, `select`, `imply`, `help`, `kind`); returns whether `key` is one of them.
    /// `typed`: the option gave its `kind` (`bool` or `tristate`; else it takes the choice's).
    func readOptionSymbolField(_ key: String, _ field: borrowing LuaValueView, into d: inout SymbolDefinition?, isSymbol: inout Bool,
                               typed: inout Bool) -> Bool {
        if d == nil { d = SymbolDefinition(name: "", type: .bool, prompt: nil) }
        switch key {
        case "symbol": isSymbol = bool(key, at: field) ?? false
        case "kind":
            guard let k = enumValue(key, SymbolType.self, at: field) else { return true }
            if k.isTristateLike { d!.type = k; typed = true } else { report("kind: an option of a choice is bool or tristate, not \(k.rawValue)", field: key, code: .wrongType) }
        case "depends": d!.depends = expression(key, at: field)
        case "prompt_if": d!.promptIf = expression(key, at: field)
        case "select": d!.selects = readTargets(key, field)
        case "imply": d!.implies = readTargets(key, field)
        case "help": d!.help = string(key, at: field)
        default: return false
        }
        return true
    }
}
