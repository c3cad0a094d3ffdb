/// The string literals a script hands to `ctx:tr` (`ctx:tr("Done")`, `ctx:tr "Done"`), and to
/// `ctx:alert` and `ctx:refuse`, and those a `validate = function ... end` returns
/// (`return "Name needed"`): messages looked up in the strings too, found in its text for
/// `check --locale` (SPEC §9): a composed string is the script's to translate, but a literal
/// one is known before it runs.
///
/// Read with `LuaLexer`: comments and long strings are skipped, quoted strings decoded. A
/// literal with an escape other than `\n`, `\t`, `\r`, `\\`, `\"` and `\'` is not reported (the
/// texts a script translates are written with those), nor one whose value is not UTF-8.
/// A namespace of functions: usable from any thread.
package enum TranslatedLiterals {
    /// Each literal given to `:tr`, `:alert` or `:refuse`, or returned by a `validate`
    /// function written in place, with its 1-based line and the method it was given to
    /// (`validate` for a returned one), in the order written.
    /// `every`: given each quoted string of the text, whatever it is handed to.
    package static func scan(_ bytes: [UInt8], every: ((String) -> Void)? = nil) -> [(text: String, line: Int, method: String)] {
        var out: [(text: String, line: Int, method: String)] = []
        var method = ""
        // 0: nothing; 1: after ':'; 2: after ':tr' (or alert, refuse); 3: after ':tr('.
        var state = 0
        // A `validate = function ... end` in place: 1 after `validate`, 2 after its `=`; then
        // the depth of its blocks (function/if/do/repeat open one, end/until close one) and
        // whether the token before was `return`.
        var validateField = 0
        var validateDepth = 0
        var afterReturn = false
        var lexer = LuaLexer(bytes)
        while let token = lexer.next() {
            switch token.kind {
            case .name:
                let name = bytes[token.start..<token.end]
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
                continue
            case .string:
                let text = token.closed && (!token.escaped || plainlyEscaped(bytes, token)) ? lexer.text(of: token) : nil
                if let text, let every { every(text) }
                if state >= 2, let text { out.append((text, token.line, method)) }
                else if afterReturn, let text { out.append((text, token.line, "validate")) }
            case .symbol:
                switch lexer.punctuation(of: token) {
                case UInt8(ascii: ":"):
                    state = 1
                    afterReturn = false
                    validateField = 0
                    continue
                case UInt8(ascii: "("):
                    state = state == 2 ? 3 : 0
                    afterReturn = false
                    validateField = 0
                    continue
                case UInt8(ascii: "=") where validateField == 1:
                    validateField = 2
                    afterReturn = false
                    state = 0
                    continue
                default:
                    break
                }
            case .number, .longString:
                break
            }
            // Any other token (a number, a long string, another symbol, `::`) ends what came before.
            state = 0
            afterReturn = false
            validateField = 0
        }
        return out
    }

    /// Whether the quoted string `token`'s escapes are only `\n`, `\t`, `\r`, `\\`, `\"` and `\'`.
    private static func plainlyEscaped(_ bytes: [UInt8], _ token: LuaLexer.Token) -> Bool {
        var i = token.start + 1
        let end = token.end - 1
        while i < end {
            if bytes[i] == UInt8(ascii: "\\") {
                switch bytes[i + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): i += 2
                default: return false
                }
            } else {
                i += 1
            }
        }
        return true
    }

    /// The words that open a block (closed by `end`, or `until` for `repeat`) and that close one.
    private static let opensBlock: [[UInt8]] = [Array("function".utf8), Array("if".utf8), Array("do".utf8), Array("repeat".utf8)]
    private static let closesBlock: [[UInt8]] = [Array("end".utf8), Array("until".utf8)]

    /// The methods whose literal argument is looked up in the strings.
    private static let translatedMethods: [[UInt8]] = [Array("tr".utf8), Array("alert".utf8), Array("refuse".utf8)]
}
