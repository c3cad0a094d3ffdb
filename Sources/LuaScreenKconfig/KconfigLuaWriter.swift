import ScreenModel
import LuaScreenCore

/// Writes a worked-out Kconfig tree as a luascreen app in the surface of
/// docs/dependencies.md, every string through the one Lua emitter (`LuaLiteral`), so a
/// prompt or help text comes back byte for byte whatever it holds:
///
/// - the tree's top is the root screen (titled by `mainmenu`); a `menu` is a row that pushes
///   its own screen (inline, so the text of main.lua is in the menu tree's order); a
///   `menuconfig` symbol with entries under it is its symbol's row with a `push` of their
///   screen (a symbol that opens a screen: no menu heading in a `.config`); `if` blocks are
///   flattened into their dependencies;
/// - `bool` is a `toggle`, `tristate` a `tristate`, `int` a `number`, `hex` an
///   `input { hex = true }`, `string` an `input`; a symbol with no prompt a `symbol`; a choice
///   a `choice` of symbol options; a `comment` a plain row;
/// - each row has its full `depends`, its prompt's `prompt_if`, `defaults`, `select`,
///   `imply`, `ranges` and `help`; expressions are Kconfig text.
struct KconfigLuaWriter {
    let symbols: KconfigSymbols
    private var out: [String] = []
    private var screenCount = 0
    private var commentCount = 0
    private var choiceCount = 0
    /// Rows written (symbol rows, choices, comments, menus).
    private(set) var rows = 0

    init(symbols: KconfigSymbols) { self.symbols = symbols }

    /// The app's main.lua for the tree at `root`, read from `source`.
    mutating func script(root: KconfigNode, source: String, env: [(String, String)]) -> String {
        out = []
        out.append(LuaLiteral.comment("Imported from \(source) by luascreen import --format kconfig."))
        if !env.isEmpty {
            out.append(LuaLiteral.comment("With " + env.map { "\($0.0)=\($0.1)" }.joined(separator: " ") + "."))
        }
        out.append("return app {")
        out.append("  root = \"main\", store = \"kconfig\",")
        if let modules = symbols.modules { out.append("  modules = \(q(modules)),") }
        out.append("  screens = {")
        screen(id: "main", title: root.prompt ?? "Main menu", children: root.children, indent: "    ")
        out[out.count - 1] += ","
        out.append("  },")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    private func q(_ s: String) -> String { LuaLiteral.string(s) }

    private mutating func screen(id: String, title: String, children: [KconfigNode], indent: String) {
        out.append(indent + "screen { id = \(q(id)), title = \(q(title)),")
        out.append(indent + "  section {")
        entries(children, indent: indent + "    ")
        out.append(indent + "  },")
        out.append(indent + "}")
    }

    private mutating func entries(_ list: [KconfigNode], indent: String) {
        for node in list {
            switch node.kind {
            case .ifBlock, .root: entries(node.children, indent: indent)
            default: row(node, indent: indent)
            }
        }
    }

    private mutating func row(_ node: KconfigNode, indent: String) {
        switch node.kind {
        case .menu:
            screenCount += 1
            rows += 1
            let id = "menu_\(screenCount)"
            var fields = ["id = \(q(id))", "text = \(q(node.prompt ?? ""))"]
            if let dep = RuleExpression.all(node.fullDepends, node.visibleIf) { fields.append("depends = \(q(dep.text))") }
            out.append(indent + "row { " + fields.joined(separator: ", ") + ", push =")
            screen(id: id, title: node.prompt ?? "", children: node.children, indent: indent + "  ")
            out.append(indent + "},")
        case .comment:
            commentCount += 1
            rows += 1
            var fields = ["id = \(q("comment_\(commentCount)"))", "text = \(q(node.prompt ?? ""))"]
            if let dep = node.fullDepends { fields.append("depends = \(q(dep.text))") }
            out.append(indent + "row { " + fields.joined(separator: ", ") + " },")
        case .choice:
            choice(node, indent: indent)
        case .config, .menuconfig:
            symbol(node, indent: indent)
        case .ifBlock, .root:
            entries(node.children, indent: indent)
        }
    }

    private mutating func symbol(_ node: KconfigNode, indent: String) {
        guard let name = node.name, let type = symbols.types[name] else { return }
        rows += 1
        let constructor: String
        var fields: [String] = []
        // One kind of row for every definition of a symbol: with a prompt somewhere, each
        // definition is a row of its type; one without a prompt never shows (prompt_if "n").
        let prompt = node.prompt ?? symbols.definitions[name]?.lazy.compactMap(\.prompt).first
        if let prompt {
            switch type {
            case .bool: constructor = "toggle"
            case .tristate: constructor = "tristate"
            case .int: constructor = "number"
            case .hex, .string: constructor = "input"
            }
            fields.append("key = \(q(name))")
            fields.append("text = \(q(prompt))")
            if type == .hex { fields.append("hex = true") }
        } else {
            constructor = "symbol"
            fields.append("key = \(q(name))")
            fields.append("kind = \(q(type.rawValue))")
        }
        if (symbols.definitions[name]?.count ?? 0) > 1, let k = symbols.definitions[name]!.firstIndex(where: { $0 === node }), k > 0 {
            fields.insert("id = \(q("\(name)__\(k + 1)"))", at: 0)
        }
        properties(node, &fields)
        // Every Kconfig symbol is a symbol of the model, rule fields or not.
        if constructor != "symbol", !fields.contains(where: { Self.ruleFields.contains(where: $0.hasPrefix) }) {
            fields.append("defaults = {}")
        }
        guard !node.children.isEmpty else {
            out.append(indent + constructor + " { " + fields.joined(separator: ", ") + " },")
            return
        }
        // A menuconfig symbol with entries under it: its row opens their screen.
        screenCount += 1
        out.append(indent + constructor + " { " + fields.joined(separator: ", ") + ", push =")
        screen(id: "menu_\(screenCount)_\(name)", title: node.prompt ?? name, children: node.children, indent: indent + "  ")
        out.append(indent + "},")
    }

    /// The fields that make a row a symbol of the model (docs/dependencies.md).
    static let ruleFields = ["depends = ", "prompt_if = ", "defaults = ", "select = ", "imply = ", "ranges = ", "hex = "]

    private func properties(_ node: KconfigNode, _ fields: inout [String], choiceOption: Bool = false) {
        if let dep = node.fullDepends { fields.append("depends = \(q(dep.text))") }
        if node.prompt == nil {
            if fields.contains(where: { $0.hasPrefix("text = ") }) { fields.append("prompt_if = \"n\"") }
        } else if let condition = node.fullPromptIf {
            fields.append("prompt_if = \(q(condition.text))")
        }
        if !node.defaults.isEmpty && !choiceOption { fields.append(defaults(node)) }
        for (list, field) in [(node.selects, "select"), (node.implies, "imply")] {
            let kept = list.filter { !symbols.undefinedTargets.contains($0.name) }
            if kept.isEmpty { continue }
            fields.append("\(field) = { " + kept.map { r in
                r.condition.map { "{ \(q(r.name)), when = \(q($0.text)) }" } ?? q(r.name)
            }.joined(separator: ", ") + " }")
        }
        if !node.ranges.isEmpty {
            fields.append("ranges = { " + node.ranges.map { r in
                var item = "{ \(bound(r.low)), \(bound(r.high))"
                if let c = r.condition { item += ", when = \(q(c.text))" }
                return item + " }"
            }.joined(separator: ", ") + " }")
        }
        if let help = node.help, !help.isEmpty { fields.append("help = \(q(help))") }
    }

    /// `defaults = { { "VALUE", when = "COND" }, ... }`, values and conditions as Kconfig text.
    private func defaults(_ node: KconfigNode) -> String {
        "defaults = { " + node.defaults.map { d in
            var item = "{ \(q(d.value.text))"
            if let c = d.condition { item += ", when = \(q(c.text))" }
            return item + " }"
        }.joined(separator: ", ") + " }"
    }

    /// A range's bound: a decimal number as a number, else the text (a symbol or a constant).
    private func bound(_ e: RuleExpression) -> String {
        if case .symbol(let s) = e, let n = Int(s), String(n) == s { return s }
        if case .symbol(let s) = e { return q(s) }
        if case .constant(let s) = e, let n = Int(s), String(n) == s { return s }
        if case .constant(let s) = e { return q(s) }
        return q(e.text)
    }

    private mutating func choice(_ node: KconfigNode, indent: String) {
        choiceCount += 1
        let options = KconfigSymbols.options(of: node)
        rows += 1
        let key = node.name ?? "choice_\(options.first?.name ?? String(choiceCount))"
        var fields = ["key = \(q(key))", "text = \(q(node.prompt ?? key))"]
        if node.type == .tristate { fields.append("kind = \"tristate\"") }
        if node.optional { fields.append("optional = true") }
        if let dep = node.fullDepends { fields.append("depends = \(q(dep.text))") }
        if node.prompt != nil, let condition = node.fullPromptIf { fields.append("prompt_if = \(q(condition.text))") }
        if !node.defaults.isEmpty { fields.append(defaults(node)) }
        if let help = node.help, !help.isEmpty { fields.append("help = \(q(help))") }
        out.append(indent + "choice { " + fields.joined(separator: ", ") + ", options = {")
        for option in options {
            guard let name = option.name else { continue }
            var o = ["value = \(q(name))", "text = \(q(option.prompt ?? name))", "symbol = true"]
            // An option takes the choice's type unless it has its own (a bool in a tristate
            // choice). A string, int or hex symbol an `if` or `source` puts inside a choice
            // (U-Boot's board files) stays a bool option here, as before.
            if let type = symbols.types[name], type == .bool || type == .tristate, type != (node.type ?? .bool) {
                o.append("kind = \(q(type.rawValue))")
            }
            properties(option, &o, choiceOption: true)
            out.append(indent + "  { " + o.joined(separator: ", ") + " },")
        }
        out.append(indent + "} },")
        // What is under an option (not an option itself) comes after the choice.
        for option in options { entries(option.underOption, indent: indent) }
    }
}
