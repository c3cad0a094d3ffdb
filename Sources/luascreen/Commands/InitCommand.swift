import LuaScreen
import LuaScreenTooling
import ScreenModel

/// `luascreen init [DIR | [DIR/]NAME.lua]`: a starter screen, its test, the project file
/// `luascreen.json` naming it the app's entry, `.luarc.json` with the
/// LuaLS definitions, and `.luacheckrc` (`Scaffold`), written into DIR (default: here); the
/// screen is NAME.lua when the operand names a script. Nothing is written when any of them
/// exists (each one is named).
enum InitCommand {
    /// At most one folder.
    static func checkUsage(_ options: Options) throws {
        guard options.paths.count <= 1 else {
            throw Options.UsageError(description: "init takes one folder at most, got \(options.paths.count)")
        }
    }

    static func run(_ options: Options) -> Int32 {
        let operand = options.paths.first ?? "."
        let (folder, script) = Scaffold.scriptOperand(operand) ?? (operand, "settings.lua")
        do {
            for path in try Scaffold.write(into: folder, version: luascreenVersion, script: script) { print("wrote \(sanitize(path))") }
        } catch {
            printError(sanitize("\(error)"))
            return 1
        }
        let shown = folder == "." ? "" : "cd \(sanitize(folder)) && "
        let name = sanitize(script)
        print("next: \(shown)luascreen run \(name); luascreen check \(name); luascreen test; luacheck .")
        return 0
    }
}
