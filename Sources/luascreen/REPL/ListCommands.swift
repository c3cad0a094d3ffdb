import LuaScreen

/// The REPL's list edits: `add REF TEXT`, `remove REF N`, `move REF FROM TO`; on a list's
/// own screen REF may be left out.
extension Shell {
    func addItem(_ rest: String) {
        guard let (ref, text) = addArguments(rest) else { return }
        act { try session.addItem(ref, text) }
    }

    /// The list (nil: the one shown) and the text of `add` (also what `--record` writes).
    func addArguments(_ rest: String, quiet: Bool = false) -> (ref: String?, text: String)? {
        if let list = session.shownListID {
            let (word, after) = ReplSyntax.splitFirstWord(rest)
            return (nil, ReplSyntax.unquoted(word == list && !after.isEmpty ? after : rest))
        }
        return splitSet(rest, quiet: quiet, adding: true).map { ($0.ref, $0.value) }
    }

    /// The list (nil: the one shown) and the positions of `remove` or `move`: nil when
    /// the line does not end in as many numbers.
    static func listEditArguments(_ rest: String, positions: Int) -> (ref: String?, numbers: [Int])? {
        var words = rest.split(whereSeparator: \.isWhitespace).map(String.init)
        var numbers: [Int] = []
        while numbers.count < positions, let last = words.last, let n = Int(last) {
            numbers.insert(n, at: 0)
            words.removeLast()
        }
        guard numbers.count == positions else { return nil }
        return (words.isEmpty ? nil : ReplSyntax.unquoted(words.joined(separator: " ")), numbers)
    }

    func editList(_ rest: String, positions: Int, usage: String) {
        guard let (ref, numbers) = Shell.listEditArguments(rest, positions: positions) else {
            fail("\(usage): give \(positions == 1 ? "the item's position" : "two positions") as numbers")
            return
        }
        if positions == 1 {
            act { try session.removeItem(ref, at: numbers[0]) }
        } else {
            act { try session.moveItem(ref, from: numbers[0], to: numbers[1]) }
        }
    }

    /// `set REF` with nothing after a list or a multiple choice: clears it.
    func clearsList(_ rest: String) -> Bool {
        guard let ref = listToClear(rest) else { return false }
        act { try session.set(ref, text: "") }
        return true
    }

    /// The row `set REST` clears: REST names a list or a multiple choice (nil: it does not).
    func listToClear(_ rest: String) -> String? {
        let ref = ReplSyntax.unquoted(rest)
        guard let row = try? session.lookup(ref), row.value?.listItems != nil else { return nil }
        return ref
    }
}
