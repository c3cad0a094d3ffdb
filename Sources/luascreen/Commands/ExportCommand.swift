#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenInterop

/// `luascreen export SCRIPT --format F --out DIR` (SPEC §13): the library does the work;
/// this reads the arguments, writes the files and prints the warnings.
enum ExportCommand {
    /// The checks of export's arguments (`CommandSpec.checksItself`), with the usage error.
    static func checkUsage(_ options: Options) throws {
        guard options.paths.count == 1 else {
            throw Options.UsageError(description: options.paths.isEmpty
                ? "which script? e.g. luascreen export examples/settings.lua --format settings-bundle --out Settings.bundle"
                : "one script at a time, got \(options.paths.count)")
        }
        guard let format = options.format else {
            throw Options.UsageError(description: "export needs --format settings-bundle or --format androidx")
        }
        guard ExportFormat(rawValue: format) != nil else {
            let names = ExportFormat.allCases.map(\.rawValue)
            let hint = closestOption(format, names).map { " (did you mean \($0)?)" } ?? ""
            throw Options.UsageError(description: "--format takes \(names.joined(separator: " or ")), got \"\(format)\"\(hint)")
        }
        guard options.out != nil else { throw Options.UsageError(description: "export needs --out DIR (the folder to write)") }
    }

    /// export SCRIPT --format F --out DIR: the files, and a warning on stderr for each row
    /// left out or changed; exit 1 when the script does not load or a file cannot be written.
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        let session: Session
        do {
            session = try Session.open(path: path, options: CommandSupport.sessionOptions(options, store: MemoryStore()))
        } catch {
            CommandSupport.printLoadError(error, path: path)
            return 1
        }
        defer { CommandSupport.finished(session) }
        let format = ExportFormat(rawValue: options.format!)!
        let strings: [String: [String: String]]
        do {
            strings = try session.translationTables()
        } catch {
            CommandSupport.printLoadError(error, path: path)
            return 1
        }
        let result = Exporter.export(session.app, format: format, strings: strings, functions: ExportFunctions(session: session),
                                     readers: BundleReaders.reading(folder: options.out!), callers: session.callers(of:))
        for warning in session.loadWarnings + result.warnings { printError(warning.description) }
        if !result.errors.isEmpty {
            for error in result.errors { printError(error.description) }
            return 1
        }
        do {
            try Exporter.write(result, to: options.out!, inputs: session.sources.paths)
        } catch {
            printError("\(error)")
            return 1
        }
        return 0
    }
}
