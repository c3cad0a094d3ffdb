import LuaScreen
import LuaScreenCore
/// One line typed at the REPL, understood.
package enum ReplCommand: Equatable {
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

    /// Reads a line (already trimmed, not empty).
    ///
    /// A word that is a command is the command (`select reset` reaches a row with id `reset`).
    /// Anything else is a row reference. Two kinder readings, tried only when the line is
    /// not a row of the screen (`resolves` says whether it is):
    ///  - `Back`, `HOME`: a command typed with capitals;
    ///  - `show previews`: a command that takes nothing, followed by words, is a row's text
    ///    when it names one (checked first, since the line then cannot be the command).
    package static func parse(_ line: String, resolves: (String) -> Bool) -> ReplCommand {
        if line == ".." { return .back }
        if line == "?" { return .help(nil) }
        if line.hasPrefix("=") {
            let expression = line.dropFirst().trimmingSpaces
            return expression.isEmpty ? .usage("= needs an expression, e.g. = ctx.store.notifications") : .expression(expression)
        }
        let (word, rest) = ReplSyntax.splitFirstWord(line)
        // The commands of SPEC §8 alone, without their argument, select a row of that name
        // when there is one (a row called `add` from before they were commands).
        if rest.isEmpty, ReplCommands.valueWords.contains(word), resolves(line) { return .select(line) }
        if ReplCommands.words.contains(word) {
            if ReplCommands.bare.contains(word), !rest.isEmpty {
                if resolves(line) { return .select(line) }
                return .usage("`\(word)` takes nothing after it (to select a row, type its number)")
            }
            return command(word, rest)
        }
        let lower = word.lowercased()
        if ReplCommands.words.contains(lower), !resolves(line) {
            if ReplCommands.bare.contains(lower), !rest.isEmpty {
                return .usage("`\(lower)` takes nothing after it (to select a row, type its number)")
            }
            return command(lower, rest)
        }
        return .select(ReplSyntax.unquoted(line))
    }

    /// The command of `word` (a command word) with the text after it: a verb of the verb
    /// table, read by its REPL form, or one of the REPL's own commands.
    private static func command(_ word: String, _ rest: String) -> ReplCommand {
        let ref = ReplSyntax.unquoted(rest)
        guard let entry = ReplCommands.word(word) else { return .select(ref) }
        if rest.isEmpty, let usage = entry.usage { return .usage(usage) }
        if let verb = entry.verb { return command(verb, rest, ref: ref) }
        switch word {
        case "edit": return .edit(ref)
        case "show": return .show
        case "next": return .next
        case "prev": return .prev
        case "store": return .store(rest.isEmpty ? nil : ref)
        case "lua": return .lua(rest)
        case "quit", "exit": return .quit
        default: return .select(ref)
        }
    }

    /// A verb read at the REPL: `ref` is `rest` without its quotes.
    private static func command(_ verb: Verb, _ rest: String, ref: String) -> ReplCommand {
        switch verb {
        case .select: return .select(ref)
        case .set: return .set(rest)
        case .inc: return .inc(ref)
        case .dec: return .dec(ref)
        case .action, .actions: return .action(rest)
        case .add: return .add(rest)
        case .remove: return .remove(rest)
        case .move: return .move(rest)
        case .accessory: return .accessory(ref)
        case .back: return .back
        case .home: return .home
        case .find: return .find(rest)
        case .go: return .go(rest)
        case .help: return .help(rest.isEmpty ? nil : ref)
        case .why: return .why(ref)
        case .reset: return rest.lowercased() == VerbTable.allWord ? .resetAll : .reset(ref)
        case .resetAll: return .resetAll
        case .reload: return .reload
        }
    }
}
