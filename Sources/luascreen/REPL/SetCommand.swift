import LuaScreen
import ScreenModel

/// `set REF VALUE`: where REF ends and VALUE starts, the values Tab offers after it, and
/// which lines stay out of the history (a secure input's).
extension Shell {
    func set(_ rest: String) {
        if clearsList(rest) { return }
        // A symbol's name reaches it from any screen (SPEC §18): `set NAME VALUE`.
        if let space = rest.firstIndex(where: \.isWhitespace), session.symbolNamed(String(rest[..<space])) != nil {
            let value = ReplSyntax.unquoted(rest[space...].trimmingSpaces)
            act { try session.setSymbol(String(rest[..<space]), text: value) }
            return
        }
        guard let (ref, value) = splitSet(rest) else { return }
        actOnRow(ref) {
            do {
                try session.set(ref, text: value)
            } catch {
                throw wholeReferenceError(rest, shortened: ref) ?? error
            }
        }
    }

    /// When `set` took the first words of a longer, mistyped reference as a prefix of a
    /// row's text (`set Notification Sond on` sets "Notification Sound" to "Sond on") and the
    /// value was refused: the error of the longer reference that suggests that very row,
    /// which names the reference whole (`no row "Notification Sond" ... (did you mean
    /// "Notification Sound"?)`). nil when the row was named whole (its number, id or text).
    func wholeReferenceError(_ rest: String, shortened ref: String) -> Error? {
        guard rest.first != "\"", rest.first != "'", !ref.allSatisfy(\.isNumber), let row = try? session.lookup(ref), row.id != ref,
              row.text.lowercased() != ref.trimmingSpaces.lowercased() else { return nil }
        for split in Shell.wordBreaks(rest, trailing: false).prefix(32).reversed() where rest.utf8.distance(from: rest.startIndex, to: split.end) > ref.utf8.count {
            do {
                _ = try session.lookup(String(rest[..<split.end]))
            } catch let error as SessionError {
                if case .noRow(_, let suggestion?)? = error.cause, suggestion == row.text || suggestion == row.id { return error }
            } catch {}
        }
        return nil
    }

    /// Each place a run of spaces starts (`end`: REF before it) and ends (`valueStart`: VALUE
    /// after it), in order; a run at the very end only when `trailing`. The one split of
    /// `set`'s arguments, for running, the history and Tab.
    static func wordBreaks(_ rest: String, trailing: Bool) -> [(end: String.Index, valueStart: String.Index)] {
        var breaks: [(end: String.Index, valueStart: String.Index)] = []
        var i = rest.startIndex
        while i < rest.endIndex {
            guard rest[i].isWhitespace else {
                i = rest.index(after: i)
                continue
            }
            var j = i
            while j < rest.endIndex, rest[j].isWhitespace { j = rest.index(after: j) }
            if trailing || j < rest.endIndex { breaks.append((i, j)) }
            i = j
        }
        return breaks
    }

    /// `set REF VALUE` split where REF ends: a quoted REF, else the longest run of words
    /// that names a row ("set Font size 14"). Reports the problem when it cannot split
    /// (unless `quiet`).
    /// `adding`: the words are `add REF TEXT`'s, and its problems say so.
    func splitSet(_ rest: String, quiet: Bool = false, adding: Bool = false) -> (ref: String, value: String)? {
        func problem(_ message: String) -> (ref: String, value: String)? {
            if !quiet {
                fail(!adding ? message : message.hasPrefix("a quote")
                    ? "a quote is not closed: add \"LIST TEXT\" ITEM"
                    : "add needs the item's text after the list: add \(rest) TEXT (on a list's screen: add TEXT)")
            }
            return nil
        }
        if let quote = rest.first, quote == "\"" || quote == "'" {
            let afterOpen = rest.index(after: rest.startIndex)
            guard let close = rest[afterOpen...].firstIndex(of: quote) else {
                return problem("a quote is not closed: set \"ROW TEXT\" VALUE")
            }
            let ref = String(rest[afterOpen..<close])
            let value = rest[rest.index(after: close)...].trimmingSpaces
            if value.isEmpty { return problem("set needs a value after the row: set \(rest) VALUE (\"\" for an empty text)") }
            return (ref, ReplSyntax.unquoted(value))
        }
        let splits = Shell.wordBreaks(rest, trailing: false)
        guard !splits.isEmpty else {
            return problem("set needs a value after the row: set \(rest) VALUE (\"\" for an empty text)")
        }
        // (a row's text is not a page long: the first 32 words are plenty)
        for split in splits.prefix(32).reversed() {
            let ref = String(rest[..<split.end])
            if (try? session.lookup(ref)) != nil {
                return (ref, ReplSyntax.unquoted(String(rest[split.valueStart...])))
            }
        }
        if !quiet {
            // No words before the value name a row: the error names the reference whole
            // (`set Notfication Sound chime` names "Notfication Sound"). The longest words
            // whose lookup suggests a row are the reference; else all but the last word.
            var named: Error?
            for split in splits.prefix(32).reversed() {
                do {
                    _ = try session.lookup(String(rest[..<split.end]))
                } catch let error as SessionError {
                    if case .noRow(_, _?)? = error.cause { named = error; break }
                    if named == nil { named = error }
                } catch {
                    if named == nil { named = error }
                }
            }
            if let named { report(named) }
        }
        return nil
    }

    /// For Tab after `set REF `: the value typed so far and the values the row takes from a
    /// list (on/off for a toggle, the option texts of a choice whose options are a table).
    func valueChoices(_ rest: String) -> (typed: String, options: [String])? {
        // (a trailing space counts: Tab after `set Wi-Fi ` offers the values from nothing typed)
        for split in Shell.wordBreaks(rest, trailing: true).prefix(32).reversed() {
            guard let row = try? session.lookup(String(rest[..<split.end])) else { continue }
            let typed = String(rest[split.valueStart...])
            switch row.kind {
            case .toggle:
                return (typed, ["on", "off"])
            case .choice:
                guard let options = row.key.flatMap(declaredBinding(for:))?.options?.value else { return nil }
                return (typed, options.map(\.text).filter { sanitize($0, lineBreaks: .escape) == $0 })
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether a line may go into the history: not when it sets a secure input.
    func remembers(_ line: String) -> Bool {
        guard case .set(let rest) = ReplCommand.parse(line, resolves: resolves),
              let (ref, _) = splitSet(rest, quiet: true),
              let key = (try? session.lookup(ref))?.key else { return true }
        return !isSecure(key)
    }

    /// Whether a key is bound to a secure input (its value is never shown).
    func isSecure(_ key: String) -> Bool {
        session.binding(forKey: key)?.secure ?? false
    }

    /// The binding a script declared for a key (range, step, secure...).
    func declaredBinding(for key: String) -> Binding? {
        session.binding(forKey: key)
    }
}
