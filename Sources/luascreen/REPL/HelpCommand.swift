import LuaScreen
import LuaScreenCore

/// `help`: the commands; `help REF`: a row's help, or a command's line.
extension Shell {
    /// The lines of `help` (and of the man page's REPL COMMANDS): the library's table.
    static var commandHelp: [(names: String, text: String, words: [String])] {
        ReplCommands.entries.map { ($0.synopsis, $0.summary, $0.words.map(\.name)) }
    }

    func printHelp() {
        let width = Terminal.width(options)
        for line in Columns.paragraph("REF is a row's number, its id, or the start of its text.", width: width, hang: 0) { print(line) }
        let rows = Shell.commandHelp.map { (left: $0.names, right: $0.text) }
        for line in Columns.lines(rows, width: width, maxLeft: 24, minRight: 24) { print(line) }
        if interactive {
            for line in Columns.paragraph("Tab completes commands and rows; Ctrl-C clears the line.", width: width, hang: 0) { print(line) }
        }
    }

    /// `help REF`: a row's help; `help set`: a command's line when no row is called that.
    func help(_ ref: String) {
        if !resolves(ref), ReplCommand.words.contains(ref.lowercased()),
           let entry = Shell.commandHelp.first(where: { $0.words.contains(ref.lowercased()) }) {
            print("\(entry.names): \(entry.text)")
            return
        }
        explain { try session.help(ref) }
    }
}
