import LuaScreen
import LuaScreenTooling

/// `luascreen stubs [--out FILE] [--luacheck]`: the LuaLS definitions of the authoring API,
/// or a luacheck config.
enum StubsCommand {
    static func run(_ options: Options) -> Int32 {
        let text = options.luacheck ? Stubs.luacheck(version: luascreenVersion) : Stubs.luaLS(version: luascreenVersion)
        return CommandOutput.emit(text, to: options.out)
    }
}

/// Text a command prints, or writes to a file.
enum CommandOutput {
    /// `text` (ending in a newline) on stdout (also for `-`), or written to `path` through the
    /// `Files` seam: the exit status.
    static func emit(_ text: String, to path: String?) -> Int32 {
        let text = text.hasSuffix("\n") ? text : text + "\n"
        guard let path, path != Files.standardOutputName else {
            print(text, terminator: "")
            return 0
        }
        do { try Files.writeOutput(text, to: path) } catch {
            printError("\(error)")
            return 1
        }
        return 0
    }
}
