#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// Where a store file lives when no `--store PATH` is given (SPEC §6).
/// A namespace of functions that keep no state: callable from any thread.
package enum StorePaths {
    /// `$XDG_CONFIG_HOME/luascreen/NAME.json` when XDG_CONFIG_HOME is set, non-empty and
    /// absolute (the XDG rule: a relative value is ignored), else
    /// `$HOME/.config/luascreen/NAME.json` (the account's home from the user database when
    /// HOME is unset or empty). NAME goes through `fileName(for:)`.
    public static func defaultPath(name: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let file = fileName(for: name) + ".json"
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return join(config, "luascreen", file)
        }
        return join(homeDirectory(environment: environment), ".config", "luascreen", file)
    }

    /// NAME made a safe file name: '/', '\', NUL and other control characters become '_',
    /// leading dots are dropped (no hidden files, no `..`), at most 200 bytes; "store" when
    /// nothing is left.
    public static func fileName(for name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x2F, 0x5C, 0..<0x20, 0x7F: scalars.append("_")
            default: scalars.append(scalar)
            }
        }
        var result = String(scalars)
        while result.hasPrefix(".") { result.removeFirst() }
        // File names are limited to 255 bytes; keep room for ".json" and the lock/temp names.
        while result.utf8.count > 200 { result.removeLast() }
        return result.isEmpty ? "store" : result
    }

    static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            let home = String(cString: dir)
            if !home.isEmpty { return home }
        }
        return "/"
    }

    private static func join(_ parts: String...) -> String {
        var path = parts[0]
        for part in parts.dropFirst() {
            if !path.hasSuffix("/") { path += "/" }
            path += part
        }
        return path
    }
}
