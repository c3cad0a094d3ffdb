/// Which store a script's values go to (SPEC §6): a path given by the person, `none` for
/// memory, else `StorePaths.defaultPath` of the app's `store` name or the script's name.
/// A namespace of functions that keep no state: callable from any thread.
public enum StoreChoice {
    /// A store file's format (`--store-format`).
    public enum Format: String, Sendable {
        /// A JSON object (SPEC §6).
        case json
        /// The Linux kernel's `.config` (SPEC §18).
        case kconfig
    }

    /// The word that asks for a memory store instead of a file.
    public static let memory = "none"

    /// Opens the store: `given` (a path, or `memory` for a `MemoryStore`), else the default
    /// file for `storeName` (the app's `store` field) or the script's name. `readOnly` wraps
    /// it in a `ReadOnlyStore` whose writes fail saying `readOnlyReason`.
    public static func open(given: String?, scriptPath: String, storeName: String? = nil,
                            readOnly: Bool = false,
                            readOnlyReason: String = "this store is opened to read the values only",
                            format: Format? = nil) throws -> ValueStore {
        let path: String
        if given == nil, format == .kconfig {
            // The kernel's tools' own default: `.config` in the current folder.
            let config = try ConfigStore(path: ".config")
            return readOnly ? ReadOnlyStore(config, reason: readOnlyReason) : config
        }
        if let given {
            if given == memory { return MemoryStore() }
            path = given
            // The kernel's format (SPEC §18): a file named `.config` or ending in `.config`,
            // or any file with `--store-format kconfig`.
            if format == .kconfig || (format == nil && ConfigStore.isConfigPath(given)) {
                let config = try ConfigStore(path: given)
                return readOnly ? ReadOnlyStore(config, reason: readOnlyReason) : config
            }
        } else {
            path = StorePaths.defaultPath(name: storeName ?? scriptName(scriptPath))
        }
        let file = try FileStore.open(path: path)
        return readOnly ? ReadOnlyStore(file, reason: readOnlyReason) : file
    }

    /// The script's file name without its folder and `.lua`: `examples/settings.lua` gives
    /// `settings`.
    public static func scriptName(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
    }
}
