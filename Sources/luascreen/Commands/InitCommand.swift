import LuaScreen
import LuaScreenTooling
import ScreenModel

/// `luascreen init [DIR]`: a starter screen, its test, `.luarc.json` with the LuaLS
/// definitions, and `.luacheckrc` (`Scaffold`), written into DIR (default: here); nothing is
/// written when any of them exists.
enum InitCommand {
    /// At most one folder.
    static func checkUsage(_ options: Options) throws {
        guard options.paths.count <= 1 else {
            throw Options.UsageError(description: "init takes one folder at most, got \(options.paths.count)")
        }
    }

    static func run(_ options: Options) -> Int32 {
        let folder = options.paths.first ?? "."
        do {
            for path in try Scaffold.write(into: folder, version: luascreenVersion) { print("wrote \(path)") }
        } catch {
            printError(sanitize("\(error)"))
            return 1
        }
        let shown = folder == "." ? "" : "cd \(folder) && "
        print("next: \(shown)luascreen run settings.lua; luascreen check settings.lua; luascreen test; luacheck .")
        return 0
    }
}
