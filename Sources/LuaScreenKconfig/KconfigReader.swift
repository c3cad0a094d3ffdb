import ScreenModel
/// Reads a Kconfig tree into `KconfigNode`s as the kernel's parser does (scripts/kconfig's
/// grammar, Documentation/kbuild/kconfig-language.rst): logical lines (a `\` at a line's end
/// joins the next), macros, `source` files read in place, blocks (`menu`, `choice`, `if`)
/// opened and closed in one file, properties given to the entry above them, help texts by
/// their indentation. Errors are collected (the kernel's form, `file:line: ...`) and thrown
/// together; warnings kept.
struct KconfigReader {
    private var sources: KconfigSources
    private(set) var macros: KconfigMacros
    private(set) var warnings = KconfigWarnings()
    /// The symbols of `option env="VAR"` (Linux before 4.18), by name.
    private(set) var envSymbols: [String: KconfigEnvSymbol] = [:]
    private var errors: [String] = []
    /// The tree read; its children are the top file's entries.
    let root = KconfigNode(.root, place: KconfigPlace(file: "", line: 0))
    /// The open blocks, innermost last (the root first).
    private var blocks: [KconfigNode]
    /// The entry the next property lines belong to.
    private var current: KconfigNode?
    /// Errors past this many end the reading.
    static let maxErrors = 50

    /// A reader of the tree at `sources`, with `macros` for `$(...)`.
    init(sources: KconfigSources, macros: KconfigMacros) {
        self.sources = sources
        self.macros = macros
        blocks = [root]
    }

    /// Reads `path` (relative to the tree) and everything it sources. Throws every error met.
    mutating func read(_ path: String) throws {
        do { try readFile(path, from: nil) } catch let error as KconfigError { errors.append(error.description) }
        if !errors.isEmpty {
            throw KconfigError(description: errors.joined(separator: "\n"))
        }
        for (place, text) in macros.warnings { warnings.add(place, text) }
        // (the old `mainmenu` title is expanded once the whole tree is read)
        if let title = root.prompt { root.prompt = expandEnvSymbols(title) }
        if let shell = macros.firstShell {
            warnings.add(shell, "$(shell,...) is never run by the import: it expands to \"\" here and everywhere else (so $(success,...), cc-option and the like read as \"no\")")
        }
    }

    private mutating func error(_ place: KconfigPlace, _ message: String) throws {
        errors.append(KconfigError(place, message).description)
        if errors.count >= Self.maxErrors { throw KconfigError(nil, "too many errors; stopped") }
    }

    private mutating func readFile(_ path: String, from: KconfigPlace?) throws {
        let bytes = try sources.enter(path, from: from)
        let depthAtStart = blocks.count
        let lines = Self.lines(bytes)
        for (n, range) in lines.enumerated() where bytes[range].contains(where: { $0 >= 0x80 }) {
            if String(validating: bytes[range], as: UTF8.self) == nil {
                warnings.add(KconfigPlace(file: path, line: n + 1), "invalid UTF-8; the bytes that are not UTF-8 read as U+FFFD")
            }
        }
        var j = 0
        while j < lines.count {
            let first = j
            var line = Array(bytes[lines[j]])
            // A `\` at the end joins the next line.
            while line.last == UInt8(ascii: "\\"), j + 1 < lines.count {
                line.removeLast()
                j += 1
                line += bytes[lines[j]]
            }
            j += 1
            let place = KconfigPlace(file: path, line: first + 1)
            macros.place = place
            let parsed: KconfigLexer.Line
            do {
                parsed = try KconfigLexer.tokenize(line, macros: &macros) { [place] in warnings.add(place, $0) }
            } catch let e as KconfigError {
                errors.append(e.description)
                if errors.count >= Self.maxErrors { throw KconfigError(nil, "too many errors; stopped") }
                continue
            }
            guard case .tokens(let tokens) = parsed else {
                if case .assignment = parsed { current = nil }
                continue
            }
            if tokens == [.keyword("help")] {
                let text = Self.helpText(bytes, lines, &j)
                if let entry = current, entry.kind != .menu, entry.kind != .comment {
                    if entry.help != nil { warnings.add(place, "'\(entry.name ?? "<choice>")' defined with more than one help text -- only the last one will be used") }
                    entry.help = text
                } else {
                    try error(place, "help text outside a config, menuconfig or choice entry")
                }
                continue
            }
            do { try statement(tokens, place) } catch let e as KconfigExprParser.ParseError { try error(place, "syntax error: \(e.message)") }
        }
        while blocks.count > depthAtStart {
            let open = blocks.removeLast()
            try error(open.place, "missing end of '\(Self.word(open.kind))' (end\(Self.word(open.kind)) in the same file)")
        }
        if blocks.count < depthAtStart {
            try error(KconfigPlace(file: path, line: lines.count), "a block of another file is closed here")
        }
        current = nil
        sources.leave()
    }

    private static func word(_ kind: KconfigNode.Kind) -> String {
        switch kind {
        case .menu: return "menu"
        case .choice: return "choice"
        default: return "if"
        }
    }

    /// The ranges of the lines of `bytes`, without their line ends.
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append(start..<i)
            start = i + 1
        }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }

    /// The help text from line `j` on, by the kernel's rule: it ends at a line indented less
    /// than its first, or at a line that starts at the margin; blank lines inside are kept.
    /// `j` ends at the first line after it.
    static func helpText(_ bytes: [UInt8], _ lines: [Range<Int>], _ j: inout Int) -> String {
        var text: [UInt8] = []
        var firstIndent: Int?
        while j < lines.count {
            let line = bytes[lines[j]]
            var indent = 0
            var k = line.startIndex
            while k < line.endIndex, line[k] == 0x20 || line[k] == 0x09 {
                indent = line[k] == 0x09 ? (indent & ~7) + 8 : indent + 1
                k += 1
            }
            let rest = line[k...]
            if rest.isEmpty || rest.allSatisfy({ $0 == 0x0D }) {
                // Blank: kept, unless the next line starts at the margin.
                if j + 1 < lines.count, let next = bytes[lines[j + 1]].first, next != 0x20, next != 0x09 { j += 1; break }
                text.append(0x0A)
                j += 1
                continue
            }
            if k == line.startIndex { break }
            if let first = firstIndent, indent < first { break }
            if firstIndent == nil { firstIndent = indent }
            text += [UInt8](repeating: 0x20, count: indent - firstIndent!)
            var end = rest.endIndex
            while end > rest.startIndex, [0x20, 0x09, 0x0D].contains(rest[end - 1]) { end -= 1 }
            text += rest[rest.startIndex..<end]
            text.append(0x0A)
            j += 1
        }
        while text.first == 0x0A { text.removeFirst() }
        while text.last == 0x0A { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: statements

    private mutating func statement(_ tokens: [KconfigToken], _ place: KconfigPlace) throws {
        guard case .keyword(let head) = tokens[0] else {
            if case .word(let w) = tokens[0] { return try error(place, "unknown statement \"\(w)\"") }
            return try error(place, "invalid statement")
        }
        switch head {
        case "mainmenu":
            guard tokens.count == 2, let title = Self.text(tokens[1]) else { return try error(place, "syntax error: mainmenu takes one quoted title") }
            root.prompt = title
            current = nil
        case "config", "menuconfig":
            guard tokens.count == 2, case .word(let name) = tokens[1] else { return try error(place, "syntax error: \(head) takes one symbol name") }
            let node = KconfigNode(head == "config" ? .config : .menuconfig, place: place)
            node.name = name
            try add(node, place)
            current = node
        case "choice":
            let node = KconfigNode(.choice, place: place)
            if tokens.count == 2, case .word(let name) = tokens[1] { node.name = name } else if tokens.count != 1 {
                return try error(place, "syntax error: choice takes at most a name")
            }
            try add(node, place)
            blocks.append(node)
            current = node
        case "menu", "comment":
            guard tokens.count == 2, let title = Self.text(tokens[1]) else { return try error(place, "syntax error: \(head) takes one quoted title") }
            let node = KconfigNode(head == "menu" ? .menu : .comment, place: place)
            node.prompt = title
            try add(node, place)
            if head == "menu" { blocks.append(node) }
            current = node
        case "if":
            var parser = KconfigExprParser(tokens: tokens, i: 1)
            let condition = try parser.parse()
            try end(parser, tokens, place)
            let node = KconfigNode(.ifBlock, place: place)
            node.depends = condition
            try add(node, place)
            blocks.append(node)
            current = nil
        case "endmenu", "endchoice", "endif":
            current = nil
            let want: KconfigNode.Kind = head == "endmenu" ? .menu : head == "endchoice" ? .choice : .ifBlock
            guard tokens.count == 1 else { return try error(place, "syntax error: \(head) takes nothing after it") }
            guard blocks.count > 1, blocks.last!.kind == want else {
                return try error(place, "unexpected '\(head)' statement")
            }
            blocks.removeLast()
        case "source", "rsource", "osource", "orsource":
            current = nil
            guard tokens.count == 2, let written = Self.text(tokens[1]) else { return try error(place, "syntax error: \(head) takes one quoted file name") }
            let name = expandEnvSymbols(written)
            let path = try sources.relativePath(name, relative: head.hasPrefix("r") || head.hasPrefix("or"), at: place)
            let optional = head.hasPrefix("o")
            let files = sources.glob(path)
            if files.isEmpty || (files == [path] && !sources.exists(path)) {
                if !optional { try error(place, "can't open file \"\(path)\" (\(head)); use osource for a file that may be missing") }
                return
            }
            for file in files { try readFile(file, from: place) }
        default:
            try property(head, tokens, place)
        }
    }

    private mutating func add(_ node: KconfigNode, _ place: KconfigPlace) throws {
        let block = blocks.last!
        if block.kind == .choice, node.kind != .config, node.kind != .comment, node.kind != .ifBlock {
            try error(place, "invalid statement in a choice: only config, comment and if entries belong there")
        }
        block.children.append(node)
    }

    private func end(_ parser: KconfigExprParser, _ tokens: [KconfigToken], _ place: KconfigPlace) throws {
        if parser.i < tokens.count {
            throw KconfigExprParser.ParseError(message: "unexpected \(Self.show(tokens[parser.i])) after the expression")
        }
    }

    /// A quoted string's text; an unquoted word is taken too, as older Kconfig dialects
    /// (U-Boot's, kconfiglib's) take it for a prompt, a title or a file name.
    private static func text(_ token: KconfigToken) -> String? {
        switch token {
        case .string(let s), .word(let s): return s
        default: return nil
        }
    }

    private static func show(_ token: KconfigToken) -> String {
        switch token {
        case .keyword(let k): return "'\(k)'"
        case .word(let w): return "'\(w)'"
        case .string(let s): return RuleExpression.constant(s).description
        case .op(let o): return "'\(o)'"
        }
    }

    /// `[if EXPR]` at `i` to the line's end.
    private func ifCondition(_ tokens: [KconfigToken], _ i: Int, _ place: KconfigPlace) throws -> RuleExpression? {
        guard i < tokens.count else { return nil }
        guard tokens[i] == .keyword("if") else {
            throw KconfigExprParser.ParseError(message: "unexpected \(Self.show(tokens[i])); expected 'if' or the line's end")
        }
        var parser = KconfigExprParser(tokens: tokens, i: i + 1)
        let condition = try parser.parse()
        try end(parser, tokens, place)
        return condition
    }

    private mutating func property(_ head: String, _ tokens: [KconfigToken], _ place: KconfigPlace) throws {
        guard let entry = current else { return try error(place, "'\(head)' outside an entry (config, menuconfig, choice, menu or comment)") }
        func allowed(_ kinds: [KconfigNode.Kind]) throws -> Bool {
            if kinds.contains(entry.kind) { return true }
            try error(place, "'\(head)' does not belong to this entry (\(entry.name ?? Self.word(entry.kind)) at \(entry.place))")
            return false
        }
        let symbolKinds: [KconfigNode.Kind] = [.config, .menuconfig]
        switch head {
        case "bool", "tristate", "int", "hex", "string", "def_bool", "def_tristate", "def_int", "def_hex", "def_string":
            let isDefault = head.hasPrefix("def_")
            let type: KconfigType = switch head.hasPrefix("def_") ? String(head.dropFirst(4)) : head {
            case "bool": .bool
            case "tristate": .tristate
            case "int": .int
            case "hex": .hex
            default: .string
            }
            guard try allowed(type == .bool || type == .tristate ? symbolKinds + [.choice] : symbolKinds) else { return }
            if let old = entry.type, old != type {
                warnings.add(place, "ignoring type redefinition of '\(entry.name ?? "<choice>")' from '\(old.rawValue)' to '\(type.rawValue)'")
            } else {
                entry.type = type
            }
            if isDefault {
                var parser = KconfigExprParser(tokens: tokens, i: 1)
                let value = try parser.parse()
                entry.defaults.append(KconfigDefault(value: value, condition: try ifCondition(tokens, parser.i, place), place: place))
            } else if tokens.count > 1 {
                guard let prompt = Self.text(tokens[1]) else {
                    throw KconfigExprParser.ParseError(message: "unexpected \(Self.show(tokens[1])) after the type; expected a quoted prompt")
                }
                try setPrompt(entry, prompt, try ifCondition(tokens, 2, place), place)
            }
        case "prompt":
            guard try allowed(symbolKinds + [.choice]) else { return }
            guard tokens.count >= 2, let prompt = Self.text(tokens[1]) else {
                throw KconfigExprParser.ParseError(message: "prompt takes a quoted text")
            }
            try setPrompt(entry, prompt, try ifCondition(tokens, 2, place), place)
        case "default":
            guard try allowed(symbolKinds + [.choice]) else { return }
            var parser = KconfigExprParser(tokens: tokens, i: 1)
            let value = try parser.parse()
            if entry.kind == .choice, case .constant = value {
                throw KconfigExprParser.ParseError(message: "a choice's default names one of its symbols")
            }
            entry.defaults.append(KconfigDefault(value: value, condition: try ifCondition(tokens, parser.i, place), place: place))
        case "select", "imply":
            guard try allowed(symbolKinds) else { return }
            guard tokens.count >= 2, case .word(let name) = tokens[1] else {
                throw KconfigExprParser.ParseError(message: "\(head) takes a symbol name")
            }
            let reverse = KconfigReverse(name: name, condition: try ifCondition(tokens, 2, place), place: place)
            if head == "select" { entry.selects.append(reverse) } else { entry.implies.append(reverse) }
        case "range":
            guard try allowed(symbolKinds) else { return }
            var parser = KconfigExprParser(tokens: tokens, i: 1)
            let low = try Self.bound(&parser, tokens)
            let high = try Self.bound(&parser, tokens)
            entry.ranges.append(KconfigRange(low: low, high: high, condition: try ifCondition(tokens, parser.i, place)))
        case "depends":
            guard tokens.count >= 3, tokens[1] == .keyword("on") else { throw KconfigExprParser.ParseError(message: "expected 'on' after 'depends'") }
            var parser = KconfigExprParser(tokens: tokens, i: 2)
            let condition = try parser.parse()
            try end(parser, tokens, place)
            guard try allowed(symbolKinds + [.choice, .menu, .comment]) else { return }
            entry.depends = RuleExpression.all(entry.depends, condition)
        case "visible":
            guard try allowed([.menu]) else { return }
            guard let condition = try ifCondition(tokens, 1, place) else { throw KconfigExprParser.ParseError(message: "expected 'if' after 'visible'") }
            entry.visibleIf = RuleExpression.all(entry.visibleIf, condition)
        case "optional":
            guard try allowed([.choice]) else { return }
            entry.optional = true
        case "modules":
            guard try allowed(symbolKinds) else { return }
            entry.modules = true
        case "transitional":
            guard try allowed(symbolKinds) else { return }
            warnings.add(place, "'transitional' (Linux 6.18) is not supported by the import: \(entry.name ?? "this symbol") is an ordinary symbol with no prompt here, so a value an old .config gives it is not carried over to the symbols whose defaults read it")
        case "option":
            guard try allowed(symbolKinds) else { return }
            if tokens.count >= 2, tokens[1] == .keyword("modules") {
                entry.modules = true
            } else if tokens.count == 4, Self.text(tokens[1]) == "env" || tokens[1] == .keyword("env"), tokens[2] == .op("="),
                      let variable = Self.text(tokens[3]), let name = entry.name {
                // Linux before 4.18 (Buildroot, BusyBox): the symbol is the environment
                // variable's value, never written to a .config, and `$NAME` names it in
                // `source` and `mainmenu`.
                if !macros.literal {
                    macros.literal = true
                    warnings.add(place, "'option env' is of Kconfig before Linux 4.18: from here on `$(...)` is text, not a macro, and `$NAME` in a source or mainmenu is the value of the symbol NAME")
                }
                let value = macros.environmentValue(variable)
                if value == nil { warnings.add(place, "environment variable \(variable) undefined") }
                envSymbols[name] = KconfigEnvSymbol(variable: variable, value: value ?? "", place: place)
            } else {
                warnings.add(place, "'option' \(tokens.dropFirst().map(Self.show).joined(separator: " ")) is not supported by the import; ignored")
            }
        default:
            try error(place, "unknown statement \"\(head)\"")
        }
    }

    private static func bound(_ parser: inout KconfigExprParser, _ tokens: [KconfigToken]) throws -> RuleExpression {
        guard parser.i < tokens.count else { throw KconfigExprParser.ParseError(message: "range takes two bounds") }
        switch tokens[parser.i] {
        case .word(let w): parser.i += 1; return .symbol(w)
        case .string(let s): parser.i += 1; return .constant(s)
        default: throw KconfigExprParser.ParseError(message: "unexpected \(show(tokens[parser.i])) in a range")
        }
    }

    private mutating func setPrompt(_ entry: KconfigNode, _ prompt: String, _ condition: RuleExpression?, _ place: KconfigPlace) throws {
        if entry.prompt != nil { warnings.add(place, "prompt redefined") }
        entry.prompt = prompt
        entry.promptIf = condition
    }
}

extension KconfigError {
    /// An error of several lines, already in the kernel's form.
    init(description: String) {
        self.init(nil, "")
        self.description = description
    }
}
