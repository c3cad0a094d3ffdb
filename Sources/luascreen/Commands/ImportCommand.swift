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

    /// import PLIST [--out FILE]: the Lua script on stdout (also `--out -`) or in FILE;
    /// warnings on stderr. FILE is written through the `Files` seam: never over a device,
    /// FIFO, socket, folder or link, never over the plist or another file of its bundle.
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        if let out = options.out {
            do { try Files.checkOutput(out, inputs: bundleInputs(path)) } catch {
                printError("\(error)")
                return 1
            }
        }
        let result: ImportResult
        do {
            result = try BundleImporter.importBundle(rootPlist: path, maxMemory: options.limits.memory)
        } catch {
            printError("\(error)")
            return 1
        }
        for warning in result.warnings { printError(warning.description) }
        guard let out = options.out, out != Files.standardOutputName else {
            print(result.script, terminator: "")
            return 0
        }
        do {
            try Files.checkNotInput(out, inputs: bundleInputs(path))
            try Files.writeOutput(result.script, to: out)
        } catch {
            printError("\(error)")
            return 1
        }
        return 0
    }

    /// What an import may read: the plist, the other plists beside it and the `.strings`
    /// files of its `*.lproj` folders (an output must be none of them).
    static func bundleInputs(_ plist: String) -> [String] {
        // A bundle folder stands for its Root.plist.
        let folder = Files.realPath(plist).map { Files.kind($0) == .folder } == true ? plist : Files.split(plist).folder
        var inputs = [plist]
        for name in Files.entries(folder) {
            let path = folder + "/" + name
            if name.hasSuffix(".plist") || name.hasSuffix(".strings") { inputs.append(path) }
            if name.hasSuffix(".lproj") {
                inputs += Files.entries(path).filter { $0.hasSuffix(".strings") }.map { path + "/" + $0 }
            }
        }
        return inputs
    }
}
