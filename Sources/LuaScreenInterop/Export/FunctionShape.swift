import LuaScreenCore
import ScreenModel

/// The few shapes of a hand-written row function that androidx.preference has as attributes
/// (SPEC §15), recognised from the function's source text:
/// - `enabled = function(ctx) return ctx.store.KEY end` (or `ctx.store["KEY"]`) is
///   `app:dependency="KEY"` when KEY is a toggle of the same screen;
/// - a toggle's `detail = function(ctx) return ctx.store.KEY and "ON" or "OFF" end` or
///   `function(ctx) if ctx.store.KEY then return "ON" else return "OFF" end end` (KEY its own
///   key, either text may be `nil`) is `summaryOn`/`summaryOff`.
/// The function may be a named one the rows refer to (`local function sync_on(ctx) ... end`,
/// `enabled = sync_on`), or the closure a small helper returns (`local function on(k) return
/// function(ctx) return ctx.store[k] end end`, `enabled = on("wifi")`): its key is the string
/// the closure's upvalue `k` holds. Any other function is not recognised: export warns that it is left
/// out, as before.
/// Sendable: a plain value.
enum FunctionShape: Equatable, Sendable {
    /// `return ctx.store.KEY`.
    case storeKey(String)
    /// The store key's truth picks one of two texts.
    case toggleTexts(key: String, on: String?, off: String?)
    /// `return ctx.store[NAME]`: the key is the string the closure's upvalue NAME holds.
    case storeVariable(String)

    /// The shape of the function defined on `line` (1-based) of `source`, or nil. The line must
    /// hold the word `function` once (so that it is this function's), and the text from there
    /// must be one of the shapes, token for token (comments and spaces between them allowed).
    static func recognise(_ source: [UInt8], line: Int) -> FunctionShape? {
        guard line >= 1 else { return nil }
        var start = 0
        var current = 1
        while current < line {
            guard let newline = source[start...].firstIndex(of: 10) else { return nil }
            start = newline + 1
            current += 1
        }
        let end = source[start...].firstIndex(of: 10) ?? source.count
        let keyword = Array("function".utf8)
        var found: [Int] = []
        var i = start
        while i + keyword.count <= end {
            if source[i..<(i + keyword.count)].elementsEqual(keyword),
               i == 0 || !isNameByte(source[i - 1]), i + keyword.count >= source.count || !isNameByte(source[i + keyword.count]) {
                found.append(i)
                i += keyword.count
            } else {
                i += 1
            }
        }
        func shape(at start: Int) -> FunctionShape? {
            var scanner = Scanner(bytes: source, at: start)
            var tokens: [Token] = []
            // The longest shape has 19 tokens; a 20th read is enough to know none matched.
            while tokens.count < 20, let token = scanner.next() { tokens.append(token) }
            return match(tokens)
        }
        if found.count == 1 { return shape(at: found[0]) }
        // A helper on one line (`local function on(k) return function(ctx) return ctx.store[k]
        // end end`): the closure is the one function of the line reading a variable key; the
        // caller checks that the closure has that upvalue.
        let variable = found.compactMap { start -> FunctionShape? in
            if case .storeVariable? = shape(at: start) { return shape(at: start) } else { return nil }
        }
        return variable.count == 1 ? variable[0] : nil
    }

    private static func isNameByte(_ b: UInt8) -> Bool { LuaLexer.isNameByte(b) }

    enum Token: Equatable {
        case name(String)
        case string(String)
        case punct(UInt8)
        /// A number, a long string or an operator of two or three bytes: in no shape.
        case other
    }

    /// The shapes' tokens, read with `LuaLexer` (comments skipped): names, short strings
    /// without escapes and single punctuation; a string with an escape or unclosed ends the scan.
    struct Scanner {
        var lexer: LuaLexer

        init(bytes: [UInt8], at: Int) {
            lexer = LuaLexer(bytes, at: at)
        }

        mutating func next() -> Token? {
            guard let token = lexer.next() else { return nil }
            switch token.kind {
            case .name:
                return .name(String(decoding: lexer.bytes(of: token), as: UTF8.self))
            case .string:
                guard !lexer.bytes(of: token).contains(92), let text = lexer.text(of: token) else { return nil }
                return .string(text)
            case .symbol:
                return lexer.punctuation(of: token).map { .punct($0) } ?? .other
            case .number, .longString:
                return .other
            }
        }
    }

    /// The shape `tokens` (from `function` on) begin with, or nil.
    static func match(_ tokens: [Token]) -> FunctionShape? {
        var p = 0
        func take(_ token: Token) -> Bool {
            guard p < tokens.count, tokens[p] == token else { return false }
            p += 1
            return true
        }
        func name() -> String? {
            guard p < tokens.count, case .name(let n) = tokens[p] else { return nil }
            p += 1
            return n
        }
        func text() -> String?? {
            guard p < tokens.count else { return nil }
            switch tokens[p] {
            case .string(let s): p += 1; return .some(s)
            case .name("nil"): p += 1; return .some(nil)
            default: return nil
            }
        }
        func storeKey(_ context: String) -> String? {
            guard take(.name(context)), take(.punct(46)), take(.name("store")) else { return nil }
            if take(.punct(46)) {
                guard let key = name(), !keywords.contains(key) else { return nil }
                return key
            }
            guard take(.punct(91)), p < tokens.count, case .string(let key) = tokens[p] else { return nil }
            p += 1
            return take(.punct(93)) ? key : nil
        }
        /// `CONTEXT.store[NAME]`: NAME, a variable.
        func storeVariable(_ context: String) -> String? {
            guard take(.name(context)), take(.punct(46)), take(.name("store")), take(.punct(91)),
                  let variable = name(), !keywords.contains(variable), take(.punct(93)) else { return nil }
            return variable
        }
        guard take(.name("function")) else { return nil }
        // `local function NAME(ctx)` (a function the rows name) has the same body.
        if p < tokens.count, case .name(let n) = tokens[p], !keywords.contains(n) { p += 1 }
        guard take(.punct(40)), let context = name(), !keywords.contains(context), take(.punct(41)) else { return nil }
        if take(.name("return")) {
            let afterReturn = p
            if let variable = storeVariable(context), take(.name("end")) { return .storeVariable(variable) }
            p = afterReturn
            guard let key = storeKey(context) else { return nil }
            if take(.name("end")) { return .storeKey(key) }
            // `KEY and ON or OFF`: ON must be a text (`and nil or` is always OFF).
            guard take(.name("and")), let on = text(), let onText = on, take(.name("or")), let off = text(), take(.name("end")) else { return nil }
            return .toggleTexts(key: key, on: onText, off: off)
        }
        guard take(.name("if")), let key = storeKey(context), take(.name("then")), take(.name("return")), let on = text(),
              take(.name("else")), take(.name("return")), let off = text(), take(.name("end")), take(.name("end")) else { return nil }
        return .toggleTexts(key: key, on: on, off: off)
    }

    private static let keywords = LuaLexer.keywords
}

/// The recognised shapes of an app's row functions (`enabled`, a toggle's `detail`), by the
/// function's handle, for `Exporter.export(_:format:strings:functions:)`.
/// Sendable: a plain value.
public struct ExportFunctions: Sendable {
    var shapes: [ScriptRef: FunctionShape] = [:]

    /// No function recognised: every row function is left out with a warning.
    public init() {}

    /// The shapes of `session`'s row functions, read from the script and module files where
    /// each was defined (through the `Files` seam); a file that cannot be read leaves its
    /// functions unrecognised. Call on the session's thread.
    public init(session: Session) {
        var files: [String: [UInt8]?] = [:]
        for screen in session.app.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for row in sections.flatMap(\.rows) {
                var refs: [ScriptRef] = []
                if case .function(let ref) = row.enabled { refs.append(ref) }
                if row.kind == .toggle, case .function(let ref)? = row.detail { refs.append(ref) }
                for ref in refs where shapes[ref] == nil {
                    guard let location = session.definition(of: ref), session.sources.paths.contains(location.file) else { continue }
                    if files[location.file] == nil { files[location.file] = .some(try? Files.readRegularFile(location.file)) }
                    guard let bytes = files[location.file] ?? nil else { continue }
                    switch FunctionShape.recognise(bytes, line: location.line) {
                    case .storeVariable(let name)?:
                        // The helper's argument, kept by the closure: `on("wifi")` reads "wifi".
                        if let key = session.upvalueString(of: ref, named: name) { shapes[ref] = .storeKey(key) }
                    case let shape?: shapes[ref] = shape
                    case nil: break
                    }
                }
            }
        }
    }
}
