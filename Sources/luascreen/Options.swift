@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

/// The command line, parsed.
struct Options {
    enum Command: Equatable {
        case run, check, dump, render, test, explore, export, import_
    }
    enum ColorMode: String { case auto, always, never }

    var command: Command = .run
    var paths: [String] = []
    var storePath: String?          // nil: the default place; "none": memory
    var width: Int?
    var color: ColorMode = .auto
    var ascii = false
    var limits = LuaLimits(memoryAdvice: "raise it with --max-memory", instructionsAdvice: "raise it with --max-instructions")
    var trusted = false
    var json = false
    var screen: String?
    var locale: String?             // nil: from LC_ALL, LC_MESSAGES, LANG
    var page: Int?
    var pageRows = 20
    var updateSnapshots = false
    var explore = ExploreArguments()
    var record: String?
    var coverage: String?
    var help = false
    var version = false
    var format: String?             // export: settings-bundle | androidx
    var out: String?                // export: the folder; import: the script

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        if let first = rest.first {
            switch first {
            case "run": options.command = .run; rest = rest.dropFirst()
            case "check": options.command = .check; rest = rest.dropFirst()
            case "dump": options.command = .dump; rest = rest.dropFirst()
            case "render": options.command = .render; rest = rest.dropFirst()
            case "test": options.command = .test; rest = rest.dropFirst()
            case "explore": options.command = .explore; rest = rest.dropFirst()
            case "export": options.command = .export; rest = rest.dropFirst()
            case "import": options.command = .import_; rest = rest.dropFirst()
            case "help": options.help = true; rest = rest.dropFirst()
            default: break
            }
        }
        func value(_ name: String) throws -> String {
            guard let v = rest.first else { throw UsageError(description: "\(name) needs a value") }
            rest = rest.dropFirst()
            return v
        }
        func number(_ name: String, _ text: String) throws -> Int {
            guard let n = parseSize(text), n > 0 else {
                throw UsageError(description: "\(name) takes a positive whole number, got \"\(text)\"")
            }
            return n
        }
        var onlyPaths = false
        while let argument = rest.first {
            rest = rest.dropFirst()
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            var name = argument
            var inline: String? = nil
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            func arg() throws -> String { try inline ?? value(name) }
            switch name {
            case "--": onlyPaths = true
            case "--store": options.storePath = try arg()
            case "--width":
                let w = try number(name, try arg())
                options.width = w
            case "--color", "--colour":
                let v = try arg()
                guard let mode = ColorMode(rawValue: v) else {
                    throw UsageError(description: "--color takes auto, always or never, got \"\(v)\"")
                }
                options.color = mode
            case "--ascii": options.ascii = true
            case "--max-instructions": options.limits.instructions = try number(name, try arg())
            case "--max-memory": options.limits.memory = try number(name, try arg())
            case "--trusted": options.trusted = true
            case "--json": options.json = true
            case "--screen": options.screen = try arg()
            case "--locale": options.locale = try arg()
            case "--page": options.page = try number(name, try arg())
            case "--page-rows": options.pageRows = try number(name, try arg())
            case "--update-snapshots": options.updateSnapshots = true
            case "--format": options.format = try arg()
            case "--out" where options.command == .export || options.command == .import_: options.out = try arg()
            case "--seed", "--walks", "--steps", "--out": try options.explore.parse(name, try arg())
            case "--record": options.record = try arg()
            case "--coverage": options.coverage = try arg()
            case "--help", "-h": options.help = true
            case "--version", "-V": options.version = true
            default:
                let known = ["--store", "--width", "--color", "--ascii", "--max-instructions", "--max-memory",
                             "--trusted", "--json", "--screen", "--locale", "--page", "--page-rows", "--update-snapshots", "--format", "--help", "--version"] + ExploreArguments.names + ["--record", "--coverage"]
                let hint = closestOption(name, known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError(description: "unknown option \(name)\(hint)")
            }
        }
        if options.help || options.version { return options }
        switch options.command {
        case .export, .import_:
            break
        case .run, .dump, .render, .explore:
            guard options.paths.count == 1 else {
                throw UsageError(description: options.paths.isEmpty ? "which script? e.g. luascreen run examples/settings.lua"
                                                                    : "one script at a time, got \(options.paths.count)")
            }
        case .check:
            guard !options.paths.isEmpty else { throw UsageError(description: "which scripts? e.g. luascreen check examples/*.lua") }
        case .test:
            break
        }
        try ExportCommand.checkUsage(options)
        if options.json && options.command != .check && options.command != .explore {
            throw UsageError(description: "--json goes with check or explore")
        }
        if options.record != nil, options.command != .run {
            throw UsageError(description: "--record goes with run")
        }
        if options.coverage != nil, options.command != .test {
            throw UsageError(description: "--coverage goes with test")
        }
        if options.explore.given, options.command != .explore {
            throw UsageError(description: "--seed, --walks, --steps and --out go with explore")
        }
        if (options.screen != nil || options.page != nil) && options.command != .render {
            throw UsageError(description: "\(options.screen != nil ? "--screen" : "--page") goes with render")
        }
        return options
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

func closestOption(_ word: String, _ candidates: [String]) -> String? {
    candidates.first { $0.hasPrefix(word) } ?? candidates.first { word.hasPrefix($0) }
}

let usage = """
usage: luascreen run SCRIPT [options] [--record FILE]
                                          the REPL (batch mode when stdin is not a terminal);
                                          --record writes the session as a test file
       luascreen SCRIPT [options]         same as run
       luascreen check SCRIPT... [--json] validate; exit 0 when clean
       luascreen dump SCRIPT              JSON of the evaluated screens
       luascreen render SCRIPT [--screen ID] [--page N [--page-rows R]]
       luascreen test [PATH...] [--update-snapshots] [--coverage FILE]
                                          run *_test.lua files (default: ./tests)
       luascreen explore SCRIPT [--seed N] [--walks W] [--steps K] [--out DIR] [--json]
                                          random walks with checks; a failure shrunk to commands
       luascreen export SCRIPT --format settings-bundle|androidx --out DIR
                                          an iOS Settings.bundle or androidx.preference XML
       luascreen import PLIST [--out FILE]
                                          a Settings.bundle's Root.plist as a Lua script
options:
  --store PATH | --store none   where values persist (default: $XDG_CONFIG_HOME/luascreen/NAME.json)
  --width N                     render width (default: the terminal's, else 80)
  --color auto|always|never     colour (auto: only on a terminal; never with NO_COLOR)
  --ascii                       draw with ASCII only
  --max-instructions N          instruction budget of each action: a load, a screen, a command, a test (default 10000000)
  --max-memory BYTES            memory cap of the Lua state, and of what the host copies out of it (default 64M; K, M, G)
  --trusted                     lift the sandbox (io, os, debug, package)
  --locale LANG                 show the app's strings in LANG (default: LC_ALL, LC_MESSAGES, LANG);
                                with check: warn about strings LANG does not translate
  --help, --version
exit status: 0 success, 1 script/validation/test failure, 2 usage error
"""
