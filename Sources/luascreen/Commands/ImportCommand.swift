import LuaScreen

/// `luascreen import PLIST [--out FILE]` (SPEC §13): a Settings.bundle's Root.plist as a Lua
/// script; the library reads the plist and writes the script.
enum ImportCommand {
    /// The checks of import's arguments (`CommandSpec.checksItself`), with the usage error.
    static func checkUsage(_ options: Options) throws {
        guard options.paths.count == 1 else {
            throw Options.UsageError(description: options.paths.isEmpty
                ? "which plist? e.g. luascreen import Settings.bundle/Root.plist --out settings.lua"
                : "one plist at a time, got \(options.paths.count)")
        }
        if options.format != nil { throw Options.UsageError(description: "--format goes with export") }
    }

    /// import PLIST [--out FILE]: the Lua script on stdout or in FILE; warnings on stderr.
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        let result: ImportResult
        do {
            result = try BundleImporter.importBundle(rootPlist: path, maxMemory: options.limits.memory)
        } catch {
            printError("\(error)")
            return 1
        }
        for warning in result.warnings { printError(warning.description) }
        guard let out = options.out else {
            print(result.script, terminator: "")
            return 0
        }
        do {
            let folder = PathText.folder(of: out)
            try Exporter.write([ExportedFile(path: PathText.lastComponent(out), contents: result.script)],
                               to: folder.isEmpty ? "." : folder)
        } catch {
            printError("\(error)")
            return 1
        }
        return 0
    }
}
