import LuaScreen

/// `help`: the commands; `help REF`: a row's help, or a command's line.
extension Shell {
    static let commandHelp: [(names: String, text: String, words: [String])] = [
        ("REF, select REF", "open, flip, pick or press a row", ["select"]),
        ("set REF VALUE", "change a value: set 2 off", ["set"]),
        ("inc REF, dec REF", "a number one step up or down", ["inc", "dec"]),
        ("add REF TEXT", "add an item to a list", ["add"]),
        ("edit REF", "edit a text in $VISUAL or $EDITOR", ["edit"]),
        ("action REF [ID]", "list a row's actions, or run one", ["action"]),
        ("remove REF N, move REF A B", "remove or move a list's item", ["remove", "move"]),
        ("accessory REF", "press the row's detail button (i)", ["accessory"]),
        ("back (..), home", "one screen back, or to the first", ["back", "home"]),
        ("show", "draw the screen again", ["show"]),
        ("next, prev", "page through a long screen", ["next", "prev"]),
        ("find TEXT, go N", "search all screens, go to result N", ["find", "go"]),
        ("help REF", "a row's help, key, value and default", ["help"]),
        ("why REF", "why a row is disabled or hidden", ["why"]),
        ("store", "every value; * marks changed ones", ["store"]),
        ("reset REF, reset all", "back to the default", ["reset"]),
        ("reload", "re-read the script, keep the values", ["reload"]),
        ("lua CODE, = EXPR", "run Lua in the script (with ctx)", ["lua"]),
        ("quit, exit, Ctrl-D", "leave", ["quit", "exit"]),
    ]

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
