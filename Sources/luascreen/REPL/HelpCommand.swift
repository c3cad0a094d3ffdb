import LuaScreen
import LuaScreenCore

/// `help`: the commands; `help REF`: a row's help, or a command's line.
extension Shell {
    func printHelp() {
        let width = Terminal.width(options)
        for line in Columns.paragraph("REF is a row's number, its id, or the start of its text.", width: width, hang: 0) { print(line) }
        let rows = ReplCommands.entries.map { (left: $0.synopsis, right: $0.summary) }
        for line in Columns.lines(rows, width: width, maxLeft: 24, minRight: 24) { print(line) }
        if interactive {
            for line in Columns.paragraph("Tab completes commands and rows; Ctrl-C clears the line.", width: width, hang: 0) { print(line) }
        }
    }

    /// `help REF`: a row's help; `help set`: a command's line when no row is called that.
    func help(_ ref: String) {
        if let lines = session.explainSymbol(ref) { return printSymbolLines(lines) }
        if !resolves(ref), let entry = ReplCommands.entry(of: ref.lowercased()) {
            print("\(entry.synopsis): \(entry.summary)")
            return
        }
        explain { try session.help(ref).formatted }
    }
}
