import LuaScreen

/// `stubs`, `completions` and `man`: text for editors, shells and man, printed or written.
enum ToolCommands {
    /// stubs [--out FILE] [--luacheck]: the LuaLS definitions, or a luacheck config.
    static func stubs(_ options: Options) -> Int32 {
        let text = options.luacheck ? Stubs.luacheck(version: luascreenVersion) : Stubs.luaLS(version: luascreenVersion)
        return emit(text, to: options.out)
    }

    /// completions bash|zsh|fish: the completion script for the shell.
    static func completions(_ options: Options) -> Int32 {
        switch options.paths[0] {
        case "bash": return emit(Completions.bash(), to: nil)
        case "zsh": return emit(Completions.zsh(), to: nil)
        default: return emit(Completions.fish(), to: nil)
        }
    }

    /// man: the man page luascreen.1 in roff.
    static func man(_ options: Options) -> Int32 { emit(ManPage.roff(), to: nil) }

    static func emit(_ text: String, to path: String?) -> Int32 {
        let text = text.hasSuffix("\n") ? text : text + "\n"
        guard let path else {
            print(text, terminator: "")
            return 0
        }
        if let problem = TextFile.write(text, to: path) {
            printError("luascreen: \(problem)")
            return 1
        }
        return 0
    }
}
