/// The kernel's `.config` format: reading it as `conf_read` does and writing it as
/// `conf_write` does (scripts/kconfig/confdata.c).
public enum ConfigEntry: Sendable {
    /// A symbol, written once, at its first entry.
    case symbol(String)
    /// A menu: its title, its visibility condition, and what it holds.
    case menu(String, RuleExpression?, [ConfigEntry])
    /// A comment, with its visibility condition.
    case comment(String, RuleExpression?)
}

extension RuleEngine {
    /// The `.config` text, `conf_write`'s: the heading with `title`, then each written symbol
    /// in the order of `entries` (`CONFIG_X=v`, `# CONFIG_X is not set`), with the headers of
    /// the visible menus and comments.
    public func configText(title: String, entries: [ConfigEntry]) -> String {
        var out = "#\n# Automatically generated file; DO NOT EDIT.\n# \(title)\n#\n"
        var written = Set<Int32>()
        var needNewline = false
        func walk(_ list: [ConfigEntry]) {
            for e in list {
                switch e {
                case .symbol(let name):
                    guard let i = byName[name], syms[Int(i)].type != nil, !syms[Int(i)].isChoice, written.insert(i).inserted else { continue }
                    calc(i)
                    guard syms[Int(i)].write else { continue }
                    if needNewline { out += "\n"; needNewline = false }
                    out += configLine(i)
                case .menu(let title, let cond, let children):
                    let visible = cond.map { evaluate($0) != .n } ?? true
                    if visible { out += "\n#\n# \(title)\n#\n"; needNewline = false }
                    walk(children)
                    if visible { out += "# end of \(title)\n"; needNewline = true }
                case .comment(let text, let cond):
                    if cond.map({ evaluate($0) != .n }) ?? true { out += "\n#\n# \(text)\n#\n"; needNewline = false }
                }
            }
        }
        walk(entries)
        return out
    }

    /// One symbol's line (`__print_symbol`).
    func configLine(_ i: Int32) -> String {
        let s = syms[Int(i)]
        let v = stringValue(i)
        if s.type!.isTristateLike && v == "n" { return "# CONFIG_\(s.name) is not set\n" }
        if s.type == .string {
            var q = "\""
            for c in v.unicodeScalars { if c == "\"" || c == "\\" { q.unicodeScalars.append("\\") }; q.unicodeScalars.append(c) }
            return "CONFIG_\(s.name)=\(q)\"\n"
        }
        return "CONFIG_\(s.name)=\(v)\n"
    }

    /// The values of a `.config` file as `conf_read_simple` reads them: each symbol's value as
    /// text (strings unquoted), and a warning for each line it cannot use (`line N: ...`).
    public static func parseConfig(_ text: String) -> (values: [(name: String, value: String, line: Int)], warnings: [String]) {
        var values: [(String, String, Int)] = []
        var warnings: [String] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.first == "#" {
                guard line.hasPrefix("# CONFIG_") else { continue }
                let rest = line.dropFirst(9)
                guard let space = rest.firstIndex(of: " ") else { continue }
                guard rest[rest.index(after: space)...].hasPrefix("is not set") else { continue }
                values.append((String(rest[..<space]), "n", lineNumber))
            } else if line.hasPrefix("CONFIG_") {
                let rest = line.dropFirst(7)
                guard let eq = rest.firstIndex(of: "=") else { continue }
                values.append((String(rest[..<eq]), String(rest[rest.index(after: eq)...]), lineNumber))
            } else if !line.isEmpty {
                warnings.append("line \(lineNumber): unexpected data: \(line)")
            }
        }
        return (values, warnings)
    }

    /// Loads a `.config` as `conf --olddefconfig` does: every person's value replaced by the
    /// file's, then `conf_read`'s checks. Returns the warnings (`line N: unknown symbol: X`,
    /// `line N: symbol value 'v' invalid for X`, ...).
    public func loadConfig(_ text: String) -> [String] {
        let (values, parseWarnings) = Self.parseConfig(text)
        var warnings = parseWarnings
        clearUserValues()
        var seen = Set<Int32>()
        for (name, value, line) in values {
            guard let i = byName[name], let type = syms[Int(i)].type, !syms[Int(i)].isChoice else {
                warnings.append("line \(line): unknown symbol: \(name)")
                continue
            }
            if !seen.insert(i).inserted { warnings.append("line \(line): override: reassigning to symbol \(name)") }
            var v = value
            if type == .string {
                guard v.first == "\"" else { continue }
                var out = "", escaped = false, closed = false
                for c in v.dropFirst() {
                    if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { closed = true; break } else { out.append(c) }
                }
                guard closed else { warnings.append("line \(line): invalid string found"); continue }
                v = out
            }
            if let w = loadUser(i, text: v) { warnings.append("line \(line): \(w)") }
        }
        finishLoad()
        return warnings
    }
}
