/// `luascreen completions bash|zsh|fish`: the completion script for the shell (`Completions`).
enum CompletionsCommand {
    static func run(_ options: Options) -> Int32 {
        switch options.paths[0] {
        case "bash": return CommandOutput.emit(Completions.bash(), to: nil)
        case "zsh": return CommandOutput.emit(Completions.zsh(), to: nil)
        default: return CommandOutput.emit(Completions.fish(), to: nil)
        }
    }
}
