/// A forgiving Lua tokenizer for the editor features: it never fails (an unterminated string
/// or comment runs to the end), so text that does not parse yet still has tokens.
/// A namespace: callable from any thread.
package enum LuaTokens {
    /// One token: its kind and where its bytes lie. Sendable: a plain value.
    package struct Token: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case name, keyword, string, number, symbol }
        var kind: Kind
        /// The name, the symbol, or a string's contents (escapes left as written).
        var text: String
        var start: Int
        package var end: Int
        /// A short string's quote (`"` or `'`); 0 otherwise.
        var quote: UInt8 = 0
    }

    static let keywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function",
                                        "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return",
                                        "then", "true", "until", "while"]

    static func isNameStart(_ b: UInt8) -> Bool { (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || b == 95 }
    static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 48 && b <= 57) }

    /// The tokens of `bytes`, comments skipped.
    static func tokenize(_ bytes: [UInt8]) -> [Token] { tokenize(bytes, from: 0, until: nil) }

    /// The tokens of `bytes` from byte `start` (where a token starts, or 0), comments skipped;
    /// when `until` is given, the ones before the first token it accepts (the lexer depends
    /// only on where it is and the bytes from there: from a token it accepts on, the tokens
    /// are those it already knows).
    static func tokenize(_ bytes: [UInt8], from start: Int, until stop: ((Token) -> Bool)?) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(stop == nil ? bytes.count / 4 : 64)
        let n = bytes.count
        var i = start
        /// Keeps `token`; false when `stop` accepts it (the tokenizing ends).
        func keep(_ token: Token) -> Bool {
            if let stop, stop(token) { return false }
            tokens.append(token)
            return true
        }
        func text(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }
        /// `[[`, `[==[`: the level, or nil.
        func longOpen(_ at: Int) -> Int? {
            guard at < n, bytes[at] == 91 else { return nil }
            var j = at + 1
            var level = 0
            while j < n, bytes[j] == 61 { level += 1; j += 1 }
            return j < n && bytes[j] == 91 ? level : nil
        }
        /// The end of a long bracket's body (just past its close), and where the body ends.
        func longClose(from: Int, level: Int) -> (bodyEnd: Int, end: Int) {
            var j = from
            while j < n {
                if bytes[j] == 93 {
                    var k = j + 1
                    var l = 0
                    while k < n, bytes[k] == 61 { l += 1; k += 1 }
                    if l == level, k < n, bytes[k] == 93 { return (j, k + 1) }
                }
                j += 1
            }
            return (n, n)
        }
        while i < n {
            let b = bytes[i]
            if b == 32 || b == 9 || b == 10 || b == 13 || b == 11 || b == 12 { i += 1; continue }
            if b == 45, i + 1 < n, bytes[i + 1] == 45 {  // comment
                if let level = longOpen(i + 2) {
                    i = longClose(from: i + 4 + level, level: level).end
                } else {
                    while i < n, bytes[i] != 10 { i += 1 }
                }
                continue
            }
            if isNameStart(b) || b >= 0x80 {
                let s = i
                while i < n, isNameByte(bytes[i]) || bytes[i] >= 0x80 { i += 1 }
                let word = text(s, i)
                if !keep(Token(kind: keywords.contains(word) ? .keyword : .name, text: word, start: s, end: i)) { return tokens }
                continue
            }
            if b >= 48 && b <= 57 || (b == 46 && i + 1 < n && bytes[i + 1] >= 48 && bytes[i + 1] <= 57) {
                let s = i
                while i < n, isNameByte(bytes[i]) || bytes[i] == 46
                        || ((bytes[i] == 43 || bytes[i] == 45) && (bytes[i - 1] | 32) == 101 || (bytes[i] == 43 || bytes[i] == 45) && (bytes[i - 1] | 32) == 112) { i += 1 }
                if !keep(Token(kind: .number, text: text(s, i), start: s, end: i)) { return tokens }
                continue
            }
            if b == 34 || b == 39 {
                let s = i
                i += 1
                while i < n, bytes[i] != b, bytes[i] != 10 {
                    if bytes[i] == 92 { i += 1 }
                    i += 1
                }
                let bodyEnd = min(i, n)
                if i < n, bytes[i] == b { i += 1 }
                if !keep(Token(kind: .string, text: text(s + 1, max(s + 1, bodyEnd)), start: s, end: min(i, n), quote: b)) { return tokens }
                continue
            }
            if let level = longOpen(i) {
                let s = i
                let (bodyEnd, end) = longClose(from: i + 2 + level, level: level)
                if !keep(Token(kind: .string, text: text(min(s + 2 + level, bodyEnd), bodyEnd), start: s, end: end)) { return tokens }
                i = end
                continue
            }
            // Symbols: the two- and three-byte ones the features look at, else one byte.
            let s = i
            if i + 2 < n, bytes[i] == 46, bytes[i + 1] == 46, bytes[i + 2] == 46 { i += 3 }
            else if i + 1 < n, [(61, 61), (126, 61), (60, 61), (62, 61), (46, 46), (58, 58), (47, 47), (60, 60), (62, 62)]
                        .contains(where: { $0.0 == bytes[i] && $0.1 == bytes[i + 1] }) { i += 2 }
            else { i += 1 }
            if !keep(Token(kind: .symbol, text: text(s, i), start: s, end: i)) { return tokens }
        }
        return tokens
    }
}
