/// The string literals a script hands to `ctx:tr` (`ctx:tr("Done")`, `ctx:tr "Done"`), and to
/// `ctx:alert` and `ctx:refuse`, and those a `validate = function ... end` returns
/// (`return "Name needed"`): messages looked up in the strings too, found in its text for
/// `check --locale` (SPEC §9): a composed string is the script's to translate, but a literal
/// one is known before it runs.
///
/// A small Lua lexer over the bytes: comments (`--`, `--[[ ]]`) and long strings are skipped,
/// quoted strings read with their escapes. A literal with an escape other than `\n`, `\t`,
/// `\r`, `\\`, `\"` and `\'` is not reported (its text is not worth decoding here).
/// A namespace of functions: usable from any thread.
package enum TranslatedLiterals {
    /// Each literal given to `:tr`, `:alert` or `:refuse`, or returned by a `validate`
    /// function written in place, with its 1-based line and the method it was given to
    /// (`validate` for a returned one), in the order written.
    /// `every`: given each quoted string of the text, whatever it is handed to.
    package static func scan(_ bytes: [UInt8], every: ((String) -> Void)? = nil) -> [(text: String, line: Int, method: String)] {
        var out: [(text: String, line: Int, method: String)] = []
        var method = ""
        var line = 1
        var i = 0
        let n = bytes.count
        // 0: nothing; 1: after ':'; 2: after ':tr' (or alert, refuse); 3: after ':tr('.
        var state = 0
        // A `validate = function ... end` in place: 1 after `validate`, 2 after its `=`; then
        // the depth of its blocks (function/if/do/repeat open one, end/until close one) and
        // whether the token before was `return`.
        var validateField = 0
        var validateDepth = 0
        var afterReturn = false
        func at(_ k: Int) -> UInt8 { k < n ? bytes[k] : 0 }
        /// The level of a long bracket `[==[` starting at k, or nil.
        func longBracket(_ k: Int) -> Int? {
            guard at(k) == UInt8(ascii: "[") else { return nil }
            var j = k + 1, level = 0
            while at(j) == UInt8(ascii: "=") { level += 1; j += 1 }
            return at(j) == UInt8(ascii: "[") ? level : nil
        }
        /// Skips a long bracket of `level` starting at i (counting lines).
        func skipLong(_ level: Int) {
            i += level + 2
            while i < n {
                if bytes[i] == 0x0A { line += 1 }
                if bytes[i] == UInt8(ascii: "]") {
                    var j = i + 1, l = 0
                    while at(j) == UInt8(ascii: "=") { l += 1; j += 1 }
                    if l == level, at(j) == UInt8(ascii: "]") { i = j + 1; return }
                }
                i += 1
            }
        }
        while i < n {
            let c = bytes[i]
            switch c {
            case 0x0A:
                line += 1
                i += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                i += 1
            case UInt8(ascii: "-") where at(i + 1) == UInt8(ascii: "-"):
                if let level = longBracket(i + 2) {
                    i += 2
                    skipLong(level)
                } else {
                    while i < n, bytes[i] != 0x0A { i += 1 }
                }
            case UInt8(ascii: "["):
                if let level = longBracket(i) { skipLong(level); state = 0 } else { i += 1; state = 0 }
                afterReturn = false
                validateField = 0
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let startLine = line
                let text = readQuoted(bytes, &i, &line)
                if let text, let every { every(text) }
                if state >= 2, let text { out.append((text, startLine, method)) }
                else if afterReturn, let text { out.append((text, startLine, "validate")) }
                state = 0
                afterReturn = false
                validateField = 0
            case UInt8(ascii: ":"):
                state = at(i + 1) == UInt8(ascii: ":") ? 0 : 1   // `::label::` is no method call
                afterReturn = false
                validateField = 0
                i += at(i + 1) == UInt8(ascii: ":") ? 2 : 1
            case UInt8(ascii: "("):
                state = state == 2 ? 3 : 0
                afterReturn = false
                validateField = 0
                i += 1
            case UInt8(ascii: "=") where validateField == 1 && at(i + 1) != UInt8(ascii: "="):
                validateField = 2
                afterReturn = false
                state = 0
                i += 1
            default:
                if isNameByte(c) {
                    let start = i
                    while i < n, isNameByte(bytes[i]) { i += 1 }
                    let name = bytes[start..<i]
                    let translated = state == 1 && translatedMethods.contains(where: { name.elementsEqual($0) })
                    state = translated ? 2 : 0
                    if translated { method = String(decoding: name, as: UTF8.self) }
                    afterReturn = validateDepth > 0 && name.elementsEqual("return".utf8)
                    if validateDepth > 0 {
                        if opensBlock.contains(where: { name.elementsEqual($0) }) { validateDepth += 1 }
                        if closesBlock.contains(where: { name.elementsEqual($0) }) { validateDepth -= 1 }
                    } else if validateField == 2, name.elementsEqual("function".utf8) {
                        validateDepth = 1
                    }
                    validateField = validateDepth == 0 && name.elementsEqual("validate".utf8) ? 1 : 0
                } else {
                    state = 0
                    afterReturn = false
                    validateField = 0
                    i += 1
                }
            }
        }
        return out
    }

    /// The words that open a block (closed by `end`, or `until` for `repeat`) and that close one.
    private static let opensBlock: [[UInt8]] = [Array("function".utf8), Array("if".utf8), Array("do".utf8), Array("repeat".utf8)]
    private static let closesBlock: [[UInt8]] = [Array("end".utf8), Array("until".utf8)]

    /// The methods whose literal argument is looked up in the strings.
    private static let translatedMethods: [[UInt8]] = [Array("tr".utf8), Array("alert".utf8), Array("refuse".utf8)]

    private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c >= 0x80
    }

    /// Reads the quoted string at `i` (moving past it); nil when it holds an escape this reader
    /// does not decode, or ends at a line break or the end of the text.
    private static func readQuoted(_ bytes: [UInt8], _ i: inout Int, _ line: inout Int) -> String? {
        let quote = bytes[i]
        i += 1
        var text: [UInt8] = []
        var decodable = true
        while i < bytes.count {
            let c = bytes[i]
            if c == quote { i += 1; return decodable ? String(decoding: text, as: UTF8.self) : nil }
            if c == 0x0A { return nil }
            if c == UInt8(ascii: "\\") {
                let e = i + 1 < bytes.count ? bytes[i + 1] : 0
                switch e {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): text.append(e)
                case 0x0A: line += 1; decodable = false
                default: decodable = false
                }
                i += 2
                continue
            }
            text.append(c)
            i += 1
        }
        return nil
    }
}
