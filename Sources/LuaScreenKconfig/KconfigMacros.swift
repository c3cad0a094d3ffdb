/// Kconfig's macro language (Documentation/kbuild/kconfig-macro-language.rst), as the
/// kernel's preprocessor expands it, except that nothing is ever run: `$(shell,...)` is the
/// empty string (one warning names the first place). `$(VAR)` is a variable of the files
/// (`:=` simple, `=` recursive, `+=` appending), else the import's `--env`, else the
/// environment, else empty; `$(name,arg,...)` calls a recursive variable with `$(1)`...;
/// `$(info,...)` and `$(warning-if,y,...)` are warnings, `$(error-if,y,...)` an error;
/// `$(filename)` and `$(lineno)` the place being read.
struct KconfigMacros {
    /// A variable of the files: its text and whether it is expanded at each use.
    private struct Variable {
        var value: [UInt8]
        var recursive: Bool
        var expanding = 0
    }

    private var variables: [[UInt8]: Variable] = [:]
    /// `--env NAME=VALUE`, looked up before the environment.
    let env: [String: String]
    /// The environment of the process, after `env`.
    let processEnvironment: (String) -> String?
    /// Where the first `$(shell,...)` was met (one warning names it).
    private(set) var firstShell: KconfigPlace?
    /// The place being read, for `$(filename)`, `$(lineno)` and messages.
    var place = KconfigPlace(file: "", line: 0)
    /// Warnings from `$(info,...)` and `$(warning-if,...)`, in order.
    var warnings: [(KconfigPlace, String)] = []
    /// The names called with arguments that are neither variables nor functions (warned once).
    private var unknownFunctions = Set<[UInt8]>()
    /// Expansions this deep are a loop.
    static let maxDepth = 1000
    /// A macro's expansion may grow to at most this many bytes.
    static let maxLength = 1 << 20
    private var depth = 0

    /// A tree of the dialect before Linux 4.18 (it has `option env`): there is no
    /// preprocessor, and `$(...)` is text (Buildroot's `"$(CONFIG_DIR)/defconfig"`).
    var literal = false

    /// An environment variable's value: `--env`, then the environment (nil: neither has it).
    func environmentValue(_ name: String) -> String? { env[name] ?? processEnvironment(name) }

    /// Macros with `env` first, then `processEnvironment`.
    init(env: [String: String], processEnvironment: @escaping (String) -> String?) {
        self.env = env
        self.processEnvironment = processEnvironment
    }

    /// `NAME op VALUE` of a file: `:=` expands now, `=` at each use, `+=` appends (in the
    /// variable's flavour; recursive for a new one).
    mutating func assign(_ name: [UInt8], op: String, value: [UInt8]) throws {
        var recursive = op == "="
        var append = false
        if let existing = variables[name] {
            if op == "+=" { recursive = existing.recursive; append = true }
        } else if op == "+=" {
            recursive = true
        }
        let text = recursive ? value : try expand(value)
        if append, var variable = variables[name] {
            variable.value += [0x20] + text
            variables[name] = variable
        } else {
            variables[name] = Variable(value: text, recursive: recursive)
        }
    }

    /// `text` with every `$(...)` expanded.
    mutating func expand(_ text: [UInt8], args: [[UInt8]] = []) throws -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < text.count {
            if text[i] == UInt8(ascii: "$") {
                out += try expandDollar(text, at: &i, args: args)
                try checkLength(out.count)
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    /// The expansion of the `$...` at `i` in `text`; `i` ends after it. A `$` not followed by
    /// `(` is itself.
    mutating func expandDollar(_ text: [UInt8], at i: inout Int, args: [[UInt8]] = []) throws -> [UInt8] {
        guard !literal, i + 1 < text.count, text[i + 1] == UInt8(ascii: "(") else {
            i += 1
            return [UInt8(ascii: "$")]
        }
        let start = i + 2
        var q = start
        var nest = 0
        while q < text.count {
            if text[q] == UInt8(ascii: "(") { nest += 1 } else if text[q] == UInt8(ascii: ")") {
                if nest == 0 { break }
                nest -= 1
            }
            q += 1
        }
        guard q < text.count else {
            throw KconfigError(place, "unterminated reference to '\(String(decoding: text[start...], as: UTF8.self))': missing ')'")
        }
        i = q + 1
        return try evalClause(Array(text[start..<q]), args: args)
    }

    /// What the text inside `$( )` gives: an argument `$(1)`, a variable, a function, an
    /// environment variable, or nothing.
    private mutating func evalClause(_ clause: [UInt8], args: [[UInt8]]) throws -> [UInt8] {
        if let n = Int(String(decoding: clause, as: UTF8.self)), n > 0, n <= args.count { return args[n - 1] }
        var parts: [[UInt8]] = []
        var nest = 0
        var from = 0
        for (k, b) in clause.enumerated() {
            if b == UInt8(ascii: ","), nest == 0 {
                parts.append(Array(clause[from..<k]))
                from = k + 1
            } else if b == UInt8(ascii: "(") {
                nest += 1
            } else if b == UInt8(ascii: ")") {
                nest -= 1
            }
        }
        parts.append(Array(clause[from...]))
        if parts.count > 16 { throw KconfigError(place, "too many function arguments") }
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth { throw KconfigError(place, "too deep recursive expansion of macros") }
        let name = try expand(parts[0], args: args)
        var callArgs: [[UInt8]] = []
        for part in parts.dropFirst() { callArgs.append(try expand(part, args: args)) }

        if var variable = variables[name] {
            if callArgs.isEmpty && variable.expanding > 0 {
                throw KconfigError(place, "recursive variable '\(String(decoding: name, as: UTF8.self))' references itself (eventually)")
            }
            guard variable.recursive else { return variable.value }
            variable.expanding += 1
            variables[name] = variable
            defer { variables[name]?.expanding -= 1 }
            return try expand(variable.value, args: callArgs)
        }
        if let result = try function(String(decoding: name, as: UTF8.self), callArgs) { return result }
        if callArgs.isEmpty {
            let key = String(decoding: name, as: UTF8.self)
            if let value = env[key] ?? processEnvironment(key) { return Array(value.utf8) }
        } else if unknownFunctions.insert(name).inserted {
            // (conf expands it to "" too, silently; a tree that calls it expects a tool that
            // defines it: Zephyr's kconfiglib and its dt_* functions)
            warnings.append((place, "$(\(String(decoding: name, as: UTF8.self)),...) is neither a variable nor a function of Kconfig: it expands to \"\" here and everywhere else"))
        }
        return []
    }

    /// A built-in function's result, nil when `name` is none.
    private mutating func function(_ name: String, _ args: [[UInt8]]) throws -> [UInt8]? {
        func count(_ low: Int, _ high: Int) throws {
            if args.count < low { throw KconfigError(place, "too few function arguments passed to '\(name)'") }
            if args.count > high { throw KconfigError(place, "too many function arguments passed to '\(name)'") }
        }
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        switch name {
        case "shell":
            try count(1, 1)
            if firstShell == nil { firstShell = place }
            return []
        case "info":
            try count(0, 1)
            warnings.append((place, "$(info): " + text(args.first ?? [])))
            return []
        case "warning-if":
            try count(2, 2)
            if args[0] == [UInt8(ascii: "y")] { warnings.append((place, text(args[1]))) }
            return []
        case "error-if":
            try count(2, 2)
            if args[0] == [UInt8(ascii: "y")] { throw KconfigError(place, text(args[1])) }
            return []
        case "filename":
            try count(0, 0)
            return Array(place.file.utf8)
        case "lineno":
            try count(0, 0)
            return Array(String(place.line).utf8)
        default:
            return nil
        }
    }

    private func checkLength(_ n: Int) throws {
        if n > Self.maxLength { throw KconfigError(place, "a macro expands to more than \(Self.maxLength) bytes") }
    }
}
