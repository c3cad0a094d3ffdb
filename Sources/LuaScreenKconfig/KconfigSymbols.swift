import ScreenModel
/// The symbols of a read tree, worked out as the kernel's `menu_finalize` does: every entry's
/// full dependencies (its menus' and `if`s' with its own), prompts' conditions with the
/// enclosing menus' `visible if`, one type per symbol (a choice's options take the choice's),
/// entries after a `menuconfig` that depend on it placed under it; then the checks the
/// kernel makes: dependency loops (an error, "recursive dependency detected!"), and the
/// import's warnings (a `select` of a symbol no file defines, a symbol with no type).
struct KconfigSymbols {
    /// Each symbol's definitions, in the order of the tree.
    private(set) var definitions: [String: [KconfigNode]] = [:]
    /// The symbols in the order of their first definition.
    private(set) var order: [String] = []
    /// Each symbol's type (the first its definitions give).
    private(set) var types: [String: KconfigType] = [:]
    /// The symbol that allows `m` (`modules`).
    private(set) var modules: String?
    /// The selects and implies that name a symbol no file defines (left out of the app).
    private(set) var undefinedTargets: Set<String> = []

    /// Works out `root`'s tree (changing it: full dependencies, types, menuconfig children),
    /// adding warnings. Throws a dependency loop.
    init(root: KconfigNode, warnings: inout KconfigWarnings) throws {
        propagate(root, base: nil, visible: nil)
        collect(root)
        for name in order {
            let nodes = definitions[name]!
            if let type = nodes.lazy.compactMap(\.type).first { types[name] = type }
            if nodes.contains(where: \.modules) {
                if let other = modules, other != name {
                    warnings.add(nodes.first(where: \.modules)!.place, "symbol '\(name)' redefines option 'modules' already defined by symbol '\(other)'")
                } else {
                    modules = name
                }
            }
        }
        nestInChoices(root, &warnings)
        typeChoices(root, &warnings)
        for name in order where types[name] == nil {
            warnings.add(definitions[name]![0].place, "config symbol '\(name)' defined without type; left out")
        }
        for name in order {
            for node in definitions[name]! {
                for reverse in node.selects + node.implies where definitions[reverse.name] == nil || types[reverse.name] == nil {
                    undefinedTargets.insert(reverse.name)
                    let verb = node.selects.contains(where: { $0.place == reverse.place && $0.name == reverse.name }) ? "selects" : "implies"
                    warnings.add(reverse.place, "\(name) \(verb) \(reverse.name), which no Kconfig file defines with a type; left out")
                }
            }
        }
        nest(root)
        try checkLoops()
    }

    /// Full dependencies and prompt conditions, from the top down.
    private func propagate(_ node: KconfigNode, base: RuleExpression?, visible: RuleExpression?) {
        for child in node.children {
            child.fullDepends = RuleExpression.all(base, child.depends)
            if child.kind != .menu && child.kind != .comment {
                child.fullPromptIf = RuleExpression.all(child.promptIf, visible)
            }
            switch child.kind {
            case .menu: propagate(child, base: child.fullDepends, visible: RuleExpression.all(visible, child.visibleIf))
            case .ifBlock: propagate(child, base: child.fullDepends, visible: visible)
            // A choice's options depend on the choice itself (the model adds it), and on
            // their own dependencies.
            case .choice: propagate(child, base: nil, visible: visible)
            default: break
            }
        }
    }

    private mutating func collect(_ node: KconfigNode) {
        for child in node.children {
            if child.isSymbol, let name = child.name {
                if definitions[name] == nil { order.append(name) }
                definitions[name, default: []].append(child)
            }
            collect(child)
        }
    }

    /// A choice without a type takes its first option's; options without one take the choice's.
    private mutating func typeChoices(_ node: KconfigNode, _ warnings: inout KconfigWarnings) {
        for child in node.children {
            if child.kind == .choice {
                let options = Self.options(of: child)
                if child.type == nil {
                    child.type = options.compactMap { types[$0.name ?? ""] }.first ?? .bool
                }
                for option in options {
                    guard let name = option.name else { continue }
                    if types[name] == nil { types[name] = child.type }
                    if option.prompt == nil { warnings.add(option.place, "choice value must have a prompt") }
                }
            }
            typeChoices(child, &warnings)
        }
    }

    /// The symbols of a choice, `if` blocks inside it looked through.
    static func options(of choice: KconfigNode) -> [KconfigNode] {
        choice.children.flatMap { $0.kind == .ifBlock ? options(of: $0) : ($0.isSymbol ? [$0] : []) }
    }

    /// Entries right after a `menuconfig` symbol whose dependencies require it are placed
    /// under it (they are its screen), as the kernel's automatic submenus.
    private func nest(_ node: KconfigNode) {
        var out: [KconfigNode] = []
        var i = 0
        let list = node.children
        while i < list.count {
            let child = list[i]
            out.append(child)
            i += 1
            if child.kind == .menuconfig, let name = child.name {
                while i < list.count, let dep = RuleExpression.all(list[i].fullDepends, list[i].fullPromptIf), dep.requires(name) {
                    child.children.append(list[i])
                    i += 1
                }
            }
        }
        node.children = out
        for child in out { nest(child) }
    }

    /// In a choice, the entries right after one of its symbols that depend on it are under
    /// that symbol, not options of the choice (menu.c: automatic submenus come before choice
    /// values). They depend on the choice too, as its options do.
    private func nestInChoices(_ node: KconfigNode, _ warnings: inout KconfigWarnings) {
        for child in node.children {
            if child.kind == .choice {
                var nested: [KconfigNode] = []
                child.children = Self.nestUnderOptions(child.children, &nested)
                if !nested.isEmpty {
                    let key = child.name ?? "choice_\(Self.options(of: child).first?.name ?? "")"
                    for entry in nested { Self.addDepends(entry, .symbol(key)) }
                    warnings.add(nested[0].place, "this entry depends on a value of the choice above it, so it is under that value, not an option of the choice; the .config lists it after the choice's options (conf: right after that value)")
                }
            }
            nestInChoices(child, &warnings)
        }
    }

    private static func nestUnderOptions(_ list: [KconfigNode], _ nested: inout [KconfigNode]) -> [KconfigNode] {
        var out: [KconfigNode] = []
        var i = 0
        while i < list.count {
            let entry = list[i]
            i += 1
            if entry.kind == .ifBlock { entry.children = nestUnderOptions(entry.children, &nested) }
            out.append(entry)
            guard entry.isSymbol, let name = entry.name else { continue }
            while i < list.count, let dep = list[i].kind == .ifBlock ? list[i].depends : RuleExpression.all(list[i].fullDepends, list[i].fullPromptIf),
                  dep.requires(name) {
                entry.underOption.append(list[i])
                nested.append(list[i])
                i += 1
            }
        }
        return out
    }

    private static func addDepends(_ node: KconfigNode, _ condition: RuleExpression) {
        node.fullDepends = RuleExpression.all(condition, node.fullDepends)
        for child in node.children { addDepends(child, condition) }
    }

    // MARK: dependency loops

    /// One dependency of a symbol on another: why, and where it is written.
    private struct Edge {
        var to: Int
        var why: String
        var place: KconfigPlace
    }

    /// The symbols each symbol's value or visibility reads, as the kernel's
    /// `sym_check_sym_deps` follows them; a cycle is the kernel's error.
    private func checkLoops() throws {
        var index: [String: Int] = [:]
        for (i, name) in order.enumerated() { index[name] = i }
        var edges = [[Edge]](repeating: [], count: order.count)
        func add(_ from: String, _ expr: RuleExpression?, _ why: (String) -> String, _ place: KconfigPlace) {
            guard let expr, let i = index[from] else { return }
            for name in expr.names { if let j = index[name] { edges[i].append(Edge(to: j, why: why(name), place: place)) } }
        }
        for name in order {
            for node in definitions[name]! {
                add(name, node.fullDepends, { "symbol \(name) depends on \($0)" }, node.place)
                add(name, node.fullPromptIf, { "symbol \(name) prompt is visible depending on \($0)" }, node.place)
                for d in node.defaults {
                    add(name, RuleExpression.all(d.condition, node.fullDepends), { "symbol \(name) default is visible depending on \($0)" }, d.place)
                    add(name, d.value, { "symbol \(name) default value contains \($0)" }, d.place)
                }
                for range in node.ranges {
                    add(name, RuleExpression.all(range.condition, node.fullDepends), { "symbol \(name) range is visible depending on \($0)" }, node.place)
                }
                for (list, verb) in [(node.selects, "selected"), (node.implies, "implied")] {
                    for reverse in list {
                        let condition = RuleExpression.all(.symbol(name), RuleExpression.all(reverse.condition, node.fullDepends))
                        add(reverse.name, condition, { "symbol \(reverse.name) is \(verb) by \($0)" }, reverse.place)
                    }
                }
            }
        }
        // Depth first, without recursion: 0 unseen, 1 on the path, 2 done.
        var state = [UInt8](repeating: 0, count: order.count)
        for start in 0..<order.count where state[start] == 0 {
            var path: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = path.last {
                if top.next < edges[top.node].count {
                    path[path.count - 1].next += 1
                    let edge = edges[top.node][top.next]
                    if state[edge.to] == 1 {
                        throw loopError(path.map { $0.node }, closing: edge, edges: edges)
                    }
                    if state[edge.to] == 0 {
                        state[edge.to] = 1
                        path.append((edge.to, 0))
                    }
                } else {
                    state[top.node] = 2
                    path.removeLast()
                }
            }
        }
    }

    private func loopError(_ path: [Int], closing: Edge, edges: [[Edge]]) -> KconfigError {
        // The cycle: from the closing edge's target along the path, back to it.
        let from = path.firstIndex(of: closing.to)!
        var steps: [Edge] = []
        for k in from..<path.count {
            let node = path[k]
            let next = k + 1 < path.count ? path[k + 1] : closing.to
            steps.append(k + 1 < path.count ? edges[node].first(where: { $0.to == next })! : closing)
        }
        var text = "\(steps[0].place):error: recursive dependency detected!"
        for step in steps { text += "\n\(step.place):\t\(step.why)" }
        text += "\nFor a resolution refer to Documentation/kbuild/kconfig-language.rst\nsubsection \"Kconfig recursive dependency limitations\""
        return KconfigError(description: text)
    }
}
