@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

/// The command line, parsed. What each command and option means, which commands take it
/// and how its value is read are in the tables below (`CommandSpec.all`, `OptionSpec.all`),
/// which drive parsing, the usage text, `--help`, the man page and the shell completions.
struct Options {
    /// The commands (`luascreen COMMAND ...`).
    enum Command: String, CaseIterable {
        case run, check, dump, render, test, explore, export, import_ = "import", stubs, completions, man
    }
    enum ColorMode: String, CaseIterable { case auto, always, never }

    var command: Command = .run
    var paths: [String] = []
    var storePath: String?          // nil: the default place; "none": memory
    var width: Int?
    var color: ColorMode = .auto
    var ascii = false
    var limits = LuaLimits(memoryAdvice: "raise it with --max-memory", instructionsAdvice: "raise it with --max-instructions")
    var trusted = false
    /// `run --watch`: reload when the script or a module it required changes on disk.
    var watch = false
    var json = false
    var screen: String?
    var locale: String?             // nil: from LC_ALL, LC_MESSAGES, LANG
    var page: Int?
    var pageRows = 20
    var updateSnapshots = false
    var explore = ExploreArguments()
    var record: String?
    var coverage: String?
    var junit: String?
    var filter: String?
    var out: String?                // stubs: the file; export: the folder; import: the script; explore: the folder
    var format: String?             // export: settings-bundle | androidx
    var luacheck = false
    var help = false
    /// `luascreen help check`, `luascreen check --help`: the command whose help to print
    /// (nil: every command's).
    var helpTopic: Command?
    var version = false

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        var explicitCommand = false
        if let first = rest.first {
            if let command = Command(rawValue: first) {
                options.command = command
                explicitCommand = true
                rest = rest.dropFirst()
            } else if first == "help" {
                options.help = true
                rest = rest.dropFirst()
                if let topic = rest.first, let command = Command(rawValue: topic) {
                    options.command = command
                    explicitCommand = true
                    rest = rest.dropFirst()
                }
            }
        }
        var given: [OptionSpec] = []
        var onlyPaths = false
        while let argument = rest.first {
            rest = rest.dropFirst()
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            if argument == "--" { onlyPaths = true; continue }
            var name = argument
            var inline: String? = nil
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            guard let spec = OptionSpec.named(name) else {
                let hint = closestOption(name, OptionSpec.all.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError(description: "unknown option \(name)\(hint)")
            }
            var value = ""
            if let placeholder = spec.value {
                if let inline {
                    value = inline
                } else if let next = rest.first {
                    value = next
                    rest = rest.dropFirst()
                } else {
                    throw UsageError(description: "\(spec.name) needs a value: \(spec.name) \(placeholder)")
                }
                if !spec.choices.isEmpty, !spec.choices.contains(value) {
                    let hint = closestOption(value, spec.choices).map { " (did you mean \($0)?)" } ?? ""
                    throw UsageError(description: "\(spec.name) takes \(list(spec.choices)), got \"\(value)\"\(hint)")
                }
            } else if inline != nil {
                throw UsageError(description: "\(spec.name) takes no value")
            }
            try spec.apply(&options, value)
            given.append(spec)
        }
        if options.help || options.version {
            if explicitCommand { options.helpTopic = options.command }
            return options
        }
        // Options that go with some commands only.
        for spec in given where !spec.commands.isEmpty && !spec.commands.contains(options.command) {
            let owners = spec.commands.map(\.rawValue)
            let bare = explicitCommand ? "" : " (and no command means run)"
            throw UsageError(description: "\(spec.name) goes with \(list(owners, last: "or"))\(bare)")
        }
        try CommandSpec.of(options.command).check(options)
        return options
    }

    static func list(_ words: [String], last: String = "or") -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(last) " + words.last!
    }
}

/// What a command takes besides options.
enum Operands {
    /// Exactly one script.
    case script
    /// One script or more.
    case scripts
    /// Test files or folders, none meaning ./tests.
    case testPaths
    /// Exactly one file of any kind (a plist).
    case file
    /// One word of a fixed list.
    case choice([String])
    /// Nothing.
    case none
}

/// One command: its synopsis, its one-line meaning, what it takes and what runs it (a
/// file of `Commands/` each).
struct CommandSpec: Sendable {
    let command: Options.Command
    /// What follows the command name in the usage text, e.g. `SCRIPT... [--json]`.
    let synopsis: String
    let help: String
    let operands: Operands
    /// The command's own check of its operands (`ExportCommand.checkUsage`), instead of `operands`'.
    var checkUsage: (@Sendable (Options) throws -> Void)? = nil
    /// Runs the command; the exit status.
    let run: @Sendable (Options) -> Int32

    /// Every command, in the order `--help` and the man page list them.
    static let all: [CommandSpec] = [
        CommandSpec(command: .run, synopsis: "SCRIPT [--watch] [--record FILE] [options]",
                    help: "the REPL; batch mode when stdin is not a terminal", operands: .script, run: RunCommand.run),
        CommandSpec(command: .check, synopsis: "SCRIPT... [--json]", help: "validate; exit 0 when clean", operands: .scripts, run: CheckCommand.run),
        CommandSpec(command: .dump, synopsis: "SCRIPT", help: "JSON of the evaluated screens", operands: .script, run: DumpCommand.run),
        CommandSpec(command: .render, synopsis: "SCRIPT [--screen ID] [--page N [--page-rows R]]",
                    help: "print a screen as the REPL draws it", operands: .script, run: RenderCommand.run),
        CommandSpec(command: .test, synopsis: "[PATH...] [--update-snapshots] [--junit FILE] [--filter TEXT] [--coverage FILE]",
                    help: "run *_test.lua files (default: ./tests); TAP output", operands: .testPaths, run: TestCommand.run),
        CommandSpec(command: .explore, synopsis: "SCRIPT [--seed N] [--walks W] [--steps K] [--out DIR] [--json]",
                    help: "random walks with checks; a failure shrunk to commands", operands: .script, run: ExploreCommand.run),
        CommandSpec(command: .export, synopsis: "SCRIPT --format settings-bundle|androidx --out DIR",
                    help: "an iOS Settings.bundle or androidx.preference XML", operands: .script,
                    checkUsage: ExportCommand.checkUsage, run: ExportCommand.run),
        CommandSpec(command: .import_, synopsis: "PLIST [--out FILE]", help: "a Settings.bundle's Root.plist as a Lua script",
                    operands: .file, checkUsage: ImportCommand.checkUsage, run: ImportCommand.run),
        CommandSpec(command: .stubs, synopsis: "[--out FILE] [--luacheck]",
                    help: "LuaLS definitions of the authoring API (--luacheck: a .luacheckrc)", operands: .none,
                    run: StubsCommand.run),
        CommandSpec(command: .completions, synopsis: "bash|zsh|fish", help: "the shell completion script",
                    operands: .choice(["bash", "zsh", "fish"]), run: CompletionsCommand.run),
        CommandSpec(command: .man, synopsis: "", help: "the man page (roff)", operands: .none, run: ManCommand.run),
    ]

    static func of(_ command: Options.Command) -> CommandSpec { all.first { $0.command == command }! }

    /// The checks of the operands, with the usage error to print.
    func check(_ options: Options) throws {
        if let checkUsage { return try checkUsage(options) }
        let name = command.rawValue
        switch operands {
        case .script:
            guard options.paths.count == 1 else {
                throw Options.UsageError(description: options.paths.isEmpty ? "which script? e.g. luascreen \(name) examples/settings.lua"
                                                                            : "one script at a time, got \(options.paths.count)")
            }
        case .scripts:
            guard !options.paths.isEmpty else {
                throw Options.UsageError(description: "which scripts? e.g. luascreen \(name) examples/*.lua")
            }
        case .testPaths:
            break
        case .file:
            guard options.paths.count == 1 else {
                throw Options.UsageError(description: options.paths.isEmpty ? "which file? e.g. luascreen \(name) FILE"
                                                                            : "one file at a time, got \(options.paths.count)")
            }
        case .choice(let words):
            guard options.paths.count == 1, words.contains(options.paths[0]) else {
                throw Options.UsageError(description: "\(name) takes one of \(Options.list(words)), e.g. luascreen \(name) \(words[0])")
            }
        case .none:
            guard options.paths.isEmpty else {
                throw Options.UsageError(description: "\(name) takes no arguments, got \"\(options.paths[0])\"")
            }
        }
    }
}

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

    static let all: [OptionSpec] = [
        OptionSpec(name: "--store", value: "PATH", completes: .file, commands: scriptCommands,
                   help: "where values persist, or `none` for memory (default: $XDG_CONFIG_HOME/luascreen/NAME.json)") { $0.storePath = $1 },
        OptionSpec(name: "--width", value: "N", commands: scriptCommands,
                   help: "render width (default: the terminal's, else 80)") { $0.width = try positive("--width", $1) },
        OptionSpec(name: "--color", aliases: ["--colour"], value: "WHEN", choices: Options.ColorMode.allCases.map(\.rawValue),
                   commands: scriptCommands, help: "colour: auto (only on a terminal, never with NO_COLOR), always or never") {
            $0.color = Options.ColorMode(rawValue: $1)!
        },
        OptionSpec(name: "--ascii", commands: scriptCommands, help: "draw with ASCII only") { o, _ in o.ascii = true },
        OptionSpec(name: "--max-instructions", value: "N", commands: scriptCommands,
                   help: "instruction budget of each action: a load, a screen, a command, a test (default 10000000)") { $0.limits.instructions = try positive("--max-instructions", $1) },
        OptionSpec(name: "--max-memory", value: "BYTES", commands: scriptCommands,
                   help: "memory cap of the Lua state, and of what the host copies out of it (default 64M; K, M, G)") { $0.limits.memory = try positive("--max-memory", $1) },
        OptionSpec(name: "--trusted", commands: scriptCommands,
                   help: "lift the sandbox (io, os, debug, package)") { o, _ in o.trusted = true },
        OptionSpec(name: "--locale", value: "LANG", commands: [.run, .check, .dump, .render],
                   help: "show the app's strings in LANG (default: LC_ALL, LC_MESSAGES, LANG); with check: warn about strings LANG does not translate") {
            $0.locale = $1
        },
        OptionSpec(name: "--json", commands: [.check, .explore], help: "print JSON: check's diagnostics, explore's summary") { o, _ in o.json = true },
        OptionSpec(name: "--screen", value: "ID", commands: [.render], help: "render this screen of the app instead of the root") { $0.screen = $1 },
        OptionSpec(name: "--page", value: "N", commands: [.render], help: "render page N of a long screen") { $0.page = try positive("--page", $1) },
        OptionSpec(name: "--page-rows", value: "R", commands: [.render], help: "rows per page with --page (default 20)") {
            $0.pageRows = try positive("--page-rows", $1)
        },
        OptionSpec(name: "--watch", commands: [.run],
                   help: "reload when the script or a module it required changes on disk") { o, _ in o.watch = true },
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
        OptionSpec(name: "--format", value: "FORMAT", choices: ExportFormat.allCases.map(\.rawValue), commands: [.export, .import_],
                   help: "what export writes: an iOS Settings.bundle or androidx.preference XML") { $0.format = $1 },
        OptionSpec(name: "--out", value: "PATH", completes: .file, commands: [.explore, .export, .import_, .stubs],
                   help: "export: the folder to write; import: the script; explore: the folder for a failing walk's _test.lua; stubs: the file (default: standard output)") {
            $0.out = $1
        },
        OptionSpec(name: "--luacheck", commands: [.stubs], help: "write a luacheck config (.luacheckrc) instead of the LuaLS definitions") { o, _ in o.luacheck = true },
        OptionSpec(name: "--help", aliases: ["-h"], help: "this help; with a command, that command's") { o, _ in o.help = true },
        OptionSpec(name: "--version", aliases: ["-V"], help: "the version") { o, _ in o.version = true },
    ]

    static func named(_ name: String) -> OptionSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
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

/// The text of `luascreen --help`, or of `luascreen help COMMAND` for one command.
func usage(for command: Options.Command? = nil) -> String {
    let commands = command.map { [CommandSpec.of($0)] } ?? CommandSpec.all
    var lines: [String] = []
    let synopses = commands.map { "luascreen \($0.command.rawValue)\($0.synopsis.isEmpty ? "" : " " + $0.synopsis)" }
    let width = min(44, (synopses.map(\.count).max() ?? 0) + 2)
    for (index, spec) in commands.enumerated() {
        let lead = index == 0 ? "usage: " : "       "
        let synopsis = synopses[index]
        if synopsis.count + 2 > width {
            lines.append(lead + synopsis)
            lines.append("       " + String(repeating: " ", count: width) + spec.help)
        } else {
            lines.append(lead + synopsis.padded(to: width) + spec.help)
        }
        if spec.command == .run, command == nil {
            lines.append("       " + "luascreen SCRIPT [options]".padded(to: width) + "same as run")
        }
    }
    let options = command.map(OptionSpec.of) ?? OptionSpec.all
    lines.append("options:")
    let names = options.map { ([$0.usage] + $0.aliases).joined(separator: ", ") }
    let column = (names.map(\.count).max() ?? 0) + 4
    for (spec, name) in zip(options, names) {
        let owners = command == nil && !spec.commands.isEmpty && spec.commands != OptionSpec.scriptCommands ? " [\(spec.commands.map(\.rawValue).joined(separator: ", "))]" : ""
        lines.append("  " + name.padded(to: column) + spec.help + owners)
    }
    lines.append("exit status: 0 success, 1 script/validation/test failure, 2 usage error")
    return lines.joined(separator: "\n")
}

extension String {
    /// The text with spaces after it up to `width` characters (unchanged when longer).
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
