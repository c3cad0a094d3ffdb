import LuaScreenCore

/// What `luascreen import --format kconfig` makes: the app's files and the warnings met.
/// `Sendable`: a plain value.
public struct KconfigImport: Sendable {
    /// The files to write, by name inside the output folder (`main.lua`), in order.
    public var files: [(name: String, text: String)]
    /// Warnings in the kernel's form (`file:line: warning: ...`).
    public var warnings: [String]
    /// Symbols read, and rows written.
    public var symbolCount: Int
    public var rowCount: Int
}

/// `luascreen import --format kconfig PATH/Kconfig [--srctree DIR] [--env NAME=VALUE]...`
/// (SPEC §18): reads a Kconfig tree (never running a command, reading only inside the source
/// tree) and writes it as a luascreen app.
/// A namespace of functions that keep no state: callable from any thread.
public enum KconfigImporter {
    /// Reads the tree whose top file is `kconfig` (a path; relative to `srctree` when that
    /// is given, the folder of `kconfig` being the tree otherwise), with `env` before the
    /// environment for `$(VAR)`. Throws `KconfigError` (every error, in the kernel's form) or
    /// `FileError`.
    public static func importTree(kconfig: String, srctree: String? = nil, env: [(String, String)] = [],
                                  environment: @escaping (String) -> String? = { _ in nil }) throws -> KconfigImport {
        let tree: String
        let top: String
        if let srctree {
            tree = srctree
            // The top file named from the current folder, or relative to the tree.
            if Files.kind(kconfig) != .missing, let real = Files.realPath(kconfig), let root = Files.realPath(srctree),
               real.hasPrefix(root + "/") {
                top = String(real.dropFirst(root.count + 1))
            } else {
                top = kconfig
            }
        } else {
            let (folder, name) = Files.split(kconfig)
            tree = folder
            top = name
        }
        guard let sources = KconfigSources(srctree: tree) else {
            throw FileError(path: tree, reason: .missing)
        }
        var envTable: [String: String] = [:]
        for (name, value) in env { envTable[name] = value }
        var reader = KconfigReader(sources: sources, macros: KconfigMacros(env: envTable, processEnvironment: environment))
        try reader.read(top)
        var warnings = reader.warnings
        if !reader.envSymbols.isEmpty { reader.root.replaceEnvSymbols(reader.envSymbols) }
        let symbols = try KconfigSymbols(root: reader.root, warnings: &warnings)
        var writer = KconfigLuaWriter(symbols: symbols)
        let script = writer.script(root: reader.root, source: top, env: env)
        return KconfigImport(files: [("main.lua", script)], warnings: warnings.all,
                             symbolCount: symbols.order.count, rowCount: writer.rows)
    }
}
