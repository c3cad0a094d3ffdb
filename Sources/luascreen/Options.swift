@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import ScreenModel

/// The command line, parsed. What each command and option means, which commands take it
/// and how its value is read are in the tables below (`CommandSpec.all`, `OptionSpec.all`),
/// which drive parsing, the usage text, `--help`, the man page and the shell completions.
struct Options {
    /// The commands (`luascreen COMMAND ...`).
    enum Command: String, CaseIterable {
        case run, check, dump, render, test, explore, export, import_ = "import", init_ = "init", preview, graph, stubs, lsp, completions, man
    }
    enum ColorMode: String, CaseIterable { case auto, always, never }

    var command: Command = .run
    var paths: [String] = []
    var storePath: String?          // nil: the default place; "none": memory
    var storeFormat: String?        // nil: by the file's name; "json", "kconfig"
    var width: Int?
    var color: ColorMode = .auto
    var ascii = false
    var limits = LuaLimits(memoryAdvice: "raise it with --max-memory", instructionsAdvice: "raise it with --max-instructions",
                           pathAdvice: "--trusted lifts this")
    var trusted = false
    /// `run --watch`: reload when the script, a module of its project or a locale file it reads changes on disk.
    var watch = false
    var json = false
    /// `check --werror`: a warning fails the check.
    var werror = false
    /// `check --locale LANG --todo FILE`: the texts LANG lacks, written to FILE (a new file).
    var todo: String?
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
    /// `test --allow-empty`: a run in which no test ran exits 0.
    var allowEmpty = false
    var out: String?                // stubs: the file; export: the folder; import: the script; explore: the folder
    var format: String?             // export: settings-bundle | androidx; graph: dot | svg
    var srctree: String?            // import --format kconfig: the source tree
    var env: [(String, String)] = [] // import --format kconfig: --env NAME=VALUE, in order
    var port: Int?                  // preview: the port (nil: a free one)
    var luacheck = false
    var help = false
    /// `luascreen help check`, `luascreen check --help`: the command whose help to print
    /// (nil: every command's).
    var helpTopic: Command?
    var version = false

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// The command a command line names (`luascreen check ...`, `luascreen help check`), for
    /// pointing a usage error at that command's help; nil when it names none.
    static func namedCommand(_ arguments: [String]) -> Command? {
        guard let first = arguments.first else { return nil }
        if first == "help" { return arguments.dropFirst().first.flatMap(Command.init(rawValue:)) }
        return Command(rawValue: first)
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        var explicitCommand = false
        if arguments.isEmpty {
            // `luascreen` alone: the list of commands, as `luascreen help` prints it (exit 0).
            options.help = true
            return options
        }
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
                } else if rest.first == "help" {
                    // `luascreen help help`: what help does is the list of commands it prints.
                    rest = rest.dropFirst()
                } else if let topic = rest.first, !topic.hasPrefix("-") {
                    throw unknownCommand(topic)
                }
            } else if !first.hasPrefix("-"), !first.hasSuffix(".lua"), access(first, F_OK) != 0 {
                // `luascreen SCRIPT` is run; a word that is neither a command nor a script
                // (no such file, no .lua) is a mistyped command.
                throw unknownCommand(first)
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
            guard let spec = OptionSpec.named(name, for: options.command) else {
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
            // Every command an option of that name goes with (`--format`: export, import and graph,
            // each with a spec of its own).
            var owners: [String] = []
            for other in OptionSpec.all where other.name == spec.name {
                for command in other.commands where !owners.contains(command.rawValue) { owners.append(command.rawValue) }
            }
            let bare = explicitCommand ? "" : " (and no command means run)"
            throw UsageError(description: "\(spec.name) goes with \(list(owners, last: "or"))\(bare)")
        }
        try CommandSpec.of(options.command).check(options)
        return options
    }

    /// `unknown command "chek" (did you mean "check"?)`, or the list of commands when none is close.
    static func unknownCommand(_ word: String) -> UsageError {
        let names = Command.allCases.map(\.rawValue) + ["help"]
        let hint = closestOption(word, names).map { "did you mean \"\($0)\"?" }
            ?? "commands: \(names.joined(separator: ", ")); a script is a .lua file"
        return UsageError(description: "unknown command \"\(sanitize(word))\" (\(hint))")
    }

    static func list(_ words: [String], last: String = "or") -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(last) " + words.last!
    }
}
