/// One line typed at the REPL, understood.
enum ReplCommand: Equatable {
    case select(String)
    /// `set REF VALUE`: the text after `set`, split into REF and VALUE by the shell (it
    /// needs the screen to know where a multi-word REF ends).
    case set(String)
    case accessory(String)
    /// `inc REF`, `dec REF`: a number row one step up or down.
    case inc(String), dec(String)
    /// `add REF TEXT`, `remove REF N`, `move REF FROM TO`: edit a list (REF may be left out
    /// on the list's own screen). The text after the word, split by the shell.
    case add(String), remove(String), move(String)
    /// `edit REF`: an input's text in $VISUAL/$EDITOR (or lines up to a ".").
    case edit(String)
    /// `action REF [ID]`: list a row's actions, or run one.
    case action(String)
    case back, home, show, next, prev
    case find(String)
    case go(String)
    case help(String?)
    case why(String)
    /// `store [PATTERN]`: the values, those whose key contains PATTERN.
    case store(String?)
    case reset(String)
    case resetAll
    case reload
    case lua(String)
    case expression(String)
    case quit
    /// The line could not be understood: the message says how to write it.
    case usage(String)

    /// Every command word, in the order `help` lists them.
    static let words = ["select", "set", "inc", "dec", "add", "remove", "move", "edit", "action", "accessory", "back", "home", "show", "next", "prev", "find", "go",
                        "help", "why", "store", "reset", "reload", "lua", "quit", "exit"]

    /// The value commands (SPEC §8); alone on a line they may name a row instead.
    static let valueWords: Set<String> = ["inc", "dec", "add", "remove", "move", "edit", "action"]

    /// Commands that take nothing after them.
    static let bare: Set<String> = ["back", "home", "show", "next", "prev", "reload", "quit", "exit"]

    /// Commands whose argument is a row reference (Tab completes rows after them).
    static let takingRow: Set<String> = ["select", "set", "inc", "dec", "add", "remove", "move", "edit", "action", "accessory", "help", "why", "reset"]

    /// Reads a line (already trimmed, not empty).
    ///
    /// A word that is a command is the command (`select reset` reaches a row with id `reset`).
    /// Anything else is a row reference. Two kinder readings, tried only when the line is
    /// not a row of the screen (`resolves` says whether it is):
    ///  - `Back`, `HOME`: a command typed with capitals;
    ///  - `show previews`: a command that takes nothing, followed by words, is a row's text
    ///    when it names one (checked first, since the line then cannot be the command).
    static func parse(_ line: String, resolves: (String) -> Bool) -> ReplCommand {
        if line == ".." { return .back }
        if line == "?" { return .help(nil) }
        if line.hasPrefix("=") {
            let expression = line.dropFirst().trimmingSpaces
            return expression.isEmpty ? .usage("= needs an expression, e.g. = ctx.store.notifications") : .expression(expression)
        }
        let (word, rest) = ReplText.splitFirstWord(line)
        // The commands of SPEC §8 alone, without their argument, select a row of that name
        // when there is one (a row called "add" from before they were commands).
        if rest.isEmpty, valueWords.contains(word), resolves(line) { return .select(line) }
        if words.contains(word) {
            if bare.contains(word), !rest.isEmpty {
                if resolves(line) { return .select(line) }
                return .usage("`\(word)` takes nothing after it (to select a row, type its number)")
            }
            return command(word, rest)
        }
        let lower = word.lowercased()
        if words.contains(lower), !resolves(line) {
            if bare.contains(lower), !rest.isEmpty {
                return .usage("`\(lower)` takes nothing after it (to select a row, type its number)")
            }
            return command(lower, rest)
        }
        return .select(ReplText.unquoted(line))
    }

    private static func command(_ word: String, _ rest: String) -> ReplCommand {
        let ref = ReplText.unquoted(rest)
        switch word {
        case "select":
            return rest.isEmpty ? .usage("select which row? select REF (its number, id or text)") : .select(ref)
        case "set":
            return rest.isEmpty ? .usage("set needs a row and a value: set REF VALUE, e.g. set 2 off") : .set(rest)
        case "inc":
            return rest.isEmpty ? .usage("inc needs a number row: inc REF") : .inc(ref)
        case "dec":
            return rest.isEmpty ? .usage("dec needs a number row: dec REF") : .dec(ref)
        case "action":
            return rest.isEmpty ? .usage("action needs a row: action REF (lists them), action REF ID (runs one)") : .action(rest)
        case "edit":
            return rest.isEmpty ? .usage("edit needs an input row: edit REF") : .edit(ref)
        case "add":
            return rest.isEmpty ? .usage("add needs the item's text: add REF TEXT (on a list's screen: add TEXT)") : .add(rest)
        case "remove":
            return rest.isEmpty ? .usage("remove needs a position: remove REF N (on a list's screen: remove N)") : .remove(rest)
        case "move":
            return rest.isEmpty ? .usage("move needs two positions: move REF FROM TO (on a list's screen: move FROM TO)") : .move(rest)
        case "accessory":
            return rest.isEmpty ? .usage("accessory needs a row: accessory REF") : .accessory(ref)
        case "back", "..": return .back
        case "home": return .home
        case "show": return .show
        case "next": return .next
        case "prev": return .prev
        case "find":
            return rest.isEmpty ? .usage("find needs some text: find TEXT") : .find(rest)
        case "go":
            return rest.isEmpty ? .usage("go needs a result number from find: go N") : .go(rest)
        case "help":
            return .help(rest.isEmpty ? nil : ref)
        case "why":
            return rest.isEmpty ? .usage("why needs a row: why REF") : .why(ref)
        case "store": return .store(rest.isEmpty ? nil : ref)
        case "reset":
            if rest.isEmpty { return .usage("reset needs a row, or all: reset REF, reset all") }
            return rest.lowercased() == "all" ? .resetAll : .reset(ref)
        case "reload": return .reload
        case "lua":
            return rest.isEmpty ? .usage("lua needs some code, e.g. lua ctx.store.notifications = false") : .lua(rest)
        case "quit", "exit": return .quit
        default: return .select(ref)
        }
    }
}
