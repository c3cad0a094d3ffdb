import LuaScreen
import LuaScreenCore
import LuaScreenTooling
import ScreenModel

/// What a whole check of a document found, kept so that the next edit, when it only retypes
/// a row's presentational string, is checked by checking that row alone (`RowRecheck`).
/// A value: `Sendable`.
struct CheckedText: Sendable {
    /// The text checked.
    var bytes: [UInt8]
    /// What was found in the document itself (its own file's diagnostics, none omitted).
    var own: [Diagnostic]
    /// The app loaded (else an error in a row stopped the check: taken as a start only for
    /// a script of literals, where the check runs nothing after loading).
    var loaded = true
    /// The constructor names the text never rebinds (`nil`: not looked at yet).
    var unshadowed: Set<String>?
    /// What the text binds when it is literals only (`.some(nil)`: it is not; `nil`: not looked at yet).
    var literal: LiteralScript??
}

/// What a script of literals only binds (`RowRecheck.literalScript`). A value: `Sendable`.
struct LiteralScript: Sendable {
    /// Each key a table gives (`key = "..."`), and how many give it.
    var keys: [String: Int]
    /// The strings the app's own fields give (`modules = "MODULES"`, `root`): keys it names.
    var named: Set<String>
}

/// The check of an edit confined to one string of one row: the text of a row (`text`,
/// `detail`, `help`, `placeholder`) retyped, in a row built by a constructor from literals
/// only (no name but the constructors', no function, nothing computed), in a script that
/// requires nothing and never rebinds a constructor; or a rule of a symbol (`depends`,
/// `defaults`, `select`, ...) retyped in a script that is literals only (a generated app such
/// as Kconfig's), its key given by no other table. Such a row is made from its own text
/// alone, and nothing else in the app reads those fields, so the app's other diagnostics are
/// those of the last whole check: the row is checked alone, in a screen of its own at its own
/// lines, before and after the edit, and what changed between the two replaces what the last
/// check said at the row's lines. Anything else (or a problem this cannot place) is `nil`: the
/// whole check. The server still checks the whole app once the typing stops.
/// A namespace.
enum RowRecheck {
    /// The fields nothing but their own row reads (the row's presentation).
    static let presentational = Set([RowField.text, .detail, .help, .placeholder].map(\.name))
    /// A symbol's rules (docs/dependencies.md): retyped alone only in a script of literals.
    static let rules = Set([RowField.depends, .promptIf, .defaults, .select, .imply, .ranges].map(\.name))
    /// The row constructors.
    static let rows: Set<String> = Set(RowKind.allCases.map(\.constructor))
    /// The constructors a row's literal may call inside it (a pushed screen's).
    static let nested: Set<String> = rows.union(["screen", "section"])
    /// Names that reach or change the globals: a script that spells one is always checked whole.
    static let globalsReach: Set<String> = ["_ENV", "_G", "rawset", "setmetatable", "load", "require", "debug", "dofile", "loadfile"]
    /// The largest row text checked alone (a bigger one is checked with its app).
    static let maxRowBytes = 64 << 10
    /// The path the wrapped rows' diagnostics begin with (then the row's place and `]`).
    static let wrappedPrefix = "sections[1].rows["

    /// The document's diagnostics for `bytes` (its own file's), when they differ from the
    /// checked text only inside one presentational string of one literal row, or, in a script
    /// of literals only, inside one row (`literalRowEdit`); else nil. What is worked out of
    /// the checked text once (`unshadowed`, `literal`) is kept in `checked`.
    static func diagnostics(path: String, checked: inout CheckedText, bytes: [UInt8], lineStarts: [Int],
                            outline: Outline, options: SessionOptions) -> [Diagnostic]? {
        let old = checked.bytes
        guard let (start, oldEnd, newEnd) = difference(old, bytes) else { return checked.own }
        if let moved = layoutEdit(checked: checked, path: path, bytes: bytes, start: start, oldEnd: oldEnd, newEnd: newEnd,
                                  lineStarts: lineStarts, outline: outline) { return moved }
        let delta = newEnd - oldEnd
        // What is checked alone: bytes `from..<to` of the text (`from..<to - delta` of the checked
        // one), rows listed one after the other, the `i`th of them named `place(i)` by check.
        var keysChange: [String: Int] = [:]
        let from: Int, to: Int
        let place: (Int) -> String?
        if let (row, field) = stringEdit(old: old, bytes: bytes, start: start, oldEnd: oldEnd, newEnd: newEnd, outline: outline),
           presentational.contains(field) || rules.contains(field) {
            let node = outline.nodes[row]
            guard let first = outline.token(at: node.nameStart), outline.tokens[first].start == node.nameStart,
                  let called = literalCalls(outline.tokens, from: first, close: node.close) else { return nil }
            if checked.unshadowed == nil { checked.unshadowed = unshadowedNames(outline.tokens) }
            guard called.isSubset(of: checked.unshadowed!) else { return nil }
            if !presentational.contains(field) || !checked.loaded {
                // A rule: other rows' values follow it, so only where no other row can say
                // anything of it: a script that is literals only (no function, nothing
                // computed), the row's key bound by no other table.
                if checked.literal == nil { checked.literal = literalScript(outline) }
                guard let literal = checked.literal ?? nil else { return nil }
                if let key = node.string("key")?.value?.text, literal.keys[key, default: 0] > 1 { return nil }
            }
            (from, to) = (node.nameStart, node.close)
            place = { $0 == 1 ? rowPath(row, in: outline) : nil }
        } else {
            // (made from this text's outline, it counts the keys after the edit)
            let counted = checked.literal == nil
            if counted { checked.literal = literalScript(outline) }
            guard let literal = checked.literal ?? nil else { return nil }
            let sameLines = old[start..<oldEnd].filter({ $0 == 10 }).count == bytes[start..<newEnd].filter({ $0 == 10 }).count
            if sameLines, let (row, change) = literalRowEdit(old: old, bytes: bytes, start: start, oldEnd: oldEnd, newEnd: newEnd,
                                                             outline: outline, literal: literal, countsEdited: counted) {
                (from, to) = (outline.nodes[row].nameStart, outline.nodes[row].close)
                place = { $0 == 1 ? rowPath(row, in: outline) : nil }
                if !counted { keysChange = change }
            } else if let edit = rowsEdit(old: old, bytes: bytes, start: start, oldEnd: oldEnd, newEnd: newEnd,
                                          outline: outline, literal: literal, countsEdited: counted) {
                (from, to) = (edit.from, edit.to)
                let list = edit.list, before = edit.before
                place = { i in list.map { $0 + ".rows[\(before + i)]" } }
                if !counted { keysChange = edit.keys }
                // The rows after them move (`rows[9]` is `rows[10]`): none may have a diagnostic.
                if edit.removed != edit.added {
                    guard let list else { return nil }
                    for d in checked.own {
                        guard let (i, _) = listedRow(d.path, in: list + ".rows[") else { continue }
                        if i > before + edit.removed { return nil }
                    }
                }
            } else {
                return nil
            }
        }
        guard let found = checkAlone(path: path, checked: &checked, bytes: bytes, from: from, to: to, delta: delta,
                                     lineStarts: lineStarts, outline: outline, options: options, place: place) else { return nil }
        if !keysChange.isEmpty, var literal = checked.literal ?? nil {
            for (key, by) in keysChange { literal.keys[key, default: 0] += by }
            checked.literal = .some(literal)
        }
        return found
    }

    /// The rows `from..<to` of the text (`from..<to - delta` of the checked one) checked alone,
    /// before and after, in a screen of their own at their own lines: what changed between the
    /// two replaces what the last check said at their lines, the lines below move by the line
    /// breaks the edit added or took out. Nil when the last check said something there the rows
    /// alone do not, or the rows alone say something this cannot place.
    static func checkAlone(path: String, checked: inout CheckedText, bytes: [UInt8], from: Int, to: Int, delta: Int,
                           lineStarts: [Int], outline: Outline, options: SessionOptions, place: (Int) -> String?) -> [Diagnostic]? {
        let old = checked.bytes
        let firstLine = line(of: from, in: lineStarts)
        let newLines = bytes[from..<to].filter { $0 == 10 }.count, oldLines = old[from..<(to - delta)].filter { $0 == 10 }.count
        let shift = newLines - oldLines
        func alone(_ text: ArraySlice<UInt8>) -> [Diagnostic] {
            var wrapped = [UInt8](repeating: 10, count: firstLine - 1)
            wrapped += Array("return screen { id = \"row\", title = \"row\", section { ".utf8)
            wrapped += text
            wrapped += Array(" } }\n".utf8)
            var own = options
            own.store = MemoryStore()
            return DocumentCheck.check(path: path, text: wrapped, options: own).diagnostics
        }
        let before = alone(old[from..<(to - delta)])
        let after = alone(bytes[from..<to])
        let file = URIs.standard(path)
        func within(_ d: Diagnostic, _ lines: Int) -> Bool {
            URIs.standard(d.file) == file && d.line.map { $0 >= firstLine && $0 <= firstLine + lines } == true
        }
        // What the whole check said at the rows' lines the rows alone say too (learning where the
        // app puts each row); the rest the rows alone say (their screen's) is no problem of the app.
        var told = Multiset(before.map(Key.init))
        var learned: [Int: String] = [:]
        for d in checked.own where within(d, oldLines) {
            guard let match = before.first(where: { Key($0) == Key(d) && told.contains(Key(d)) }) else { return nil }
            told.remove(Key(d))
            if let (i, rest) = listedRow(match.path, in: wrappedPrefix), d.path.hasSuffix(rest) {
                learned[i] = String(d.path.dropLast(rest.count))
            }
        }
        // The rest of what the whole check said, below the rows moved by the lines they gained.
        var found: [Diagnostic] = []
        for var d in checked.own where !within(d, oldLines) {
            if shift != 0 {
                guard !namesALine(d.message) else { return nil }
                if URIs.standard(d.file) == file, let l = d.line, l > firstLine + oldLines { d.line = l + shift }
                for (k, at) in d.calledFrom.enumerated() where URIs.standard(at.file) == file && at.line >= firstLine {
                    guard at.line > firstLine + oldLines else { return nil }
                    d.calledFrom[k].line = at.line + shift
                }
            }
            found.append(d)
        }
        for d in after {
            if told.contains(Key(d)) { told.remove(Key(d)); continue }
            guard within(d, newLines) else { return nil }
            if d.severity == .error {
                // An error stops the whole check before it runs the app's functions: what it
                // says of the rest changes, but for a script of literals (none to run). A
                // syntax error stops it before anything: the whole check says what it says.
                guard d.code != .syntax else { return nil }
                if checked.literal == nil { checked.literal = literalScript(outline) }
                guard (checked.literal ?? nil) != nil else { return nil }
            }
            var placed = d
            placed.file = path
            if let (i, rest) = listedRow(d.path, in: wrappedPrefix) {
                guard let real = learned[i] ?? place(i) else { return nil }
                placed.path = real + rest
            } else if !d.path.isEmpty {
                return nil
            }
            found.append(placed)
        }
        return Diagnostic.sorted(found)
    }

    /// The row of a path in the rows of a list (`prefix` is `...rows[`): its place (from 1)
    /// and the rest of the path; nil for a path elsewhere.
    static func listedRow(_ path: String, in prefix: String) -> (index: Int, rest: Substring)? {
        guard path.hasPrefix(prefix) else { return nil }
        let tail = path.dropFirst(prefix.count)
        guard let close = tail.firstIndex(of: "]"), let i = Int(tail[..<close]) else { return nil }
        return (i, tail[tail.index(after: close)...])
    }

    /// The diagnostics after an edit of nothing but spaces and line breaks between tokens (or
    /// inside a comment): the same program, the lines after the edit moved by the line breaks
    /// it added or took out; nil when a token changed, or a diagnostic is on the edit's line
    /// (which side of the break it is on is not known) or names a line in its text.
    static func layoutEdit(checked: CheckedText, path: String, bytes: [UInt8], start: Int, oldEnd: Int, newEnd: Int,
                           lineStarts: [Int], outline: Outline) -> [Diagnostic]? {
        let old = checked.bytes
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
        guard old[start..<oldEnd].allSatisfy(isSpace), bytes[start..<newEnd].allSatisfy(isSpace) else { return nil }
        // The tokens from the last one ending before the edit to a little past it, before and after.
        let tokens = outline.tokens
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].end <= start { lo = mid + 1 } else { hi = mid }
        }
        let from = lo > 0 ? tokens[lo - 1].start : 0
        let delta = newEnd - oldEnd
        let after = LuaTokens.tokenize(bytes, from: from, until: { $0.start >= newEnd + 256 })
        let before = LuaTokens.tokenize(old, from: from, until: { $0.start >= oldEnd + 256 })
        guard after.count == before.count,
              zip(before, after).allSatisfy({ $0.kind == $1.kind && $0.text == $1.text && $0.quote == $1.quote
                  && ($0.start < start ? $0.start == $1.start : $0.start + delta == $1.start) }) else { return nil }
        let lines = bytes[start..<newEnd].filter { $0 == 10 }.count - old[start..<oldEnd].filter { $0 == 10 }.count
        if lines == 0 { return checked.own }
        let file = URIs.standard(path)
        let editLine = line(of: start, in: lineStarts)
        var moved: [Diagnostic] = []
        for var d in checked.own {
            guard !namesALine(d.message) else { return nil }
            if URIs.standard(d.file) == file, let l = d.line {
                guard l != editLine else { return nil }
                if l > editLine { d.line = l + lines }
            }
            for (k, place) in d.calledFrom.enumerated() where URIs.standard(place.file) == file {
                guard place.line != editLine else { return nil }
                if place.line > editLine { d.calledFrom[k].line = place.line + lines }
            }
            moved.append(d)
        }
        return Diagnostic.sorted(moved)
    }

    /// Whether a message names a line (`also at line 12`, `app.lua:12:`), which an edit above it moves.
    static func namesALine(_ message: String) -> Bool {
        let bytes = Array(message.utf8)
        for (i, b) in bytes.enumerated() where i + 1 < bytes.count && bytes[i + 1] >= 48 && bytes[i + 1] <= 57 {
            if b == 58, i >= 4, bytes[(i - 4)..<i].elementsEqual(".lua".utf8) { return true }
            if b == 32, i >= 4, bytes[(i - 4)..<i].elementsEqual("line".utf8) { return true }
        }
        return false
    }

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
        guard let constructor = node.constructor, rows.contains(constructor), !node.inFunction,
              node.nameStart < node.open, node.close <= bytes.count, bytes[node.close - 1] == 125,
              node.close - node.nameStart <= maxRowBytes else { return nil }
        if n == inner {
            guard t >= 3, tokens[t - 1].text == "=", tokens[t - 2].kind == .name, ["{", ",", ";"].contains(tokens[t - 3].text),
                  node.fields.contains(where: { $0.value?.start == tokens[t].start }) else { return nil }
            return (n, tokens[t - 2].text)
        }
        guard let named = outline.nodes[below].parentField else { return nil }
        return (n, named)
    }

    /// The row (its node) an edit of a script of literals only is inside, when the row is
    /// literals before and after (no constructor inside it), keeps its line count and what
    /// other rows name it by or push (`id`, `push`, wherever in it), and each key
    /// given in it, before or after, is given by no other table, nor named by the app (a
    /// key no other row reads); with how many more tables give each key after the edit.
    /// `literal` counts the keys of the edited text when `countsEdited`, else of the checked one.
    static func literalRowEdit(old: [UInt8], bytes: [UInt8], start: Int, oldEnd: Int, newEnd: Int, outline: Outline,
                               literal: LiteralScript, countsEdited: Bool) -> (row: Int, keys: [String: Int])? {
        let delta = newEnd - oldEnd
        guard old[start..<oldEnd].filter({ $0 == 10 }).count == bytes[start..<newEnd].filter({ $0 == 10 }).count,
              var n = outline.enclosing(start) else { return nil }
        while !(rows.contains(outline.nodes[n].constructor ?? "") && outline.nodes[n].open < start && newEnd < outline.nodes[n].close) {
            guard let parent = outline.nodes[n].parent else { return nil }
            n = parent
        }
        let node = outline.nodes[n]
        guard !node.inFunction, node.nameStart < node.open, node.close <= bytes.count, bytes[node.close - 1] == 125,
              node.close - node.nameStart <= maxRowBytes,
              let before = literalRow(Array(old[node.nameStart..<(node.close - delta)])),
              let after = literalRow(Array(bytes[node.nameStart..<node.close])),
              before.constructor == after.constructor else { return nil }
        for field in ["id", "push"] where before.values[field] != after.values[field] { return nil }
        var change: [String: Int] = [:]
        for key in before.keys { change[key, default: 0] -= 1 }
        for key in after.keys { change[key, default: 0] += 1 }
        // The row's own keys in the text `literal` counted (the edited one, or the checked one).
        var given: [String: Int] = [:]
        for key in countsEdited ? after.keys : before.keys { given[key, default: 0] += 1 }
        for key in Set(before.keys + after.keys) {
            guard literal.keys[key, default: 0] == given[key, default: 0] else { return nil }  // another table gives it
            if change[key, default: 0] != 0, literal.named.contains(key) { return nil }
        }
        return (n, change.filter { $0.value != 0 })
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
        let wasKeys = was.flatMap(\.keys), nowKeys = now.flatMap(\.keys)
        var change: [String: Int] = [:]
        for key in wasKeys { change[key, default: 0] -= 1 }
        for key in nowKeys { change[key, default: 0] += 1 }
        var given: [String: Int] = [:]
        for key in countsEdited ? nowKeys : wasKeys { given[key, default: 0] += 1 }
        for key in Set(wasKeys + nowKeys) {
            guard literal.keys[key, default: 0] == given[key, default: 0] else { return nil }  // another table gives it
            if change[key, default: 0] != 0, literal.named.contains(key) { return nil }
        }
        let before = items.filter { nodes[$0].close <= from }.count
        let rowPrefix = items.first.flatMap { rowPath($0, in: outline) }
        let list = rowPrefix.flatMap { p in p.ranges(of: ".rows[").last.map { String(p[..<$0.lowerBound]) } }
        return (from, to, list, before, was.count, now.count, change.filter { $0.value != 0 })
    }

    /// Rows listed one after the other (`row { }, toggle { }`), each read by `literalRow`; nil
    /// when the text is not such a list (a row that is no literal, anything between rows but
    /// `,` and `;`).
    static func literalRows(_ text: [UInt8]) -> [(constructor: String, values: [String: [String]], keys: [String])]? {
        let tokens = LuaTokens.tokenize(text)
        var rows: [(constructor: String, values: [String: [String]], keys: [String])] = []
        var depth = 0, itemStart: Int?
        for (i, token) in tokens.enumerated() {
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
                _ = i
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

    /// What two diagnostics are compared by: all but the path (the row alone has its own).
    struct Key: Hashable {
        var severity: Diagnostic.Severity, line: Int?, message: String, code: DiagnosticCode, subject: String?
        init(_ d: Diagnostic) {
            severity = d.severity
            line = d.line
            message = d.message
            code = d.code
            subject = d.subject
        }
    }

    /// A count of each key.
    struct Multiset {
        var counts: [Key: Int] = [:]
        init(_ keys: [Key]) { for k in keys { counts[k, default: 0] += 1 } }
        func contains(_ k: Key) -> Bool { (counts[k] ?? 0) > 0 }
        mutating func remove(_ k: Key) { counts[k, default: 0] -= 1 }
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

    /// The constructors the table from token `first` (a constructor's name) to byte `close`
    /// calls, when it is made of literals only: strings, numbers, `true`, `false`, `nil`,
    /// `-` before a number, tables, `name =` fields and constructor calls on tables; else nil.
    static func literalCalls(_ tokens: [LuaTokens.Token], from first: Int, close: Int, names: Set<String> = nested) -> Set<String>? {
        if first > 0, [".", ":", "function"].contains(tokens[first - 1].text) { return nil }
        var called = Set<String>()
        var i = first
        while i < tokens.count, tokens[i].start < close {
            let token = tokens[i]
            let next = i + 1 < tokens.count && tokens[i + 1].start < close ? tokens[i + 1] : nil
            switch token.kind {
            case .string, .number: break
            case .keyword:
                guard ["true", "false", "nil"].contains(token.text) else { return nil }
            case .name:
                if next?.text == "=", i > first, ["{", ",", ";"].contains(tokens[i - 1].text) { break }
                guard next?.text == "{", names.contains(token.text) else { return nil }
                called.insert(token.text)
            case .symbol:
                switch token.text {
                case "{", "}", ",", ";", "=": break
                case "-": guard next?.kind == .number else { return nil }
                default: return nil
                }
            }
            i += 1
        }
        return called
    }

    /// What a script made of literals only binds: each key and how many tables give it; nil
    /// when the script is not one `return` of literals and constructor calls (`return app { }`)
    /// or its app has `strings` (translations read from files).
    static func literalScript(_ outline: Outline) -> LiteralScript? {
        let tokens = outline.tokens
        guard tokens.first?.text == "return", tokens.count > 1,
              literalCalls(tokens, from: 1, close: Int.max, names: nested.union(["app"])) != nil,
              !outline.nodes.contains(where: { $0.constructor == "app" && $0.fields.contains { $0.name == "strings" } }) else { return nil }
        var keys: [String: Int] = [:]
        var named = Set<String>()
        for node in outline.nodes {
            if let key = node.string("key")?.value?.text { keys[key, default: 0] += 1 }
            if node.constructor == "app" {
                for field in node.fields where field.value?.kind == .string { named.insert(field.value!.text) }
            }
        }
        return LiteralScript(keys: keys, named: named)
    }

    /// The constructors the tokens never rebind: each spelled only where it is called on a
    /// table, a string or arguments (not declared: `function row(`, `local row`), or as a
    /// field (`{ row = ...`, `x.row`); none of them when the script reaches the globals
    /// another way (`_ENV`, `rawset`, `require`, ...).
    static func unshadowedNames(_ tokens: [LuaTokens.Token]) -> Set<String> {
        var shadowed = Set<String>()
        var open: [String] = []  // the brackets the token is inside, innermost last
        for (i, token) in tokens.enumerated() {
            if token.kind == .symbol {
                switch token.text {
                case "{", "(", "[": open.append(token.text)
                case "}", ")", "]": _ = open.popLast()
                default: break
                }
                continue
            }
            guard token.kind == .name else { continue }
            if globalsReach.contains(token.text) { return [] }
            guard nested.contains(token.text) else { continue }
            let next = i + 1 < tokens.count ? tokens[i + 1].text : ""
            let before = i > 0 ? tokens[i - 1].text : ""
            if before == "function" || before == "local" { shadowed.insert(token.text); continue }
            if next == "{" || next == "(" || (next.isEmpty == false && tokens[i + 1].kind == .string) { continue }
            // `{ row = ...`: a field of a table (`a, row = 1, 2` outside one is an assignment).
            if next == "=", open.last == "{", ["{", ",", ";"].contains(before) { continue }
            if before == "." || before == ":", next != "=" { continue }
            shadowed.insert(token.text)
        }
        return nested.subtracting(shadowed)
    }

    /// The 1-based line of byte `offset`.
    static func line(of offset: Int, in lineStarts: [Int]) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }
}
