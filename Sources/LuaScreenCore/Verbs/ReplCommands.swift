/// The REPL's commands (SPEC §8) in one table: each line of `help` with the words it covers,
/// what follows each word, and what the REPL answers when that is missing. The line reader,
/// `help`, the man page and Tab completion all read it. The verbs among them are made from
/// `VerbTable` (their words, synopses and usage texts); the REPL's own commands are here.
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
        /// The session verb the word runs; nil for the REPL's own commands (`show`, `lua`).
        public let verb: Verb?

        init(_ name: String, _ argument: Argument, _ usage: String? = nil, value: Bool = false) {
            self.name = name
            self.argument = argument
            self.usage = usage
            self.isValueCommand = value
            self.verb = nil
        }

        /// The word of a verb, as the verb table writes it.
        init(_ verb: Verb) {
            let form = verb.entry.repl!
            self.name = verb.name
            self.argument = form.argument
            self.usage = form.usage
            self.isValueCommand = form.isValueCommand
            self.verb = verb
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

        init(synopsis: String, summary: String, words: [Word]) {
            self.synopsis = synopsis
            self.summary = summary
            self.words = words
        }

        /// The line of some verbs: their synopses from the verb table, joined.
        init(_ verbs: [Verb], summary: String) {
            self.init(synopsis: verbs.map { $0.entry.replSynopsis! }.joined(separator: ", "), summary: summary,
                      words: verbs.map(Word.init))
        }
    }

    /// Every command, in the order `help` lists them.
    public static let entries: [Entry] = [
        Entry([.select], summary: "open, flip, pick or press a row"),
        Entry([.set], summary: "change a value: set 2 off"),
        Entry([.inc, .dec], summary: "a number one step up or down"),
        Entry([.add], summary: "add an item to a list"),
        Entry(synopsis: "edit REF", summary: "edit a text in $VISUAL or $EDITOR",
              words: [Word("edit", .row, "edit needs an input row: edit REF", value: true)]),
        Entry([.action], summary: "list a row's actions, or run one"),
        Entry([.remove, .move], summary: "remove or move a list's item"),
        Entry([.accessory], summary: "press the row's detail button (i)"),
        Entry([.back, .home], summary: "one screen back, or to the first"),
        Entry(synopsis: "show", summary: "draw the screen again", words: [Word("show", .nothing)]),
        Entry(synopsis: "next, prev", summary: "page through a long screen", words: [Word("next", .nothing), Word("prev", .nothing)]),
        Entry([.find, .go], summary: "search all screens, go to result N"),
        Entry([.help], summary: "a row's help, key, value and default"),
        Entry([.why], summary: "why a row is disabled or hidden"),
        Entry(synopsis: "store", summary: "every value; * marks changed ones", words: [Word("store", .optionalText)]),
        Entry([.reset], summary: "back to the default"),
        Entry([.reload], summary: "re-read the script, keep the values"),
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
