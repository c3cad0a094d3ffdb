#if canImport(Glibc)
import Glibc
#endif

/// A callback whose ctx is named otherwise (`on_select = function(c) c:alret("x") end`,
/// `validate = function(v, context) ... end`): its lines as `check` reads ctx's members and
/// the store keys, with the name written `ctx` where it names the ctx (`ctx:alret("x")`), so
/// the one scan of ctx's closed set of members (`ContextMember`) and of the keys read sees
/// them. Only inside that function: the same name elsewhere is another variable.
///
/// A small Lua lexer over the bytes (comments, long brackets and quoted strings skipped),
/// run only when some callback's parameter is not `ctx` (found first with `memchr`, so a
/// script of 100,000 `function(ctx)` rows costs one quick pass). A namespace of functions:
/// usable from any thread.
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
        var lexer = Lexer(bytes)
        // (offset of the alias's use) -> its line
        var uses: [(offset: Int, length: Int, line: Int)] = []
        var scopes: [(alias: [UInt8], depth: Int)] = []
        var depth = 0
        var recent: [Lexer.Token] = []  // the last few tokens: `FIELD = function (`
        while let token = lexer.next() {
            if case .name(let start, let end) = token.kind {
                let name = bytes[start..<end]
                if opens.contains(where: { name.elementsEqual($0) }) { depth += 1 }
                if closes.contains(where: { name.elementsEqual($0) }) {
                    depth -= 1
                    while let last = scopes.last, depth < last.depth { scopes.removeLast() }
                }
                if name.elementsEqual("function".utf8), recent.count >= 2,
                   case .punct(let eq) = recent[recent.count - 1].kind, eq == UInt8(ascii: "="),
                   case .name(let fs, let fe) = recent[recent.count - 2].kind {
                    let field = String(decoding: bytes[fs..<fe], as: UTF8.self)
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
                          !(recent.last.map { if case .punct(let p) = $0.kind { p == UInt8(ascii: ".") || p == UInt8(ascii: ":") } else { false } } ?? false) {
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
                var j = open + 1
                while at(j) == 0x20 || at(j) == 0x09 { j += 1 }
                let start = j
                while j < n, Lexer.isNameByte(buffer[j]) { j += 1 }
                if j > start, !(j - start == 3 && buffer[start] == UInt8(ascii: "c") && buffer[start + 1] == UInt8(ascii: "t")
                                && buffer[start + 2] == UInt8(ascii: "x")) { return true }
            }
            return false
        }
    }

    /// Lua's tokens, as far as this needs them.
    struct Lexer {
        struct Token {
            enum Kind { case name(Int, Int), punct(UInt8), other }
            var kind: Kind
            var line: Int
        }
        let bytes: [UInt8]
        var i = 0
        var line = 1

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        static func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
        }

        private func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

        private func longBracket(_ k: Int) -> Int? {
            guard at(k) == UInt8(ascii: "[") else { return nil }
            var j = k + 1, level = 0
            while at(j) == UInt8(ascii: "=") { level += 1; j += 1 }
            return at(j) == UInt8(ascii: "[") ? level : nil
        }

        private mutating func skipLong(_ level: Int) {
            i += level + 2
            while i < bytes.count {
                if bytes[i] == 0x0A { line += 1 }
                if bytes[i] == UInt8(ascii: "]") {
                    var j = i + 1, l = 0
                    while at(j) == UInt8(ascii: "=") { l += 1; j += 1 }
                    if l == level, at(j) == UInt8(ascii: "]") { i = j + 1; return }
                }
                i += 1
            }
        }

        /// Skips blanks and comments.
        private mutating func skipSpace() {
            while i < bytes.count {
                let c = bytes[i]
                if c == 0x0A { line += 1; i += 1; continue }
                if c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C { i += 1; continue }
                if c == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: "-") {
                    if let level = longBracket(i + 2) { i += 2; skipLong(level) } else {
                        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                    }
                    continue
                }
                return
            }
        }

        mutating func next() -> Token? {
            skipSpace()
            guard i < bytes.count else { return nil }
            let c = bytes[i]
            let startLine = line
            if Lexer.isNameByte(c), !(c >= 0x30 && c <= 0x39) {
                let start = i
                while i < bytes.count, Lexer.isNameByte(bytes[i]) { i += 1 }
                return Token(kind: .name(start, i), line: startLine)
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i += 1
                while i < bytes.count, bytes[i] != c, bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\") { if at(i + 1) == 0x0A { line += 1 }; i += 1 }
                    i += 1
                }
                i += 1
                return Token(kind: .other, line: startLine)
            }
            if let level = longBracket(i) {
                skipLong(level)
                return Token(kind: .other, line: startLine)
            }
            if c >= 0x30 && c <= 0x39 {
                while i < bytes.count, Lexer.isNameByte(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
                return Token(kind: .other, line: startLine)
            }
            i += 1
            if c == UInt8(ascii: "="), at(i) == UInt8(ascii: "=") { i += 1; return Token(kind: .other, line: startLine) }
            if c == UInt8(ascii: "."), at(i) == UInt8(ascii: ".") { i += 1; return Token(kind: .other, line: startLine) }
            if c == UInt8(ascii: ":"), at(i) == UInt8(ascii: ":") { i += 1; return Token(kind: .other, line: startLine) }
            return Token(kind: .punct(c), line: startLine)
        }

        /// After `function`: the ranges of its parameters' names (`(a, b, ...)`), the lexer
        /// moved past the `)`; nil when no parameter list follows.
        mutating func parameters() -> [Range<Int>]? {
            let saved = (i, line)
            guard let open = next(), case .punct(let p) = open.kind, p == UInt8(ascii: "(") else {
                (i, line) = saved
                return nil
            }
            var names: [Range<Int>] = []
            while let token = next() {
                switch token.kind {
                case .name(let s, let e): names.append(s..<e)
                case .punct(let q) where q == UInt8(ascii: ")"): return names
                case .punct(let q) where q == UInt8(ascii: ","): continue
                default: return names  // `...` or something unexpected
                }
            }
            return names
        }

        /// Whether the next token is `.` or `:` and a name after it (a member of what came
        /// before), without moving.
        mutating func followedByMember() -> Bool {
            let saved = (i, line)
            defer { (i, line) = saved }
            guard let dot = next(), case .punct(let p) = dot.kind, p == UInt8(ascii: ".") || p == UInt8(ascii: ":"),
                  let name = next(), case .name = name.kind else { return false }
            return true
        }
    }
}
