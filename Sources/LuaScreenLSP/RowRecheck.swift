import LuaScreen
import LuaScreenCore
import LuaScreenTooling
import ScreenModel

/// What a whole check of a document found, kept so that the next edit, when it only changes
/// rows written as literals, is checked by checking those rows alone (`RowRecheck`).
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

/// The check of an edit confined to rows written as literals (docs/editors.md): a row's
/// `text`, `detail`, `help` or `placeholder` retyped, in a row built by a constructor from
/// literals only (no name but the constructors', no function, nothing computed), in a script
/// that requires nothing and never rebinds a constructor; and, in a script that is literals
/// only (a generated app such as Kconfig's), any edit inside one row, or rows of one
/// section's list added, taken out or replaced, when what other rows know them by (ids,
/// pushes, keys) stays theirs (`EditedRows.swift`). Such rows are made from their own text
/// alone, and nothing else in the app reads what changed, so the app's other diagnostics are
/// those of the last whole check: the rows are checked alone, in a screen of their own at
/// their own lines, before and after the edit, and what changed between the two replaces
/// what the last check said at their lines (the lines below moved by the line breaks the edit
/// added). Spaces and line breaks between tokens only move lines (`layoutEdit`). Anything
/// else (or a problem this cannot place) is `nil`: the whole check. The server still checks
/// the whole app a second after the typing stops. A namespace.
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
    /// checked text only as the type's comment says; else nil. What is worked out of the
    /// checked text once (`unshadowed`, `literal`) is kept in `checked` (the server keeps the
    /// new text and what was found in it there for the next edit).
    static func diagnostics(path: String, checked: inout CheckedText, document: TextDocument,
                            outline: Outline, options: SessionOptions) -> [Diagnostic]? {
        let old = checked.bytes, bytes = document.bytes
        guard let (start, oldEnd, newEnd) = difference(old, bytes) else { return checked.own }
        if let moved = layoutEdit(checked: checked, path: path, document: document, start: start, oldEnd: oldEnd, newEnd: newEnd,
                                  outline: outline) { return moved }
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
            let sameLines = lineBreaks(old[start..<oldEnd]) == lineBreaks(bytes[start..<newEnd])
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
        guard let found = checkAlone(path: path, checked: &checked, document: document, from: from, to: to, delta: delta,
                                     outline: outline, options: options, place: place) else { return nil }
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
    static func checkAlone(path: String, checked: inout CheckedText, document: TextDocument, from: Int, to: Int, delta: Int,
                           outline: Outline, options: SessionOptions, place: (Int) -> String?) -> [Diagnostic]? {
        let old = checked.bytes, bytes = document.bytes
        let firstLine = document.line(of: from) + 1
        let newLines = lineBreaks(bytes[from..<to]), oldLines = lineBreaks(old[from..<(to - delta)])
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
        for d in checked.own where !within(d, oldLines) {
            guard shift != 0 else { found.append(d); continue }
            guard let d = moved(d, below: firstLine...(firstLine + oldLines), by: shift, in: file) else { return nil }
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
    static func layoutEdit(checked: CheckedText, path: String, document: TextDocument, start: Int, oldEnd: Int, newEnd: Int,
                           outline: Outline) -> [Diagnostic]? {
        let old = checked.bytes, bytes = document.bytes
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
        let lines = lineBreaks(bytes[start..<newEnd]) - lineBreaks(old[start..<oldEnd])
        if lines == 0 { return checked.own }
        let file = URIs.standard(path)
        let editLine = document.line(of: start) + 1
        var found: [Diagnostic] = []
        for d in checked.own {
            guard let d = moved(d, below: editLine...editLine, by: lines, in: file) else { return nil }
            found.append(d)
        }
        return Diagnostic.sorted(found)
    }

    /// A diagnostic of the last check with its lines in `file` below `region` moved by `shift`;
    /// nil when it is in `region` (which side of the edit it is on is not known) or names a line
    /// in its text.
    static func moved(_ d: Diagnostic, below region: ClosedRange<Int>, by shift: Int, in file: String) -> Diagnostic? {
        guard !namesALine(d.message) else { return nil }
        var d = d
        if URIs.standard(d.file) == file, let l = d.line {
            guard !region.contains(l) else { return nil }
            if l > region.upperBound { d.line = l + shift }
        }
        for (k, at) in d.calledFrom.enumerated() where URIs.standard(at.file) == file {
            guard !region.contains(at.line) else { return nil }
            if at.line > region.upperBound { d.calledFrom[k].line = at.line + shift }
        }
        return d
    }

    /// How many line breaks `bytes` holds.
    static func lineBreaks(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }

    /// Whether a message names a line (`also at line 12`, `app.lua:12:`), which an edit above it moves.
    static func namesALine(_ message: String) -> Bool {
        let bytes = Array(message.utf8)
        for (i, b) in bytes.enumerated() where i + 1 < bytes.count && bytes[i + 1] >= 48 && bytes[i + 1] <= 57 {
            if b == 58, i >= 4, bytes[(i - 4)..<i].elementsEqual(".lua".utf8) { return true }
            if b == 32, i >= 4, bytes[(i - 4)..<i].elementsEqual("line".utf8) { return true }
        }
        return false
    }
}
