/// One token of a Kconfig line. `Sendable`: a plain value.
enum KconfigToken: Equatable, Sendable {
    /// A keyword (`config`, `depends`, `bool`, ...): a word spelled so, not made by a macro.
    case keyword(String)
    /// A word: a symbol name, a number, `y`/`m`/`n` (a macro's expansion is always a word).
    case word(String)
    /// A quoted string (macros expanded, `\x` read as `x`); an empty expansion inside a
    /// statement is the empty string too.
    case string(String)
    /// `&&`, `||`, `!`, `=`, `!=`, `<`, `<=`, `>`, `>=`, `(`, `)`, `:=`, `+=`.
    case op(String)
}

/// Splits one logical line of a Kconfig file (continuations joined) into tokens, expanding
/// macros as the kernel's lexer does: inside a word, where the expansion is one word (an
/// empty one inside a statement reads as `""`, alone at the start of a line as nothing), and
/// inside quotes. A `#` outside quotes ends the line. An assignment `NAME = VALUE`
/// (`:=`, `+=`) is given whole to the macros.
struct KconfigLexer {
    /// The words the kernel's lexer reads as keywords.
    static let keywords: Set<String> = [
        "bool", "choice", "comment", "config", "def_bool", "def_tristate", "default", "depends",
        "endchoice", "endif", "endmenu", "help", "hex", "if", "imply", "int", "mainmenu", "menu",
        "menuconfig", "modules", "on", "optional", "prompt", "range", "select", "source", "string", "transitional",
        "tristate", "visible", "rsource", "osource", "orsource", "option", "def_int",
        "def_hex", "def_string",
    ]

    /// What a line is.
    enum Line {
        /// Tokens of a statement (never empty).
        case tokens([KconfigToken])
        /// A variable assignment (already given to the macros).
        case assignment
        /// Nothing (blank, a comment, or macros that expand to nothing).
        case empty
    }

    /// Letters, digits, `_` and `-` (the kernel's), and `.` and `/`, which older dialects
    /// (U-Boot's, kconfiglib's) take in words (`source board/x/Kconfig`, `default kernel.itb`).
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
            || b == 0x2E || b == 0x2F
    }

    /// The tokens of `line` (without its line end). Unsupported characters are warned about
    /// and skipped, as the kernel does.
    static func tokenize(_ line: [UInt8], macros: inout KconfigMacros, warn: (String) -> Void) throws -> Line {
        var tokens: [KconfigToken] = []
        var i = 0
        let n = line.count
        while i < n {
            let b = line[i]
            if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C { i += 1; continue }
            if b == UInt8(ascii: "#") { break }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                tokens.append(.string(try quoted(line, at: &i, macros: &macros, warn: warn)))
                continue
            }
            if isWordByte(b) || b == UInt8(ascii: "$") {
                var word: [UInt8] = []
                var expanded = false
                while i < n {
                    if line[i] == UInt8(ascii: "$") {
                        expanded = true
                        word += try macros.expandDollar(line, at: &i)
                    } else if isWordByte(line[i]) {
                        word.append(line[i])
                        i += 1
                    } else {
                        break
                    }
                }
                let text = String(decoding: word, as: UTF8.self)
                if tokens.isEmpty, let (op, at) = assignmentOp(line, at: i) {
                    // NAME = VALUE: the value is the rest of the line, from its first non-blank.
                    var v = at + op.count
                    while v < n, line[v] == 0x20 || line[v] == 0x09 { v += 1 }
                    guard !word.isEmpty else { throw KconfigError(macros.place, "a variable's name expands to nothing") }
                    try macros.assign(word, op: op, value: Array(line[v...]))
                    return .assignment
                }
                if expanded {
                    if !word.isEmpty { tokens.append(.word(text)) } else if !tokens.isEmpty { tokens.append(.string("")) }
                } else {
                    // `---help---` is the older spelling of `help` (kconfiglib and U-Boot read it).
                    tokens.append(keywords.contains(text) ? .keyword(text) : text == "---help---" ? .keyword("help") : .word(text))
                }
                continue
            }
            let two = i + 1 < n ? String(decoding: line[i...(i + 1)], as: UTF8.self) : ""
            if ["&&", "||", "!=", "<=", ">=", ":=", "+="].contains(two) {
                tokens.append(.op(two))
                i += 2
                continue
            }
            if "=<>!()".utf8.contains(b) {
                tokens.append(.op(String(UnicodeScalar(b))))
                i += 1
                continue
            }
            warn("ignoring unsupported character '\(b < 0x80 ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16))'")
            i += 1
        }
        return tokens.isEmpty ? .empty : .tokens(tokens)
    }

    /// `=`, `:=` or `+=` after blanks at `i`, when the line is an assignment.
    private static func assignmentOp(_ line: [UInt8], at start: Int) -> (String, Int)? {
        var i = start
        while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        guard i < line.count else { return nil }
        if line[i] == UInt8(ascii: "=") { return ("=", i) }
        if i + 1 < line.count, line[i + 1] == UInt8(ascii: "="), line[i] == UInt8(ascii: ":") || line[i] == UInt8(ascii: "+") {
            return (line[i] == UInt8(ascii: ":") ? ":=" : "+=", i)
        }
        return nil
    }

    /// The quoted string at `i` (its opening quote), macros expanded; `i` ends after it. An
    /// unterminated string ends at the line's end (with the kernel's warning).
    private static func quoted(_ line: [UInt8], at i: inout Int, macros: inout KconfigMacros, warn: (String) -> Void) throws -> String {
        let quote = line[i]
        i += 1
        var out: [UInt8] = []
        while i < line.count {
            let b = line[i]
            if b == quote { i += 1; return String(decoding: out, as: UTF8.self) }
            if b == UInt8(ascii: "\\") {
                if i + 1 < line.count { out.append(line[i + 1]) }
                i += 2
                continue
            }
            if b == UInt8(ascii: "$") {
                out += try macros.expandDollar(line, at: &i)
                continue
            }
            out.append(b)
            i += 1
        }
        warn("multi-line strings not supported")
        return String(decoding: out, as: UTF8.self)
    }
}
