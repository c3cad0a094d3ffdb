import LuaScreen

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
        CommandSpec(command: .check, synopsis: "SCRIPT|DIR|-... [--json] [--werror]", help: "validate; exit 0 when clean (DIR: its scripts; -: standard input)", operands: .scripts, run: CheckCommand.run),
        CommandSpec(command: .dump, synopsis: "SCRIPT", help: "JSON of the evaluated screens", operands: .script, run: DumpCommand.run),
        CommandSpec(command: .render, synopsis: "SCRIPT [--screen ID] [--page N [--page-rows R]]",
                    help: "print a screen as the REPL draws it", operands: .script, run: RenderCommand.run),
        CommandSpec(command: .test, synopsis: "[PATH...] [--update-snapshots] [--junit FILE] [--filter TEXT] [--allow-empty] [--coverage FILE]",
                    help: "run *_test.lua files (default: ./tests); TAP output", operands: .testPaths, run: TestCommand.run),
        CommandSpec(command: .explore, synopsis: "SCRIPT [--seed N] [--walks W] [--steps K] [--out DIR] [--json]",
                    help: "random walks with checks; a failure shrunk to commands", operands: .script, run: ExploreCommand.run),
        CommandSpec(command: .export, synopsis: "SCRIPT --format settings-bundle|androidx --out DIR",
                    help: "an iOS Settings.bundle or androidx.preference XML", operands: .script,
                    checkUsage: ExportCommand.checkUsage, run: ExportCommand.run),
        CommandSpec(command: .import_, synopsis: "PLIST|XML [--out FILE] [--format settings-bundle|androidx]", help: "a Settings.bundle's Root.plist or an androidx res/xml file as a Lua script",
                    operands: .file, checkUsage: ImportCommand.checkUsage, run: ImportCommand.run),
        CommandSpec(command: .preview, synopsis: "SCRIPT [--port N] [--store PATH|none] [--locale LANG]",
                    help: "the screens as a phone shows them, live in a browser (prints the URL)", operands: .script,
                    run: PreviewCommand.run),
        CommandSpec(command: .graph, synopsis: "SCRIPT [--format dot|svg]",
                    help: "the map of the screens: pushes and what each condition reads (Graphviz)", operands: .script,
                    checkUsage: GraphCommand.checkUsage, run: GraphCommand.run),
        CommandSpec(command: .init_, synopsis: "[DIR]", help: "start a new screen: a script, its test, .luarc.json and .luacheckrc",
                    operands: .none, checkUsage: InitCommand.checkUsage, run: InitCommand.run),
        CommandSpec(command: .stubs, synopsis: "[--out FILE] [--luacheck]",
                    help: "LuaLS definitions of the authoring API (--luacheck: a .luacheckrc)", operands: .none,
                    run: StubsCommand.run),
        CommandSpec(command: .lsp, synopsis: "[--stdio] [--max-instructions N] [--max-memory BYTES]",
                    help: "the language server (LSP 3.17) on standard input and output", operands: .none, run: LSPCommand.run),
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
