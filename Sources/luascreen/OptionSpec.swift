import LuaScreen
import LuaScreenCore

/// What a shell completes after an option.
enum ValueKind {
    case none, file, directory, luaFile, text
}

/// One option: its name, value, the commands that take it (none: every command), its
/// meaning and what it does to `Options`. Adding an option is one entry in `all`.
struct OptionSpec: Sendable {
    let name: String
    var aliases: [String] = []
    /// The value's placeholder (`PATH`), nil for a flag.
    var value: String? = nil
    /// The only values it takes (checked, and completed by the shells).
    var choices: [String] = []
    /// What a shell completes for the value when there are no choices.
    var completes: ValueKind = .text
    var commands: [Options.Command] = []
    let help: String
    let apply: @Sendable (inout Options, String) throws -> Void

    /// The commands that run a script, which take the general options (SPEC §3).
    static let scriptCommands: [Options.Command] = [.run, .check, .dump, .render, .test]
    /// The commands that run a script's code under the limits: the script commands and explore.
    static let limitedCommands: [Options.Command] = scriptCommands + [.explore, .preview, .graph]

    static let all: [OptionSpec] = [
        // Not test: a test's sessions keep their stores in memory (SPEC §5), so a --store
        // there would be ignored; it is refused as a usage error instead.
        OptionSpec(name: "--store", value: "PATH", completes: .file, commands: scriptCommands.filter { $0 != .test } + [.preview, .graph],
                   help: "where values persist, or `none` for memory (default: $XDG_CONFIG_HOME/luascreen/NAME.json)") { $0.storePath = $1 },
        OptionSpec(name: "--store-format", value: "FORMAT", choices: ["json", "kconfig"], commands: scriptCommands.filter { $0 != .test } + [.preview, .graph],
                   help: "the store's format: json, or kconfig (the kernel's .config; the default for a FILE named .config or ending in .config; without --store, ./.config)") {
            $0.storeFormat = $1
        },
        OptionSpec(name: "--width", value: "N", commands: scriptCommands,
                   help: "render width (default: the terminal's, else 80)") { $0.width = try positive("--width", $1) },
        OptionSpec(name: "--color", aliases: ["--colour"], value: "WHEN", choices: Options.ColorMode.allCases.map(\.rawValue),
                   commands: scriptCommands, help: "colour: auto (only on a terminal, never with NO_COLOR), always or never") {
            $0.color = Options.ColorMode(rawValue: $1)!
        },
        OptionSpec(name: "--ascii", commands: scriptCommands, help: "draw with ASCII only") { o, _ in o.ascii = true },
        OptionSpec(name: "--max-instructions", value: "N", commands: limitedCommands + [.lsp],
                   help: "instruction budget of each action: a load, a screen, a command, a test (default 10000000)") { $0.limits.instructions = try positive("--max-instructions", $1) },
        OptionSpec(name: "--max-memory", value: "BYTES", commands: limitedCommands + [.import_, .lsp],
                   help: "memory cap of the Lua state, and of what the host copies out of it; for import, of what the plists expand to (default 64M; K, M, G)") { $0.limits.memory = try positive("--max-memory", $1) },
        OptionSpec(name: "--trusted", commands: limitedCommands,
                   help: "lift the sandbox (io, os, debug, package)") { o, _ in o.trusted = true },
        OptionSpec(name: "--locale", value: "LANG", commands: [.run, .check, .dump, .render, .preview, .graph],
                   help: "show the app's strings in LANG (default: LC_ALL, LC_MESSAGES, LANG); with check: warn about strings LANG does not translate") {
            $0.locale = $1
        },
        OptionSpec(name: "--werror", commands: [.check], help: "warnings fail the check too (exit 1)") { o, _ in o.werror = true },
        OptionSpec(name: "--todo", value: "FILE", completes: .file, commands: [.check],
                   help: "with --locale: write the texts LANG does not translate to FILE, a Lua table to fill in (a new file)") { $0.todo = $1 },
        OptionSpec(name: "--json", commands: [.check, .explore], help: "print JSON: check's diagnostics, explore's summary") { o, _ in o.json = true },
        OptionSpec(name: "--screen", value: "ID", commands: [.render], help: "render this screen of the app instead of the root") { $0.screen = $1 },
        OptionSpec(name: "--page", value: "N", commands: [.render], help: "render page N of a long screen") { $0.page = try positive("--page", $1) },
        OptionSpec(name: "--page-rows", value: "R", commands: [.render], help: "rows per page with --page (default 20)") {
            $0.pageRows = try positive("--page-rows", $1)
        },
        OptionSpec(name: "--watch", commands: [.run],
                   help: "reload when the script, a module of its project or a locale file it reads changes on disk") { o, _ in o.watch = true },
        OptionSpec(name: "--record", value: "FILE", completes: .file, commands: [.run],
                   help: "write the session as a test file that replays it") { $0.record = $1 },
        OptionSpec(name: "--coverage", value: "FILE", completes: .file, commands: [.test],
                   help: "write lcov of the screen scripts the tests opened, and print a summary") { $0.coverage = $1 },
        OptionSpec(name: "--seed", value: "N", commands: [.explore], help: "the seed of the walks (default: from the clock, printed first)") {
            $0.explore.seed = try ExploreArguments.seed($1)
        },
        OptionSpec(name: "--walks", value: "W", commands: [.explore], help: "how many random walks (default 200)") { $0.explore.walks = try positive("--walks", $1) },
        OptionSpec(name: "--steps", value: "K", commands: [.explore], help: "the most steps of a walk (default 50)") { $0.explore.steps = try positive("--steps", $1) },
        OptionSpec(name: "--update-snapshots", commands: [.test], help: "rewrite snapshots instead of comparing them") { o, _ in o.updateSnapshots = true },
        OptionSpec(name: "--junit", value: "FILE", completes: .file, commands: [.test],
                   help: "also write the results as JUnit XML to FILE") { $0.junit = $1 },
        OptionSpec(name: "--filter", value: "TEXT", commands: [.test], help: "run only the tests whose name contains TEXT") { $0.filter = $1 },
        OptionSpec(name: "--allow-empty", commands: [.test],
                   help: "exit 0 when no test ran (no test file, or --filter matched none); by default that exits 1") { o, _ in o.allowEmpty = true },
        OptionSpec(name: "--format", value: "FORMAT", choices: ExportFormat.allCases.map(\.rawValue), commands: [.export],
                   help: "what to write") { $0.format = $1 },
        OptionSpec(name: "--format", value: "FORMAT", choices: ExportFormat.allCases.map(\.rawValue) + [ImportCommand.kconfig], commands: [.import_],
                   help: "what the file is (default: androidx for .xml, else a Settings.bundle; kconfig: a Kconfig tree's top file)") { $0.format = $1 },
        OptionSpec(name: "--srctree", value: "DIR", completes: .directory, commands: [.import_],
                   help: "kconfig: the source tree every `source` is read from, and nothing outside it (default: the Kconfig file's folder)") { $0.srctree = $1 },
        OptionSpec(name: "--env", value: "NAME=VALUE", commands: [.import_],
                   help: "kconfig: a value for $(NAME), before the environment (repeatable)") {
            guard let eq = $1.firstIndex(of: "="), eq != $1.startIndex else {
                throw Options.UsageError(description: "--env takes NAME=VALUE, got \"\($1)\"")
            }
            $0.env.append((String($1[..<eq]), String($1[$1.index(after: eq)...])))
        },
        OptionSpec(name: "--format", value: "FORMAT", choices: ["dot", "svg"], commands: [.graph],
                   help: "what graph prints: Graphviz's dot text (default), or SVG drawn by Graphviz's dot") { $0.format = $1 },
        OptionSpec(name: "--port", value: "N", commands: [.preview],
                   help: "the port preview listens on, at 127.0.0.1 (default: a free one)") {
            guard let n = Int($1), n > 0, n < 65536 else {
                throw Options.UsageError(description: "--port takes a port from 1 to 65535, got \"\($1)\"")
            }
            $0.port = n
        },
        OptionSpec(name: "--out", value: "PATH", completes: .file, commands: [.explore, .export, .import_, .stubs],
                   help: "export: the folder to write; import: the script (kconfig: the app's folder); explore: the folder for a failing walk's _test.lua; stubs: the file (default: standard output)") {
            $0.out = $1
        },
        OptionSpec(name: "--stdio", commands: [.lsp],
                   help: "talk on standard input and output: the only transport, accepted as editors' clients pass it") { _, _ in },
        OptionSpec(name: "--luacheck", commands: [.stubs], help: "write a luacheck config (.luacheckrc) instead of the LuaLS definitions") { o, _ in o.luacheck = true },
        OptionSpec(name: "--help", aliases: ["-h"], help: "this help; with a command, that command's") { o, _ in o.help = true },
        OptionSpec(name: "--version", aliases: ["-V"], help: "the version") { o, _ in o.version = true },
    ]

    static func named(_ name: String) -> OptionSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The option of that name for `command`, when two commands' options share a name
    /// (`--format` of export and of graph); else the first of that name.
    static func named(_ name: String, for command: Options.Command) -> OptionSpec? {
        all.first { ($0.name == name || $0.aliases.contains(name)) && $0.commands.contains(command) } ?? named(name)
    }

    /// The options a command takes, in table order.
    static func of(_ command: Options.Command) -> [OptionSpec] {
        all.filter { $0.commands.isEmpty || $0.commands.contains(command) }
    }

    /// `--store PATH`, `--ascii`: the option as the usage text writes it.
    var usage: String { value.map { "\(name) \(choices.isEmpty ? $0 : choices.joined(separator: "|"))" } ?? name }

    static func positive(_ name: String, _ text: String) throws -> Int {
        guard let n = parseSize(text), n > 0 else {
            throw Options.UsageError(description: "\(name) takes a positive whole number, got \"\(text)\"")
        }
        return n
    }
}

/// "64M", "1G", "65536" -> bytes (also plain counts).
func parseSize(_ text: String) -> Int? {
    let t = String(text.lowercased().filter { $0 != "_" })
    let units: [(String, Int)] = [("kib", 1 << 10), ("mib", 1 << 20), ("gib", 1 << 30), ("k", 1 << 10), ("m", 1 << 20), ("g", 1 << 30)]
    for (suffix, factor) in units where t.hasSuffix(suffix) {
        guard let n = Int(t.dropLast(suffix.count)) else { return nil }
        return n.multipliedReportingOverflow(by: factor).overflow ? nil : n * factor
    }
    return Int(t)
}

/// The option or value `word` may have meant: one it begins (`--wid`), else the closest by
/// `Suggest.closest` (`--colr`, `--widthh`).
func closestOption(_ word: String, _ candidates: [String]) -> String? {
    candidates.first { $0.hasPrefix(word) } ?? Suggest.closest(to: word, in: candidates)
}
