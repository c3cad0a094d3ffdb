/// The text of `luascreen --help`, or of `luascreen help COMMAND` for one command.
func usage(for command: Options.Command? = nil) -> String {
    let commands = command.map { [CommandSpec.of($0)] } ?? CommandSpec.all
    var lines: [String] = []
    let synopses = commands.map { "luascreen \($0.command.rawValue)\($0.synopsis.isEmpty ? "" : " " + $0.synopsis)" }
    let width = min(44, (synopses.map(\.count).max() ?? 0) + 2)
    for (index, spec) in commands.enumerated() {
        let lead = index == 0 ? "usage: " : "       "
        let synopsis = synopses[index]
        if synopsis.count + 2 > width {
            lines.append(lead + synopsis)
            lines.append("       " + String(repeating: " ", count: width) + spec.help)
        } else {
            lines.append(lead + synopsis.padded(to: width) + spec.help)
        }
        if spec.command == .run, command == nil {
            lines.append("       " + "luascreen SCRIPT [options]".padded(to: width) + "same as run")
        }
    }
    if command == nil {
        lines.append("       " + "luascreen help [COMMAND]".padded(to: width) + Completions.helpSummary)
    }
    let options = command.map(OptionSpec.of) ?? OptionSpec.all
    lines.append("options:")
    let names = options.map { ([$0.usage] + $0.aliases).joined(separator: ", ") }
    let column = (names.map(\.count).max() ?? 0) + 4
    for (spec, name) in zip(options, names) {
        let owners = command == nil && !spec.commands.isEmpty && spec.commands != OptionSpec.scriptCommands ? " [\(spec.commands.map(\.rawValue).joined(separator: ", "))]" : ""
        lines.append("  " + name.padded(to: column) + spec.help + owners)
    }
    lines.append("exit status: 0 success, 1 script/validation/test failure, 2 usage error")
    return lines.joined(separator: "\n")
}

extension String {
    /// The text with spaces after it up to `width` characters (unchanged when longer).
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
