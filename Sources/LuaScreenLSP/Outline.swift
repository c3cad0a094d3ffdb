import LuaScreen
import LuaScreenTooling

/// The tables a script builds, read from its tokens (so it works on text that does not run
/// or parse): each `{ ... }` with the constructor called on it (`row { }`, `toggle({ })`) or
/// none, its fields (`name = value` at its own level) and the tables inside it; and every
/// `NAME.store.KEY` use. A value: `Sendable`.
package struct Outline: Sendable {
    /// One table constructor `{ ... }`.
    package struct Node: Sendable, Equatable {
        /// The constructor called on it (`screen`, `row`, ...), nil for a plain table.
        package var constructor: String?
        /// The constructor's name token (or the `{` of a plain table).
        var nameStart: Int, nameEnd: Int
        /// The `{` and just past the `}` (past the text's end when it is not closed).
        var open: Int, close: Int
        /// The fields at its own level, in order.
        var fields: [Field] = []
        /// Tables inside it (at any depth of plain expressions), in order.
        var children: [Int] = []
        /// The enclosing table, if any.
        var parent: Int?
        /// The field of the parent this table is the value of (`push = screen { }`), if any.
        var parentField: String?
        /// Built inside a function body (a helper).
        var inFunction: Bool

        /// The value of field `name` when it is one string token.
        func string(_ name: String) -> Field? { fields.first { $0.name == name && $0.value?.kind == .string } }
    }

    /// `name = value` at a table's own level.
    struct Field: Sendable, Equatable {
        var name: String
        var nameStart: Int, nameEnd: Int
        /// The value when it is a single token (a string, a name, a number).
        var value: LuaTokens.Token?
    }

    /// A `ctx.store.KEY` or `ctx.store["KEY"]` (any name before `.store`).
    package struct StoreUse: Sendable, Equatable {
        var key: String
        var start: Int, end: Int
        /// The key token is a string (`["KEY"]`).
        var quoted: Bool
    }

    package var tokens: [LuaTokens.Token]
    package var nodes: [Node] = []
    package var storeUses: [StoreUse] = []

    /// The constructors the host installs.
    static let constructors: Set<String> = Set(EditorDocs.constructors.map(\.name))

    package init(bytes: [UInt8]) {
        tokens = LuaTokens.tokenize(bytes)
        build(end: bytes.count)
    }

    /// Where an earlier text and `bytes` differ: its bytes `start..<oldEnd` are `start..<newEnd`
    /// of `bytes`, the rest the same. Sendable: a plain value.
    package struct Edit: Sendable, Equatable {
        package var start: Int, oldEnd: Int, newEnd: Int
        /// An edit.
        package init(start: Int, oldEnd: Int, newEnd: Int) {
            self.start = start
            self.oldEnd = oldEnd
            self.newEnd = newEnd
        }

        /// This edit followed by `next` (in the text this one made), as one.
        package func then(_ next: Edit) -> Edit {
            let delta = newEnd - oldEnd
            let end = max(newEnd, next.oldEnd)
            return Edit(start: min(start, next.start), oldEnd: end - delta, newEnd: end + next.newEnd - next.oldEnd)
        }
    }

    /// The outline of `bytes`, the text `old` was made from changed by `edit` (`edit(bytes:by:rebuild:)`).
    /// Gives what `init(bytes:)` gives.
    package init(bytes: [UInt8], editing old: Outline, by edit: Edit) {
        self = old
        self.edit(bytes: bytes, by: edit, rebuild: true)
    }

    /// Makes this outline that of `bytes`, the text it was made from changed by `edit`, in
    /// place: only the tokens from the one before the edit up to the first one the earlier
    /// text had too are made again (the later ones moved). When only strings and numbers
    /// changed (typing in a string, a number) the tables are moved, their values the new
    /// tokens; else they are read again from the tokens, or, `rebuild` false, nothing is
    /// changed and false returned.
    @discardableResult
    package mutating func edit(bytes: [UInt8], by edit: Edit, rebuild: Bool) -> Bool {
        let delta = edit.newEnd - edit.oldEnd
        // The last token ending before the edit: the lexer starts again where it starts.
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].end < edit.start { lo = mid + 1 } else { hi = mid }
        }
        let kept = max(0, lo - 1)
        let from = lo >= 1 ? tokens[lo - 1].start : 0
        // The earlier tokens past the edit, by their start in the new text.
        var first = lo
        while first < tokens.count, tokens[first].start < edit.oldEnd { first += 1 }
        var resume: Int?
        let before = tokens
        let lexed = LuaTokens.tokenize(bytes, from: from, until: { token in
            guard token.start >= edit.newEnd else { return false }
            let want = token.start - delta
            var a = first, b = before.count
            while a < b {
                let mid = (a + b) / 2
                if before[mid].start < want { a = mid + 1 } else { b = mid }
            }
            guard a < before.count, before[a].start == want, before[a].end == token.end - delta,
                  before[a].kind == token.kind, before[a].quote == token.quote else { return false }
            resume = a
            return true
        })
        let end = resume ?? tokens.count
        let sameShape = resume != nil && end - kept == lexed.count
            && zip(tokens[kept..<end], lexed).allSatisfy { $0.kind == $1.kind && $0.quote == $1.quote && ($0.kind == .string || $0.kind == .number || $0.text == $1.text) }
        if !sameShape, !rebuild { return false }
        if sameShape, let resume {
            var moved: [Int: LuaTokens.Token] = [:]   // by the earlier start
            var ends: [Int: Int] = [:]
            for (old, new) in zip(tokens[kept..<resume], lexed) {
                moved[old.start] = new
                ends[old.end] = new.end
            }
            let resumeStart = tokens[resume].start
            for i in kept..<resume { tokens[i] = lexed[i - kept] }
            if delta != 0 {
                for i in resume..<tokens.count {
                    tokens[i].start += delta
                    tokens[i].end += delta
                }
            }
            func place(_ p: Int) -> Int {
                if p < from { return p }
                if p >= resumeStart { return p + delta }
                return moved[p]?.start ?? ends[p] ?? p
            }
            func token(_ t: LuaTokens.Token) -> LuaTokens.Token {
                if t.start < from { return t }
                if let new = moved[t.start] { return new }
                var shifted = t
                shifted.start += delta
                shifted.end += delta
                return shifted
            }
            for n in nodes.indices where nodes[n].close >= from {
                nodes[n].nameStart = place(nodes[n].nameStart)
                nodes[n].nameEnd = place(nodes[n].nameEnd)
                nodes[n].open = place(nodes[n].open)
                nodes[n].close = place(nodes[n].close)
                for f in nodes[n].fields.indices where nodes[n].fields[f].nameEnd >= from || (nodes[n].fields[f].value?.end ?? 0) >= from {
                    nodes[n].fields[f].nameStart = place(nodes[n].fields[f].nameStart)
                    nodes[n].fields[f].nameEnd = place(nodes[n].fields[f].nameEnd)
                    nodes[n].fields[f].value = nodes[n].fields[f].value.map(token)
                }
            }
            for u in storeUses.indices where storeUses[u].end >= from {
                let use = storeUses[u]
                let t = token(LuaTokens.Token(kind: use.quoted ? .string : .name, text: use.key, start: use.start, end: use.end))
                storeUses[u] = StoreUse(key: t.text, start: t.start, end: t.end, quoted: use.quoted)
            }
            return true
        }
        var made = Array(tokens[0..<kept])
        made.reserveCapacity(tokens.count + lexed.count)
        made += lexed
        if let resume {
            for var t in tokens[resume...] {
                t.start += delta
                t.end += delta
                made.append(t)
            }
        }
        tokens = made
        nodes = []
        storeUses = []
        build(end: bytes.count)
        return true
    }

    private mutating func build(end: Int) {
        var open: [Int] = []          // node indexes of unclosed `{`
        var blocks: [Bool] = []       // open blocks: true for a function body
        var functionDepth = 0
        let t = tokens
        var i = 0
        while i < t.count {
            let tok = t[i]
            switch tok.kind {
            case .keyword:
                switch tok.text {
                case "function": blocks.append(true); functionDepth += 1
                case "if", "do", "repeat": blocks.append(false)
                case "end", "until":
                    if let last = blocks.popLast(), last { functionDepth -= 1 }
                default: break
                }
            case .symbol where tok.text == "{":
                var constructor: String?
                var nameStart = tok.start, nameEnd = tok.end
                // `name {` or `name({`
                if i >= 1, t[i - 1].kind == .name, !(i >= 2 && (t[i - 2].text == "." || t[i - 2].text == ":")) {
                    constructor = t[i - 1].text
                    nameStart = t[i - 1].start; nameEnd = t[i - 1].end
                } else if i >= 2, t[i - 1].text == "(", t[i - 2].kind == .name, !(i >= 3 && (t[i - 3].text == "." || t[i - 3].text == ":")) {
                    constructor = t[i - 2].text
                    nameStart = t[i - 2].start; nameEnd = t[i - 2].end
                }
                if let c = constructor, !Outline.constructors.contains(c) { constructor = nil }
                // The field of the parent it is the value of.
                var parentField: String?
                let before = constructor == nil ? i - 1 : (t[i - 1].text == "(" ? i - 3 : i - 2)
                if before >= 1, t[before].text == "=", t[before - 1].kind == .name { parentField = t[before - 1].text }
                let index = nodes.count
                nodes.append(Node(constructor: constructor, nameStart: nameStart, nameEnd: nameEnd, open: tok.start, close: end + 1,
                                  parent: open.last, parentField: parentField, inFunction: functionDepth > 0))
                if let p = open.last { nodes[p].children.append(index) }
                open.append(index)
            case .symbol where tok.text == "}":
                if let index = open.popLast() { nodes[index].close = tok.end }
            case .name:
                // A field: `name =` (not `==`) right after `{`, `,` or `;` of an open table.
                if let p = open.last, i + 1 < t.count, t[i + 1].text == "=", i >= 1,
                   t[i - 1].text == "{" || t[i - 1].text == "," || t[i - 1].text == ";",
                   t[i - 1].start >= nodes[p].open {
                    var value: LuaTokens.Token?
                    if i + 2 < t.count, [.string, .name, .number, .keyword].contains(t[i + 2].kind),
                       i + 3 >= t.count || [",", ";", "}"].contains(t[i + 3].text) {
                        value = t[i + 2]
                    }
                    nodes[p].fields.append(Field(name: tok.text, nameStart: tok.start, nameEnd: tok.end, value: value))
                }
                // NAME.store.KEY, NAME.store["KEY"]
                if tok.text == "store", i >= 2, t[i - 1].text == ".", t[i - 2].kind == .name, i + 2 < t.count {
                    if t[i + 1].text == ".", t[i + 2].kind == .name {
                        storeUses.append(StoreUse(key: t[i + 2].text, start: t[i + 2].start, end: t[i + 2].end, quoted: false))
                    } else if t[i + 1].text == "[", t[i + 2].kind == .string, t[i + 2].quote != 0 {
                        storeUses.append(StoreUse(key: t[i + 2].text, start: t[i + 2].start, end: t[i + 2].end, quoted: true))
                    }
                }
            default: break
            }
            i += 1
        }
    }

    /// The innermost table whose braces hold byte `offset`.
    func enclosing(_ offset: Int) -> Int? {
        var best: Int?
        for (index, node) in nodes.enumerated() where node.open < offset && offset < node.close {
            if let b = best, nodes[b].open > node.open { continue }
            best = index
        }
        return best
    }

    /// The innermost enclosing table built by a constructor (plain tables inside one, such as
    /// `options = { }`, are skipped).
    package func enclosingConstructor(_ offset: Int) -> Int? {
        var node = enclosing(offset)
        while let n = node, nodes[n].constructor == nil { node = nodes[n].parent }
        return node
    }

    /// The token holding byte `offset` (or ending right at it).
    func token(at offset: Int) -> Int? {
        var lo = 0, hi = tokens.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let t = tokens[mid]
            if offset < t.start { hi = mid - 1 } else if offset > t.end { lo = mid + 1 } else {
                // Prefer the token starting here over one ending here.
                if offset == t.end, mid + 1 < tokens.count, tokens[mid + 1].start == offset { return mid + 1 }
                return mid
            }
        }
        return nil
    }

    /// Every key a row binds (`key = "..."`), with where its string lies.
    package var keyFields: [(key: String, node: Int, token: LuaTokens.Token)] {
        nodes.indices.flatMap { n -> [(key: String, node: Int, token: LuaTokens.Token)] in
            guard nodes[n].constructor != nil, let f = nodes[n].string("key"), let v = f.value else { return [] }
            return [(v.text, n, v)]
        }
    }

    /// Every screen with a literal id, with its node.
    package var screenIDs: [(id: String, node: Int, token: LuaTokens.Token)] {
        nodes.indices.flatMap { n -> [(id: String, node: Int, token: LuaTokens.Token)] in
            let node = nodes[n]
            let isScreen = node.constructor == "screen" || (node.constructor == nil && node.string("title") != nil && node.parentField == nil)
            guard isScreen, let f = node.string("id"), let v = f.value else { return [] }
            return [(v.text, n, v)]
        }
    }
}
