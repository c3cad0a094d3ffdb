import LuaScreen

/// `luascreen import PLIST|XML [--out FILE] [--format F]` (SPEC §13, §15): a Settings.bundle's
/// Root.plist or an androidx preference XML as a Lua script; the library reads and writes.
enum ImportCommand {
    /// `--format kconfig`: a Kconfig tree (SPEC §18).
    static let kconfig = "kconfig"

    /// The checks of import's arguments (`CommandSpec.checksItself`), with the usage error.
    static func checkUsage(_ options: Options) throws {
        guard options.paths.count == 1 else {
            throw Options.UsageError(description: options.paths.isEmpty
                ? "which plist? e.g. luascreen import Settings.bundle/Root.plist --out settings.lua"
                : "one plist at a time, got \(options.paths.count)")
        }
        if options.format == kconfig {
            if options.out == nil || options.out == Files.standardOutputName {
                throw Options.UsageError(description: "import --format kconfig writes an app's folder: name it with --out DIR")
            }
            return
        }
        if options.srctree != nil || !options.env.isEmpty {
            throw Options.UsageError(description: "--srctree and --env are for import --format kconfig")
        }
        if let format = options.format, ExportFormat(rawValue: format) == nil {
            let names = ExportFormat.allCases.map(\.rawValue) + [kconfig]
            throw Options.UsageError(description: "--format takes \(names.joined(separator: " or ")), got \"\(format)\"")
        }
    }

    /// The format of the file to import: `--format` when given, else androidx for a `.xml`
    /// file or one whose root is a `PreferenceScreen`, else a Settings.bundle.
    static func format(of path: String, given: String?) -> ExportFormat {
        if let given, let format = ExportFormat(rawValue: given) { return format }
        if path.hasSuffix(".xml") { return .androidx }
        if !path.hasSuffix(".plist"), AndroidXImporter.isPreferenceXML(path: path) { return .androidx }
        return .settingsBundle
    }

    /// import PLIST [--out FILE]: the Lua script on stdout (also `--out -`) or in FILE;
    /// warnings on stderr. FILE is written through the `Files` seam: never over a device,
    /// FIFO, socket, folder or link, never over the plist or another file of its bundle.
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        if options.format == kconfig { return KconfigImportCommand.run(options) }
        if let out = options.out {
            do { try Files.checkOutput(out, inputs: inputs(of: path, options)) } catch {
                printError("\(error)")
                return 1
            }
        }
        let result: ImportResult
        do {
            switch ImportCommand.format(of: path, given: options.format) {
            case .androidx: result = try AndroidXImporter.importXML(path: path)
            case .settingsBundle: result = try BundleImporter.importBundle(rootPlist: path, maxMemory: options.limits.memory)
            }
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
            try Files.checkNotInput(out, inputs: inputs(of: path, options))
            try Files.writeOutput(result.script, to: out)
        } catch {
            printError("\(error)")
            return 1
        }
        return 0
    }

    /// What an import may read: the plist, the other plists beside it and the `.strings`
    /// files of its `*.lproj` folders (an output must be none of them).
    /// The files the import of `path` reads, which `--out` must not name.
    static func inputs(of path: String, _ options: Options) -> [String] {
        format(of: path, given: options.format) == .androidx ? AndroidXImporter.inputs(of: path) : bundleInputs(path)
    }

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
