/// The REPL's commands (SPEC §8) in one table: each line of `help` with the words it covers,
/// what follows each word, and what the REPL answers when that is missing. The line reader,
/// `help`, the man page and Tab completion all read it; the verbs among them run as a
/// `SessionVerb`.
///
/// A namespace of constants: callable from any thread.
package enum ReplCommands {
    /// What follows a command word. `Sendable`.
    public enum Argument: Sendable {
        /// Nothing (`back`, `show`): words after it name a row instead, or are refused.
        case nothing
        /// A row reference (`inc REF`); Tab completes rows.
        case row
        /// A row reference and more (`set REF VALUE`); Tab completes rows.
        case rowAndText
        /// A row reference or nothing (`help`, `help REF`); Tab completes rows.
        case optionalRow
        /// Some text (`find TEXT`, `lua CODE`).
        case text
        /// Some text or nothing (`store`, `store PATTERN`).
        case optionalText
    }

    /// One command word. `Sendable`: a plain value.
    public struct Word: Sendable {
        /// The word typed (lower case).
        public let name: String
        /// What follows it.
        public let argument: Argument
        /// What the REPL says when the argument it needs is missing.
        public let usage: String?
        /// A value command of SPEC §8: typed alone, it selects a row of that name if there is one.
        public let isValueCommand: Bool

        init(_ name: String, _ argument: Argument, _ usage: String? = nil, value: Bool = false) {
            self.name = name
            self.argument = argument
            self.usage = usage
            self.isValueCommand = value
        }
    }

    /// One line of `help`: how the commands are written, what they do, and their words. `Sendable`.
    public struct Entry: Sendable {
        /// How they are written: `inc REF, dec REF`.
        public let synopsis: String
        /// What they do, in a few words.
        public let summary: String
        /// The words the line covers.
        public let words: [Word]
    }

    /// Every command, in the order `help` lists them.
    public static let entries: [Entry] = [
        Entry(synopsis: "REF, select REF", summary: "open, flip, pick or press a row",
              words: [Word("select", .row, "select which row? select REF (its number, id or text)")]),
        Entry(synopsis: "set REF VALUE", summary: "change a value: set 2 off",
              words: [Word("set", .rowAndText, "set needs a row and a value: set REF VALUE, e.g. set 2 off")]),
        Entry(synopsis: "inc REF, dec REF", summary: "a number one step up or down",
              words: [Word("inc", .row, "inc needs a number row: inc REF", value: true),
                      Word("dec", .row, "dec needs a number row: dec REF", value: true)]),
        Entry(synopsis: "add REF TEXT", summary: "add an item to a list",
              words: [Word("add", .rowAndText, "add needs the item's text: add REF TEXT (on a list's screen: add TEXT)", value: true)]),
        Entry(synopsis: "edit REF", summary: "edit a text in $VISUAL or $EDITOR",
              words: [Word("edit", .row, "edit needs an input row: edit REF", value: true)]),
        Entry(synopsis: "action REF [ID]", summary: "list a row's actions, or run one",
              words: [Word("action", .rowAndText, "action needs a row: action REF (lists them), action REF ID (runs one)", value: true)]),
        Entry(synopsis: "remove REF N, move REF A B", summary: "remove or move a list's item",
              words: [Word("remove", .rowAndText, "remove needs a position: remove REF N (on a list's screen: remove N)", value: true),
                      Word("move", .rowAndText, "move needs two positions: move REF FROM TO (on a list's screen: move FROM TO)", value: true)]),
        Entry(synopsis: "accessory REF", summary: "press the row's detail button (i)",
              words: [Word("accessory", .row, "accessory needs a row: accessory REF")]),
        Entry(synopsis: "back (..), home", summary: "one screen back, or to the first",
              words: [Word("back", .nothing), Word("home", .nothing)]),
        Entry(synopsis: "show", summary: "draw the screen again", words: [Word("show", .nothing)]),
        Entry(synopsis: "next, prev", summary: "page through a long screen", words: [Word("next", .nothing), Word("prev", .nothing)]),
        Entry(synopsis: "find TEXT, go N", summary: "search all screens, go to result N",
              words: [Word("find", .text, "find needs some text: find TEXT"),
                      Word("go", .text, "go needs a result number from find: go N")]),
        Entry(synopsis: "help REF", summary: "a row's help, key, value and default", words: [Word("help", .optionalRow)]),
        Entry(synopsis: "why REF", summary: "why a row is disabled or hidden", words: [Word("why", .row, "why needs a row: why REF")]),
        Entry(synopsis: "store", summary: "every value; * marks changed ones", words: [Word("store", .optionalText)]),
        Entry(synopsis: "reset REF, reset all", summary: "back to the default",
              words: [Word("reset", .row, "reset needs a row, or all: reset REF, reset all")]),
        Entry(synopsis: "reload", summary: "re-read the script, keep the values", words: [Word("reload", .nothing)]),
        Entry(synopsis: "lua CODE, = EXPR", summary: "run Lua in the script (with ctx)",
              words: [Word("lua", .text, "lua needs some code, e.g. lua ctx.store.notifications = false")]),
        Entry(synopsis: "quit, exit, Ctrl-D", summary: "leave", words: [Word("quit", .nothing), Word("exit", .nothing)]),
    ]

    /// Every command word, in the order `help` lists them.
    public static let words: [String] = entries.flatMap { $0.words.map(\.name) }

    /// The word `name` (lower case), if it is a command.
    public static func word(_ name: String) -> Word? { wordsByName[name] }

    /// The `help` line of the word `name`, if it is a command.
    public static func entry(of name: String) -> Entry? {
        entries.first { $0.words.contains { $0.name == name } }
    }

    /// The value commands (SPEC §8); alone on a line they may name a row instead.
    public static let valueWords: Set<String> = Set(entries.flatMap(\.words).filter(\.isValueCommand).map(\.name))

    /// Commands that take nothing after them.
    public static let bare: Set<String> = names { $0 == .nothing }

    /// Commands whose argument is a row reference (Tab completes rows after them).
    public static let takingRow: Set<String> = names { $0 == .row || $0 == .rowAndText || $0 == .optionalRow }

    private static let wordsByName: [String: Word] = Dictionary(entries.flatMap(\.words).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    private static func names(_ test: (Argument) -> Bool) -> Set<String> {
        Set(entries.flatMap(\.words).filter { test($0.argument) }.map(\.name))
    }
}
