import LuaScreenCore
import LuaScreen
import ScreenModel

/// Tab completion: what may replace the word before the cursor.
///
/// Words break at spaces only, so a row's text with spaces ("Sign Out") completes word by
/// word: the whole reference typed so far is matched against the row texts, and what
/// comes back replaces just the last word.
enum Completion {
    /// The rows a command's argument may name, as texts and ids.
    struct Names {
        var texts: [String]
        var ids: [String]
        /// For `action`: the action ids of the row a reference names (nil: no such row).
        var actionIDs: ((String) -> [String]?)? = nil
    }

    /// Replacements for the word before the cursor, given the line up to the cursor.
    /// `names(command)` gives the rows fitting a command ("" for a bare reference).
    /// `values(rest)`: for the text after `set`, when it starts with a row that takes values
    /// from a list (a toggle, a choice), the value typed so far and that list.
    static func candidates(before line: String, names: (String) -> Names,
                           values: (String) -> (typed: String, options: [String])? = { _ in nil }) -> [String] {
        let leading = line.prefix { $0 == " " || $0 == "\t" }
        let typed = String(line.dropFirst(leading.count))
        guard let space = typed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            // The first word: a command, or a row (selecting it).
            let commands = ReplCommands.words.filter { $0.hasPrefix(typed.lowercased()) }
            let rows = matching(typed, names(""))
            return unique(commands + rows.map { replacement($0, typed: typed) })
        }
        let word = String(typed[..<space])
        let rest = String(typed[space...].drop { $0 == " " || $0 == "\t" })
        if ReplCommands.takingRow.contains(word) {
            let verb = Verb(named: word)
            var rows = matching(rest, names(word))
            if verb == .reset, VerbTable.allWord.hasPrefix(rest.lowercased()) { rows.append(VerbTable.allWord) }
            if rows.isEmpty, verb == .set, let (typed, options) = values(rest) {
                // set REF VALUE: the row is typed, complete its value
                return unique(options.filter { startsWith($0, typed) }.map { replacement($0, typed: typed) })
            }
            if verb == .action, let (typed, ids) = actionIDs(rest, names(word)) {
                // action REF ID: the row is typed, complete its action's id (then rows whose
                // text goes on with the same words)
                return unique(ids.filter { startsWith($0, typed) }.map { replacement($0, typed: typed) }
                              + rows.map { replacement($0, typed: rest) })
            }
            return unique(rows.map { replacement($0, typed: rest) })
        }
        if ReplCommands.words.contains(word) { return [] }
        // Not a command: the whole line names a row ("Sign O" -> "Out").
        return unique(matching(typed, names("")).map { replacement($0, typed: typed) })
    }

    /// After `action`: when the words before the last one name a row with actions, the last
    /// word (the id typed so far) and that row's action ids.
    static func actionIDs(_ rest: String, _ names: Names) -> (typed: String, ids: [String])? {
        guard let space = rest.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
        let ref = ReplSyntax.unquoted(rest[..<space].trimmingSpaces)
        guard !ref.isEmpty, let ids = names.actionIDs?(ref), !ids.isEmpty else { return nil }
        return (String(rest[rest.index(after: space)...]), ids)
    }

    /// Texts starting with `typed` (ignoring case); ids only when no text does.
    static func matching(_ typed: String, _ names: Names) -> [String] {
        let texts = names.texts.filter { startsWith($0, typed) }
        if !texts.isEmpty { return texts }
        return names.ids.filter { startsWith($0, typed) }
    }

    /// What replaces the last word of `typed` to make `full`.
    static func replacement(_ full: String, typed: String) -> String {
        let lastWord = typed.reversed().prefix { $0 != " " && $0 != "\t" }.count
        return String(full.dropFirst(typed.count - lastWord))
    }

    static func startsWith(_ s: String, _ prefix: String) -> Bool {
        var i = s.startIndex
        for c in prefix {
            guard i < s.endIndex, s[i].lowercased() == c.lowercased() else { return false }
            i = s.index(after: i)
        }
        return true
    }

    static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }

    /// The longest start all candidates share, ignoring case (spelled as the first one).
    static func commonPrefix(_ list: [String]) -> String {
        guard var prefix = list.first.map(Array.init) else { return "" }
        for other in list.dropFirst() {
            let o = Array(other)
            var n = 0
            while n < prefix.count, n < o.count, prefix[n].lowercased() == o[n].lowercased() { n += 1 }
            prefix = Array(prefix[..<n])
        }
        return String(prefix)
    }
}

extension Session {
    /// The rows of the current screen a command's argument may name (for Tab).
    func completionNames(for command: String) -> Completion.Names {
        let screen = currentScreen()
        let all = screen.sections.flatMap { section in section.rows.map { (row: $0, sectionVisible: section.visible) } }
        let rows: [ResolvedRow]
        switch Verb(named: command) {
        case .why?:
            rows = all.map(\.row)
        case .help?:
            rows = all.filter { $0.sectionVisible && $0.row.visible }.map(\.row)
        case .accessory?:
            // rows with a detail button, selectable or not
            rows = screen.visibleRows.filter { $0.accessory == .detail || $0.accessory == .detailDisclosure }
        case .set?, .reset?:
            rows = screen.visibleRows.filter { $0.key != nil || $0.number != nil }
        case .action?:
            // rows with actions, selectable or not
            rows = screen.visibleRows.filter { !($0.actions ?? []).isEmpty }
        default:
            rows = screen.visibleRows.filter { $0.number != nil }
        }
        // Readline prints what Tab completes: a text or id with a control or bidi character
        // is not offered (the sanitizer would change it, so it could not be typed back).
        let safe = { (s: String) in sanitize(s, lineBreaks: .escape) == s }
        var names = Completion.Names(texts: rows.map(\.text).filter(safe), ids: rows.map(\.id).filter(safe))
        if Verb(named: command) == .action {
            names.actionIDs = { [unowned self] ref in (try? self.actions(ref))?.map(\.id).filter(safe) }
        }
        return names
    }
}
