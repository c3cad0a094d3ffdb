/// The session's verbs in one table: each verb's name (spelled here and nowhere else in
/// Sources), its parameters, what it returns, a one-line summary, how the REPL writes it and
/// what the REPL says when its argument is missing, and where it is offered (the REPL, a
/// test's session, the preview's `/api/do`). The REPL's reader and `help`, the preview's
/// operations and its page script, the test session's methods, `stubs` and the API docs, and
/// the writers of REPL lines and test calls (`SessionVerb.replLines`, `luaCall`) are made
/// from it or dispatch through it.
///
/// A namespace of constants: callable from any thread.
public enum VerbTable {
    /// How the REPL writes a verb. `Sendable`: a plain value.
    package struct ReplForm: Sendable {
        /// How it is written in `help` (`inc REF`); nil when the verb's name alone.
        package let synopsis: String?
        /// What follows the word.
        package let argument: ReplCommands.Argument
        /// What the REPL says when the argument it needs is missing.
        package let usage: String?
        /// A value command of SPEC §8: typed alone, it selects a row of that name if there is one.
        package let isValueCommand: Bool

        init(_ synopsis: String?, _ argument: ReplCommands.Argument, _ usage: String? = nil, value: Bool = false) {
            self.synopsis = synopsis
            self.argument = argument
            self.usage = usage
            self.isValueCommand = value
        }
    }

    /// Where a verb is offered besides the session's Swift API.
    public struct Places: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Makes the set from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A method of a test file's session (`s:inc(REF)`), described by `stubs`.
        public static let tests = Places(rawValue: 1)
        /// An `op` of the preview's `POST /api/do`.
        public static let preview = Places(rawValue: 2)
        /// Everywhere.
        public static let all: Places = [.tests, .preview]
    }

    /// One verb. `Sendable`: a plain value.
    public struct Entry: Sendable {
        /// The verb.
        public let verb: Verb
        /// Its name: the REPL's word, the preview's `op`, the test session's method.
        public let name: String
        /// Its parameters, in the order a test file's call gives them.
        public let parameters: [VerbParameter]
        /// What the test session's method returns (a LuaLS type), nil for nothing.
        public let returns: String?
        /// What it does, in one line (`stubs`, the API docs).
        public let summary: String
        /// A query (it changes nothing: `why`, `help`, `find`, `actions`, `go`) rather than a change.
        public let isQuery: Bool
        /// Where it is offered besides the REPL.
        public let places: Places
        /// How the REPL writes it; nil when the REPL reaches it another way (`reset all`,
        /// `action REF` listing the actions).
        package let repl: ReplForm?

        /// How `help` writes it: its synopsis, else its name.
        package var replSynopsis: String? { repl.map { $0.synopsis ?? name } }
    }

    /// Every verb, in the order `stubs` lists the test session's methods.
    public static let entries: [Entry] = [
        Entry(verb: .select, name: "select", parameters: [.ref, .answer], returns: nil,
              summary: "selects a row (by number, id or text); answer replies to a confirm (yes when left out)",
              isQuery: false, places: .all,
              repl: ReplForm("REF, select REF", .row, "select which row? select REF (its number, id or text)")),
        Entry(verb: .set, name: "set", parameters: [.ref, .value], returns: nil,
              summary: "sets a bound row's value, checked as the REPL's set", isQuery: false, places: .all,
              repl: ReplForm("set REF VALUE", .rowAndText, "set needs a row and a value: set REF VALUE, e.g. set 2 off")),
        Entry(verb: .accessory, name: "accessory", parameters: [.ref], returns: nil,
              summary: "runs the row's on_accessory", isQuery: false, places: .all,
              repl: ReplForm("accessory REF", .row, "accessory needs a row: accessory REF")),
        Entry(verb: .back, name: "back", parameters: [], returns: nil,
              summary: "goes back one screen", isQuery: false, places: .all, repl: ReplForm("back (..)", .nothing)),
        Entry(verb: .home, name: "home", parameters: [], returns: nil,
              summary: "goes back to the root screen", isQuery: false, places: .all, repl: ReplForm(nil, .nothing)),
        Entry(verb: .reload, name: "reload", parameters: [], returns: "string?",
              summary: "reads the script again, keeping the path and the values", isQuery: false, places: .tests,
              repl: ReplForm(nil, .nothing)),
        Entry(verb: .find, name: "find", parameters: [.text], returns: "{ screen: string, row: string, text: string }[]",
              summary: "searches every screen reachable from the root", isQuery: true, places: .all,
              repl: ReplForm("find TEXT", .text, "find needs some text: find TEXT")),
        Entry(verb: .go, name: "go", parameters: [.path, .answer], returns: nil,
              summary: "opens the screens of a path from the root, through the rows a person could select",
              isQuery: true, places: .preview,
              repl: ReplForm("go N", .text, "go needs a result number from find: go N")),
        Entry(verb: .inc, name: "inc", parameters: [.ref], returns: nil,
              summary: "moves a number row one step up its grid, stopping at max", isQuery: false, places: .all,
              repl: ReplForm("inc REF", .row, "inc needs a number row: inc REF", value: true)),
        Entry(verb: .dec, name: "dec", parameters: [.ref], returns: nil,
              summary: "moves a number row one step down its grid, stopping at min", isQuery: false, places: .all,
              repl: ReplForm("dec REF", .row, "dec needs a number row: dec REF", value: true)),
        Entry(verb: .add, name: "add", parameters: [.ref, .item], returns: nil,
              summary: "appends an item to a list row; on the list's own screen ref may be left out: s:add(text)",
              isQuery: false, places: .all,
              repl: ReplForm("add REF TEXT", .rowAndText, "add needs the item's text: add REF TEXT (on a list's screen: add TEXT)", value: true)),
        Entry(verb: .remove, name: "remove", parameters: [.ref, .position], returns: nil,
              summary: "removes the item at position n of a list row; on the list's own screen s:remove(n)",
              isQuery: false, places: .all,
              repl: ReplForm("remove REF N", .rowAndText, "remove needs a position: remove REF N (on a list's screen: remove N)", value: true)),
        Entry(verb: .move, name: "move", parameters: [.ref, .from, .to], returns: nil,
              summary: "moves the item at from to position to in a list row; on the list's own screen s:move(from, to)",
              isQuery: false, places: .all,
              repl: ReplForm("move REF A B", .rowAndText, "move needs two positions: move REF FROM TO (on a list's screen: move FROM TO)", value: true)),
        Entry(verb: .action, name: "action", parameters: [.ref, .id, .answer], returns: nil,
              summary: "runs one of a row's actions; answer replies to its confirm (yes when left out)",
              isQuery: false, places: .all,
              repl: ReplForm("action REF [ID]", .rowAndText, "action needs a row: action REF (lists them), action REF ID (runs one)", value: true)),
        Entry(verb: .actions, name: "actions", parameters: [.ref], returns: "{ id: string, text: string, destructive: boolean }[]",
              summary: "a row's actions", isQuery: true, places: .all, repl: nil),
        Entry(verb: .why, name: "why", parameters: [.ref], returns: "string",
              summary: "why a row is disabled or hidden, as the REPL's why", isQuery: true, places: .all,
              repl: ReplForm("why REF", .row, "why needs a row: why REF")),
        Entry(verb: .help, name: "help", parameters: [.ref], returns: "string",
              summary: "a row's help, key, value, default and actions, as the REPL's help", isQuery: true, places: .all,
              repl: ReplForm("help REF", .optionalRow)),
        Entry(verb: .reset, name: "reset", parameters: [.ref], returns: nil,
              summary: "puts a bound row back to its default, as the REPL's reset REF", isQuery: false, places: .all,
              repl: ReplForm("reset REF, reset all", .row, "reset needs a row, or all: reset REF, reset all")),
        Entry(verb: .resetAll, name: "reset_all", parameters: [], returns: nil,
              summary: "puts every bound row back to its default, as the REPL's reset all", isQuery: false, places: .all,
              repl: nil),
    ]

    /// The word after `reset` that makes it `reset all` (the verb `resetAll`).
    public static let allWord = "all"

    /// The entry of `verb`.
    public static func entry(_ verb: Verb) -> Entry { entries[index[verb]!] }

    /// The verbs offered in `place`, in the table's order.
    public static func verbs(in place: Places) -> [Verb] {
        entries.filter { $0.places.contains(place) }.map(\.verb)
    }

    /// The verbs the REPL reads by a word of their own, in the table's order.
    package static var replVerbs: [Verb] { entries.filter { $0.repl != nil }.map(\.verb) }

    /// Each verb by its name.
    static let byName: [String: Verb] = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.verb) })

    private static let index: [Verb: Int] = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.verb, $0) })
}
