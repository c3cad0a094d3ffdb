#if canImport(Glibc)
import Glibc
#endif

/// A callback whose ctx is named otherwise (`on_select = function(c) c:alret("x") end`,
/// `validate = function(v, context) ... end`): its lines as `check` reads ctx's members and
/// the store keys, with the name written `ctx` where it names the ctx (`ctx:alret("x")`), so
/// the one scan of ctx's closed set of members (`ContextMember`) and of the keys read sees
/// them. Only inside that function: the same name elsewhere is another variable.
///
/// Read with `LuaLexer` (comments, long brackets and quoted strings skipped), run only when
/// some callback's parameter is not `ctx` (found first with `memchr`, so a script of 100,000
/// `function(ctx)` rows costs one quick pass). A namespace of functions: usable from any thread.
package enum ContextAliases {
    /// The fields whose function takes ctx first, and those that take it second (`validate`),
    /// read from the field table's types.
    private static let (ctxFirst, ctxSecond): (Set<String>, Set<String>) = {
        var first = Set<String>(), second = Set<String>()
        for (key, doc) in FieldDocs.table {
            let name = String(key.split(separator: ".").last ?? "")
            if doc.type.contains("fun(ctx") { first.insert(name) }
            if doc.type.contains("fun(value") { second.insert(name) }
        }
        return (first, second)
    }()

    /// The lines (1-based number, text) where a callback's ctx is named otherwise, that name
    /// written `ctx` where it is followed by `.` or `:`; empty when every callback names it ctx.
    package static func lines(of bytes: [UInt8]) -> [(Int, String)] {
        guard mayHaveAlias(bytes) else { return [] }
        var lexer = LuaLexer(bytes)
        // (offset of the alias's use) -> its line
        var uses: [(offset: Int, length: Int, line: Int)] = []
        var scopes: [(alias: [UInt8], depth: Int)] = []
        var depth = 0
        var recent: [LuaLexer.Token] = []  // the last few tokens: `FIELD = function (`
        while let token = lexer.next() {
            if case .name = token.kind {
                let (start, end) = (token.start, token.end)
                let name = bytes[start..<end]
                if opens.contains(where: { name.elementsEqual($0) }) { depth += 1 }
                if closes.contains(where: { name.elementsEqual($0) }) {
                    depth -= 1
                    while let last = scopes.last, depth < last.depth { scopes.removeLast() }
                }
                if name.elementsEqual("function".utf8), recent.count >= 2,
                   lexer.punctuation(of: recent[recent.count - 1]) == UInt8(ascii: "="),
                   case .name = recent[recent.count - 2].kind {
                    let field = String(decoding: lexer.bytes(of: recent[recent.count - 2]), as: UTF8.self)
                    let wanted = ctxFirst.contains(field) ? 0 : ctxSecond.contains(field) ? 1 : -1
                    if wanted >= 0, let params = lexer.parameters(), wanted < params.count {
                        let alias = Array(bytes[params[wanted]])
                        if !alias.elementsEqual("ctx".utf8) { scopes.append((alias, depth)) }
                    }
                } else if name.elementsEqual("function".utf8), let scope = scopes.last {
                    // A function inside naming a parameter as the alias: another variable there.
                    if let params = lexer.parameters(), params.contains(where: { bytes[$0].elementsEqual(scope.alias) }) {
                        scopes.append(([], depth))
                    }
                } else if let scope = scopes.last, name.elementsEqual(scope.alias), lexer.followedByMember(),
                          !(recent.last.map { lexer.punctuation(of: $0) == UInt8(ascii: ".") || lexer.punctuation(of: $0) == UInt8(ascii: ":") } ?? false) {
                    uses.append((start, end - start, token.line))
                }
            }
            recent.append(token)
            if recent.count > 2 { recent.removeFirst() }
        }
        guard !uses.isEmpty else { return [] }
        // Each line with a use, the alias written `ctx` at each use.
        var out: [(Int, String)] = []
        var index = 0
        while index < uses.count {
            let line = uses[index].line
            var start = uses[index].offset
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            let end = bytes[uses[index].offset...].firstIndex(of: 0x0A) ?? bytes.count
            var text: [UInt8] = []
            var at = start
            while index < uses.count, uses[index].line == line {
                text += bytes[at..<uses[index].offset] + Array("ctx".utf8)
                at = uses[index].offset + uses[index].length
                index += 1
            }
            text += bytes[at..<end]
            out.append((line, String(decoding: text, as: UTF8.self)))
        }
        return out
    }

    /// `lines` merged into `candidates` (both sorted by line): a rewritten line replaces the
    /// line as it was.
    package static func merged(_ candidates: [(Int, String)], with rewritten: [(Int, String)]) -> [(Int, String)] {
        guard !rewritten.isEmpty else { return candidates }
        let replaced = Set(rewritten.map(\.0))
        return (candidates.filter { !replaced.contains($0.0) } + rewritten).sorted { $0.0 < $1.0 }
    }

    private static let opens: [[UInt8]] = [Array("function".utf8), Array("if".utf8), Array("do".utf8), Array("repeat".utf8)]
    private static let closes: [[UInt8]] = [Array("end".utf8), Array("until".utf8)]

    /// Whether some `function (NAME` names its first parameter other than `ctx` (cheap: the
    /// full lexer runs only then).
    private static func mayHaveAlias(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let n = buffer.count
            func at(_ k: Int) -> UInt8 { k < n ? buffer[k] : 0 }
            // Each `(`: is it `function (NAME` with NAME not ctx? (`(` is rarer than `f`.)
            var from = 0
            while from < n, let found = memchr(base + from, Int32(UInt8(ascii: "(")), n - from) {
                let open = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                from = open + 1
                var k = open - 1
                while k >= 0, buffer[k] == 0x20 || buffer[k] == 0x09 { k -= 1 }
                guard k >= 7, buffer[k] == UInt8(ascii: "n"), buffer[k - 7] == UInt8(ascii: "f"),
                      UnsafeBufferPointer(rebasing: buffer[(k - 7)...k]).elementsEqual("function".utf8) else { continue }
                // Where an anonymous function can stand: after `=`, `(`, `,`, `{`, `;`, `[` or a
                // keyword (`return function (c)`); not in prose ("the physical function (PF)"
                // of a help text, which cost a lexing of the whole text).
                var p = k - 8
                while p >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[p]) { p -= 1 }
                if p >= 0, LuaLexer.isNameByte(buffer[p]) {
                    var w = p
                    while w > 0, LuaLexer.isNameByte(buffer[w - 1]) { w -= 1 }
                    let word = UnsafeBufferPointer(rebasing: buffer[w...p])
                    guard ["return", "or", "and", "do", "then", "else", "in", "not"].contains(where: { word.elementsEqual($0.utf8) }) else { continue }
                } else if p >= 0, !"=(,{;[".utf8.contains(buffer[p]) {
                    continue
                }
                var j = open + 1
                while at(j) == 0x20 || at(j) == 0x09 { j += 1 }
                let start = j
                while j < n, LuaLexer.isNameByte(buffer[j]) { j += 1 }
                if j > start, !(j - start == 3 && buffer[start] == UInt8(ascii: "c") && buffer[start + 1] == UInt8(ascii: "t")
                                && buffer[start + 2] == UInt8(ascii: "x")) { return true }
            }
            return false
        }
    }
}

extension LuaLexer {
    /// After `function`: the ranges of its parameters' names (`(a, b, ...)`), the lexer
    /// moved past the `)`; nil when no parameter list follows.
    fileprivate mutating func parameters() -> [Range<Int>]? {
        let saved = self
        guard let open = next(), punctuation(of: open) == UInt8(ascii: "(") else {
            self = saved
            return nil
        }
        var names: [Range<Int>] = []
        while let token = next() {
            if case .name = token.kind { names.append(token.start..<token.end); continue }
            switch punctuation(of: token) {
            case UInt8(ascii: ")"): return names
            case UInt8(ascii: ","): continue
            default: return names  // `...` or something unexpected
            }
        }
        return names
    }

    /// Whether the next token is `.` or `:` and a name after it (a member of what came
    /// before), without moving.
    fileprivate func followedByMember() -> Bool {
        var ahead = self
        guard let dot = ahead.next(), punctuation(of: dot) == UInt8(ascii: ".") || punctuation(of: dot) == UInt8(ascii: ":"),
              let name = ahead.next(), case .name = name.kind else { return false }
        return true
    }
}
