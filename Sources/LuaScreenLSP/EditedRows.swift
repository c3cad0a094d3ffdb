import LuaScreen

/// Which rows an edit changed (`RowRecheck`): where the checked text and the new one differ,
/// and whether that is one string of one row, one row, or rows of one section's list, read
/// from the new text's outline and the two texts' tokens.
extension RowRecheck {
    /// Where two texts differ: `start..<oldEnd` of `old` is `start..<newEnd` of `new`, the rest
    /// the same; nil when they are the same.
    static func difference(_ old: [UInt8], _ new: [UInt8]) -> (start: Int, oldEnd: Int, newEnd: Int)? {
        var start = 0
        let shorter = min(old.count, new.count)
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                while start < shorter, a[start] == b[start] { start += 1 }
            }
        }
        if start == old.count, start == new.count { return nil }
        var tail = 0
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                while tail < shorter - start, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
            }
        }
        return (start, old.count - tail, new.count - tail)
    }

    /// The row (its node) and field of an edit inside one short string on one line, before
    /// and after, of a row constructor's table (or a plain table in one of its fields:
    /// `defaults = { { "y" } }`); nil for any other edit.
    static func stringEdit(old: [UInt8], bytes: [UInt8], start: Int, oldEnd: Int, newEnd: Int, outline: Outline) -> (row: Int, field: String)? {
        let delta = newEnd - oldEnd
        if old[start..<oldEnd].contains(where: { $0 == 10 || $0 == 13 }) || bytes[start..<newEnd].contains(where: { $0 == 10 || $0 == 13 }) { return nil }
        let tokens = outline.tokens
        guard let t = outline.token(at: start), tokens[t].kind == .string, tokens[t].quote != 0,
              tokens[t].start < start, newEnd < tokens[t].end,
              shortStringEnd(bytes, from: tokens[t].start) == tokens[t].end,
              shortStringEnd(old, from: tokens[t].start) == tokens[t].end - delta else { return nil }
        guard let inner = outline.enclosing(start) else { return nil }
        var n = inner, below = inner
        while outline.nodes[n].constructor == nil {
            guard let parent = outline.nodes[n].parent else { return nil }
            below = n
            n = parent
        }
        let node = outline.nodes[n]
        guard let constructor = node.constructor, rows.contains(constructor), isWholeRow(node, in: bytes) else { return nil }
        if n == inner {
            guard t >= 3, tokens[t - 1].text == "=", tokens[t - 2].kind == .name, ["{", ",", ";"].contains(tokens[t - 3].text),
                  node.fields.contains(where: { $0.value?.start == tokens[t].start }) else { return nil }
            return (n, tokens[t - 2].text)
        }
        guard let named = outline.nodes[below].parentField else { return nil }
        return (n, named)
    }

    /// The row (its node) an edit of a script of literals only is inside (the caller sees that
    /// it keeps the line count), when the row is literals before and after (no constructor
    /// inside it), keeps what
    /// other rows name it by or push (`id`, `push`, wherever in it), and each key
    /// given in it, before or after, is given by no other table, nor named by the app (a
    /// key no other row reads); with how many more tables give each key after the edit.
    /// `literal` counts the keys of the edited text when `countsEdited`, else of the checked one.
    static func literalRowEdit(old: [UInt8], bytes: [UInt8], start: Int, oldEnd: Int, newEnd: Int, outline: Outline,
                               literal: LiteralScript, countsEdited: Bool) -> (row: Int, keys: [String: Int])? {
        let delta = newEnd - oldEnd
        guard var n = outline.enclosing(start) else { return nil }
        while !(rows.contains(outline.nodes[n].constructor ?? "") && outline.nodes[n].open < start && newEnd < outline.nodes[n].close) {
            guard let parent = outline.nodes[n].parent else { return nil }
            n = parent
        }
        let node = outline.nodes[n]
        guard isWholeRow(node, in: bytes),
              let before = literalRow(Array(old[node.nameStart..<(node.close - delta)])),
              let after = literalRow(Array(bytes[node.nameStart..<node.close])),
              before.constructor == after.constructor else { return nil }
        for field in ["id", "push"] where before.values[field] != after.values[field] { return nil }
        guard let change = keysChange(was: before.keys, now: after.keys, literal: literal, countsEdited: countsEdited) else { return nil }
        return (n, change)
    }

    /// Whether an outline's node is a whole row call to check alone: not in a function, its
    /// name before its `{`, its `}` in the text, no longer than `maxRowBytes`.
    static func isWholeRow(_ node: Outline.Node, in bytes: [UInt8]) -> Bool {
        !node.inFunction && node.nameStart < node.open && node.close <= bytes.count && bytes[node.close - 1] == 125
            && node.close - node.nameStart <= maxRowBytes
    }

    /// How many more tables give each key once the keys `was` given where the edit is are
    /// `now` (keys whose count is the same left out); nil when another table gives one of them
    /// or the app names one whose count changes. `literal` counts the keys of the edited text
    /// when `countsEdited`, else of the checked one.
    static func keysChange(was: [String], now: [String], literal: LiteralScript, countsEdited: Bool) -> [String: Int]? {
        var change: [String: Int] = [:]
        for key in was { change[key, default: 0] -= 1 }
        for key in now { change[key, default: 0] += 1 }
        // The edited place's own keys in the text `literal` counted.
        var given: [String: Int] = [:]
        for key in countsEdited ? now : was { given[key, default: 0] += 1 }
        for key in Set(was + now) {
            guard literal.keys[key, default: 0] == given[key, default: 0] else { return nil }  // another table gives it
            if change[key, default: 0] != 0, literal.named.contains(key) { return nil }
        }
        return change.filter { $0.value != 0 }
    }

    /// The rows an edit of a script of literals only replaced in one section's list (rows
    /// added, taken out, moved, edited across lines): the bytes from the first row it touches
    /// to the end of the last (`from..<to` of the text), the section's path (`...sections[2]`)
    /// when it is known, how many rows of the list come before them, how many rows were there
    /// and are now, and how many more tables give each key. Nil unless every row there, before
    /// and after, is literals with no constructor inside, the ids and pushes among them are
    /// the same, and each key given there, before or after, is given by no other table nor
    /// named by the app. `literal` counts the keys of the edited text when `countsEdited`.
    static func rowsEdit(old: [UInt8], bytes: [UInt8], start: Int, oldEnd: Int, newEnd: Int, outline: Outline,
                         literal: LiteralScript, countsEdited: Bool)
        -> (from: Int, to: Int, list: String?, before: Int, removed: Int, added: Int, keys: [String: Int])? {
        let nodes = outline.nodes
        let delta = newEnd - oldEnd
        /// A section's list of rows: the section's table, or its `rows`.
        func isList(_ n: Int) -> Bool {
            nodes[n].constructor == "section"
                || (nodes[n].constructor == nil && nodes[n].parentField == "rows" && nodes[n].parent.map { nodes[$0].constructor == "section" } == true)
        }
        // The innermost list whose braces hold the edit (the edit may begin inside a row).
        guard var n = outline.enclosing(start) else { return nil }
        while !(isList(n) && nodes[n].open < start && newEnd < nodes[n].close) {
            guard let parent = nodes[n].parent else { return nil }
            n = parent
        }
        guard !nodes[n].inFunction else { return nil }
        let items = nodes[n].children.filter { nodes[$0].parent == n && nodes[$0].parentField == nil }.sorted { nodes[$0].open < nodes[$1].open }
        // The rows the edit reaches into now (none when rows were only taken out), and the
        // separators and spaces it reaches past them.
        let touched = items.filter { nodes[$0].nameStart <= newEnd && start <= nodes[$0].close }
        let from = min(start, touched.first.map { nodes[$0].nameStart } ?? start)
        let to = max(newEnd, touched.last.map { nodes[$0].close } ?? newEnd)
        guard to - delta >= from, to <= bytes.count,
              to - from <= maxRowBytes, to - delta - from <= maxRowBytes,
              let was = literalRows(Array(old[from..<(to - delta)])), let now = literalRows(Array(bytes[from..<to])) else { return nil }
        for field in ["id", "push"] {
            guard was.flatMap({ $0.values[field] ?? [] }).sorted() == now.flatMap({ $0.values[field] ?? [] }).sorted() else { return nil }
        }
        guard let change = keysChange(was: was.flatMap(\.keys), now: now.flatMap(\.keys), literal: literal,
                                      countsEdited: countsEdited) else { return nil }
        let before = items.filter { nodes[$0].close <= from }.count
        let rowPrefix = items.first.flatMap { rowPath($0, in: outline) }
        let list = rowPrefix.flatMap { p in p.ranges(of: ".rows[").last.map { String(p[..<$0.lowerBound]) } }
        return (from, to, list, before, was.count, now.count, change)
    }

    /// Rows listed one after the other (`row { }, toggle { }`), each read by `literalRow`; nil
    /// when the text is not such a list (a row that is no literal, anything between rows but
    /// `,` and `;`).
    static func literalRows(_ text: [UInt8]) -> [(constructor: String, values: [String: [String]], keys: [String])]? {
        let tokens = LuaTokens.tokenize(text)
        var rows: [(constructor: String, values: [String: [String]], keys: [String])] = []
        var depth = 0, itemStart: Int?
        for token in tokens {
            if token.kind == .symbol, token.text == "{" { depth += 1 }
            if token.kind == .symbol, token.text == "}" { depth -= 1 }
            if depth == 0, token.kind == .symbol, token.text == "," || token.text == ";" {
                guard itemStart == nil else { return nil }  // (a row is closed by its `}`)
                continue
            }
            if itemStart == nil {
                guard token.kind == .name else { return nil }
                itemStart = token.start
            }
            if depth == 0, token.kind == .symbol, token.text == "}", let s = itemStart {
                guard let row = literalRow(Array(text[s..<token.end])), rows.count < 10_000 else { return nil }
                rows.append(row)
                itemStart = nil
            }
        }
        return itemStart == nil && depth == 0 ? rows : nil
    }

    /// A row's text read as literals: its constructor, each value of the fields other rows
    /// name it by or it pushes (every `id = ...`, `push = ...` at any depth, as its tokens),
    /// and every key it gives (`key = "..."` at any depth); nil when it is not
    /// one constructor call on a table of literals with no constructor inside.
    static func literalRow(_ text: [UInt8]) -> (constructor: String, values: [String: [String]], keys: [String])? {
        let tokens = LuaTokens.tokenize(text)
        guard tokens.count >= 3, tokens[0].kind == .name, tokens[1].text == "{", tokens.last?.text == "}",
              let called = literalCalls(tokens, from: 0, close: Int.max), called == [tokens[0].text] else { return nil }
        var depth = 0
        var values: [String: [String]] = [:]
        var keys: [String] = []
        for (i, token) in tokens.enumerated() {
            if token.kind == .symbol, token.text == "{" { depth += 1 }
            if token.kind == .symbol, token.text == "}" {
                depth -= 1
                if depth == 0, i != tokens.count - 1 { return nil }  // the call's table ends before the text does
            }
            guard token.kind == .name, i + 2 < tokens.count, tokens[i + 1].text == "=",
                  ["{", ",", ";"].contains(tokens[i - 1].text) else { continue }
            if token.text == "key", tokens[i + 2].kind == .string { keys.append(tokens[i + 2].text) }
            guard ["id", "push"].contains(token.text) else { continue }
            // The value's tokens, up to the `,`, `;` or `}` at its own depth.
            var j = i + 2, level = 0
            var value: [String] = []
            while j < tokens.count {
                let t = tokens[j]
                if level == 0, t.kind == .symbol, [",", ";", "}"].contains(t.text) { break }
                if t.kind == .symbol, t.text == "{" { level += 1 }
                if t.kind == .symbol, t.text == "}" { level -= 1 }
                value.append((t.quote != 0 ? String(UnicodeScalar(t.quote)) : "") + t.text)
                j += 1
            }
            values[token.text, default: []].append(value.joined(separator: " "))
        }
        return (tokens[0].text, values, keys)
    }

    /// The path `check` names the row of node `n` by (`screens[2].sections[1].rows[3]`, a
    /// pushed screen's rows after `.push`), from where its tables stand: the rows of a
    /// section (given in its list or in `rows`), the sections of a screen (in its list or in
    /// `sections`), the screens of an app (its `screens` list) or the screen the script
    /// returns; nil for any other place (a screen in a table by name, a row a variable holds).
    static func rowPath(_ n: Int, in outline: Outline) -> String? {
        let nodes = outline.nodes
        /// The 1-based place of table `child` among the tables listed (not named) in table `list`.
        func place(_ child: Int, in list: Int) -> Int? {
            var k = 0
            for c in nodes[list].children where nodes[c].parent == list && nodes[c].parentField == nil {
                guard let t = outline.token(at: nodes[c].nameStart), t > 0,
                      ["{", ",", ";"].contains(outline.tokens[t - 1].text) else { return nil }
                k += 1
                if c == child { return k }
            }
            return nil
        }
        /// The table listing `child` and the table it belongs to: `owner` itself, or a plain
        /// table in its field `field`.
        func listing(_ child: Int, owner constructor: String, field: String) -> (list: Int, owner: Int)? {
            guard nodes[child].parentField == nil, let p = nodes[child].parent else { return nil }
            if nodes[p].constructor == constructor { return (p, p) }
            if nodes[p].constructor == nil, nodes[p].parentField == field, let o = nodes[p].parent,
               nodes[o].constructor == constructor { return (p, o) }
            return nil
        }
        func screenPath(_ screen: Int) -> String? {
            guard nodes[screen].constructor == "screen" else { return nil }
            guard let p = nodes[screen].parent else { return "" }
            if nodes[screen].parentField == "push", rows.contains(nodes[p].constructor ?? "") {
                return rowPath(p).map { $0 + ".push." }
            }
            guard let (list, app) = listing(screen, owner: "app", field: "screens"), nodes[app].parent == nil,
                  let i = place(screen, in: list) else { return nil }
            return "screens[\(i)]."
        }
        func rowPath(_ row: Int) -> String? {
            guard let (rowList, section) = listing(row, owner: "section", field: "rows"), let k = place(row, in: rowList),
                  let (sectionList, screen) = listing(section, owner: "screen", field: "sections"),
                  let j = place(section, in: sectionList), let prefix = screenPath(screen) else { return nil }
            return prefix + "sections[\(j)].rows[\(k)]"
        }
        return rowPath(n)
    }

    /// Just past the short string starting at `from` (its quote), or nil when it does not end
    /// on its line.
    static func shortStringEnd(_ bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        let quote = bytes[from]
        var i = from + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == quote { return i + 1 }
            if b == 10 || b == 13 { return nil }
            if b == 92 {
                // An escaped line break continues the string: not a one-line string.
                if i + 1 < bytes.count, bytes[i + 1] == 10 || bytes[i + 1] == 13 { return nil }
                i += 2
                continue
            }
            i += 1
        }
        return nil
    }
}
