import ScreenModel

/// A symbol of `option env="VAR"` (Linux before 4.18; Buildroot's and BusyBox's trees): its
/// value is the environment variable's, read at import as `$(VAR)` is.
struct KconfigEnvSymbol {
    /// The environment variable.
    var variable: String
    /// Its value ("" when it has none: conf warns, and the symbol is n or "").
    var value: String
    /// Where the option is written.
    var place: KconfigPlace
}

extension KconfigReader {
    /// `$NAME` in a `source` file name or the `mainmenu` title, NAME a symbol of
    /// `option env` (the old `sym_expand_string_value`); other text is kept as it is.
    func expandEnvSymbols(_ text: String) -> String {
        guard !envSymbols.isEmpty, text.contains("$") else { return text }
        var out = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            let end = rest[after...].firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) } ?? rest.endIndex
            let name = String(rest[after..<end])
            if let symbol = envSymbols[name] { out += symbol.value } else { out += rest[dollar..<end] }
            rest = rest[end...]
        }
        return out + rest
    }
}

extension KconfigNode {
    /// Takes the symbols of `option env` out of the tree (the kernel never writes them to a
    /// `.config`), and puts each one's value where an expression names it: `y`/`m`/`n` for a
    /// bool or tristate (the value read as a constant symbol: anything else is `n`), the
    /// text for the others.
    func replaceEnvSymbols(_ symbols: [String: KconfigEnvSymbol]) {
        var types: [String: KconfigType] = [:]
        func collect(_ node: KconfigNode) {
            for child in node.children {
                if child.isSymbol, let name = child.name, symbols[name] != nil, let type = child.type, types[name] == nil { types[name] = type }
                collect(child)
            }
        }
        collect(self)
        var constants: [String: RuleExpression] = [:]
        for (name, symbol) in symbols {
            switch types[name] ?? .string {
            case .bool, .tristate: constants[name] = .symbol(["y", "m", "n"].contains(symbol.value) ? symbol.value : "n")
            case .int, .hex, .string: constants[name] = .constant(symbol.value)
            }
        }
        func sub(_ e: RuleExpression?) -> RuleExpression? { e.map { Self.substitute($0, constants) } }
        func walk(_ node: KconfigNode) {
            node.children.removeAll { $0.isSymbol && $0.name.map { symbols[$0] != nil } == true }
            for child in node.children {
                child.depends = sub(child.depends)
                child.promptIf = sub(child.promptIf)
                child.visibleIf = sub(child.visibleIf)
                for k in child.defaults.indices {
                    child.defaults[k].value = Self.substitute(child.defaults[k].value, constants)
                    child.defaults[k].condition = sub(child.defaults[k].condition)
                }
                for k in child.selects.indices { child.selects[k].condition = sub(child.selects[k].condition) }
                for k in child.implies.indices { child.implies[k].condition = sub(child.implies[k].condition) }
                for k in child.ranges.indices {
                    child.ranges[k].low = Self.substitute(child.ranges[k].low, constants)
                    child.ranges[k].high = Self.substitute(child.ranges[k].high, constants)
                    child.ranges[k].condition = sub(child.ranges[k].condition)
                }
                walk(child)
            }
        }
        walk(self)
    }

    private static func substitute(_ e: RuleExpression, _ constants: [String: RuleExpression]) -> RuleExpression {
        switch e {
        case .symbol(let name): return constants[name] ?? e
        case .constant: return e
        case .not(let a): return .not(substitute(a, constants))
        case .and(let a, let b): return .and(substitute(a, constants), substitute(b, constants))
        case .or(let a, let b): return .or(substitute(a, constants), substitute(b, constants))
        case .compare(let op, let a, let b): return .compare(op, substitute(a, constants), substitute(b, constants))
        }
    }
}
