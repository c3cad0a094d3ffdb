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
    /// The constructor names the text never rebinds (`nil`: not looked at yet).
    var unshadowed: Set<String>?
}

/// The check of an edit confined to one string of one row: the text of a row (`text`,
/// `detail`, `help`, `placeholder`) retyped, in a row built by a constructor from literals
/// only (no name but the constructors', no function, nothing computed), in a script that
/// requires nothing and never rebinds a constructor. Such a row is made from its own text
/// alone, and nothing else in the app reads those fields, so the app's other diagnostics are
/// those of the last whole check: the row is checked alone, in a screen of its own at its own
/// lines, before and after the edit, and what changed between the two replaces what the last
/// check said at the row's lines. Anything else (or a problem this cannot place) is `nil`: the
/// whole check. The server still checks the whole app once the typing stops.
/// A namespace.
enum RowRecheck {
    /// The fields nothing but their own row reads (the row's presentation).
    static let presentational = Set([RowField.text, .detail, .help, .placeholder].map(\.name))
    /// The row constructors.
    static let rows: Set<String> = Set(RowKind.allCases.map(\.constructor))
    /// The constructors a row's literal may call inside it (a pushed screen's).
    static let nested: Set<String> = rows.union(["screen", "section"])
    /// Names that reach or change the globals: a script that spells one is always checked whole.
    static let globalsReach: Set<String> = ["_ENV", "_G", "rawset", "setmetatable", "load", "require", "debug", "dofile", "loadfile"]
    /// The largest row text checked alone (a bigger one is checked with its app).
    static let maxRowBytes = 64 << 10
    /// The path the wrapped row's diagnostics begin with.
    static let wrappedPrefix = "sections[1].rows[1]"

    /// The document's diagnostics for `bytes` (its own file's), when they differ from the
    /// checked text only inside one presentational string of one literal row; else nil.
    /// `unshadowed` is filled in on the first call for a checked text.
    static func diagnostics(path: String, checked: inout CheckedText, bytes: [UInt8], lineStarts: [Int],
                            outline: Outline, options: SessionOptions) -> [Diagnostic]? {
        let old = checked.bytes
        // Where the two texts differ.
        var start = 0
        let shorter = min(old.count, bytes.count)
        old.withUnsafeBufferPointer { a in
            bytes.withUnsafeBufferPointer { b in
                while start < shorter, a[start] == b[start] { start += 1 }
            }
        }
        if start == old.count, start == bytes.count { return checked.own }
        var tail = 0
        old.withUnsafeBufferPointer { a in
            bytes.withUnsafeBufferPointer { b in
                while tail < shorter - start, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
            }
        }
        let oldEnd = old.count - tail, newEnd = bytes.count - tail
        let delta = newEnd - oldEnd
        // Inside one short string on one line, before and after.
        if old[start..<oldEnd].contains(where: { $0 == 10 || $0 == 13 }) || bytes[start..<newEnd].contains(where: { $0 == 10 || $0 == 13 }) { return nil }
        let tokens = outline.tokens
        guard let t = outline.token(at: start), tokens[t].kind == .string, tokens[t].quote != 0,
              tokens[t].start < start, newEnd < tokens[t].end,
              shortStringEnd(bytes, from: tokens[t].start) == tokens[t].end,
              shortStringEnd(old, from: tokens[t].start) == tokens[t].end - delta else { return nil }
        // The value of a presentational field of a row constructor's own table.
        guard t >= 3, tokens[t - 1].text == "=", tokens[t - 2].kind == .name, presentational.contains(tokens[t - 2].text),
              ["{", ",", ";"].contains(tokens[t - 3].text), let n = outline.enclosing(start) else { return nil }
        let node = outline.nodes[n]
        guard let constructor = node.constructor, rows.contains(constructor), !node.inFunction,
              node.nameStart < node.open, node.close <= bytes.count, bytes[node.close - 1] == 125,
              node.close - node.nameStart <= maxRowBytes,
              node.fields.contains(where: { $0.value?.start == tokens[t].start }) else { return nil }
        guard let first = outline.token(at: node.nameStart), tokens[first].start == node.nameStart,
              let called = literalCalls(tokens, from: first, close: node.close) else { return nil }
        if checked.unshadowed == nil { checked.unshadowed = unshadowedNames(tokens) }
        guard called.isSubset(of: checked.unshadowed!) else { return nil }
        // The row alone, before and after, at its own lines.
        let firstLine = line(of: node.nameStart, in: lineStarts)
        let lastLine = line(of: node.close - 1, in: lineStarts)
        func alone(_ text: ArraySlice<UInt8>) -> [Diagnostic] {
            var wrapped = [UInt8](repeating: 10, count: firstLine - 1)
            wrapped += Array("return screen { id = \"row\", title = \"row\", section { ".utf8)
            wrapped += text
            wrapped += Array(" } }\n".utf8)
            var own = options
            own.store = MemoryStore()
            return DocumentCheck.check(path: path, text: wrapped, options: own).diagnostics
        }
        let before = alone(old[node.nameStart..<(node.close - delta)])
        let after = alone(bytes[node.nameStart..<node.close])
        let file = URIs.standard(path)
        let rowLines = firstLine...lastLine
        func atRow(_ d: Diagnostic) -> Bool { URIs.standard(d.file) == file && d.line.map(rowLines.contains) == true }
        // What the whole check said at the row's lines the row alone says too; the rest the
        // row alone says (its screen's) is no problem of the app.
        var told = Multiset(before.map(Key.init))
        var realPrefix: String?
        for d in checked.own where atRow(d) {
            guard let match = before.first(where: { Key($0) == Key(d) && told.contains(Key(d)) }) else { return nil }
            told.remove(Key(d))
            if match.path.hasPrefix(wrappedPrefix), d.path.hasSuffix(match.path.dropFirst(wrappedPrefix.count)) {
                realPrefix = String(d.path.dropLast(match.path.count - wrappedPrefix.count))
            }
        }
        // `told` is now what the row alone says that the app does not.
        var found = checked.own.filter { !atRow($0) }
        for d in after {
            if told.contains(Key(d)) { told.remove(Key(d)); continue }
            guard atRow(d) else { return nil }
            var placed = d
            placed.file = path
            if d.path.hasPrefix(wrappedPrefix) {
                guard let realPrefix else { return nil }
                placed.path = realPrefix + d.path.dropFirst(wrappedPrefix.count)
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
    static func literalCalls(_ tokens: [LuaTokens.Token], from first: Int, close: Int) -> Set<String>? {
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
                guard next?.text == "{", nested.contains(token.text) else { return nil }
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

    /// The constructors the tokens never rebind: each spelled only where it is called on a
    /// table or a string, or as a field (`{ row = ...`, `x.row`); none of them when the
    /// script reaches the globals another way (`_ENV`, `rawset`, `require`, ...).
    static func unshadowedNames(_ tokens: [LuaTokens.Token]) -> Set<String> {
        var shadowed = Set<String>()
        for (i, token) in tokens.enumerated() where token.kind == .name {
            if globalsReach.contains(token.text) { return [] }
            guard nested.contains(token.text) else { continue }
            let next = i + 1 < tokens.count ? tokens[i + 1].text : ""
            let before = i > 0 ? tokens[i - 1].text : ""
            if next == "{" || next == "(" || (next.isEmpty == false && tokens[i + 1].kind == .string) { continue }
            if next == "=", ["{", ",", ";"].contains(before) { continue }
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
