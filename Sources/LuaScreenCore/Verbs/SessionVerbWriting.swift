import ScreenModel

/// A verb written out: as REPL lines (batch mode, `explore`'s reproductions) and as a call on
/// a test file's session `s` (`--record`, `explore --out`). The REPL reads those lines back
/// with the same `ReplSyntax`.
extension SessionVerb {
    /// The verb as REPL lines: a confirm's answer is the next line (`y` or `n`). The words
    /// are the verb table's.
    public var replLines: [String] {
        let ref = { (row: String) in ReplSyntax.reference(row, quoteAlways: true) }
        let listRef = { (row: String?) in row.map { ReplSyntax.reference($0, quoteAlways: true) + " " } ?? "" }
        let word = verb.name
        switch self {
        case .select(let row, let answer):
            return ReplSyntax.withAnswer("\(word) \(ReplSyntax.reference(row))", answer)
        case .set(let row, let text): return ["\(word) \(ref(row)) \(ReplSyntax.value(text))"]
        case .setValue(let row, let value): return ["\(word) \(ref(row)) \(ReplSyntax.value(value))"]
        case .accessory(let row), .reset(let row): return ["\(word) \(ReplSyntax.reference(row))"]
        case .back, .home, .reload: return [word]
        case .resetAll: return ["\(Verb.reset.name) \(VerbTable.allWord)"]
        case .action(let row, let id, let answer):
            return ReplSyntax.withAnswer("\(word) \(ref(row)) \(ReplSyntax.reference(id))", answer)
        case .inc(let row), .dec(let row): return ["\(word) \(ref(row))"]
        case .add(let row, let text): return ["\(word) \(listRef(row))\(ReplSyntax.value(text))"]
        case .remove(let row, let n): return ["\(word) \(listRef(row))\(n)"]
        case .move(let row, let from, let to): return ["\(word) \(listRef(row))\(from) \(to)"]
        }
    }

    /// The verb of the table this is a call of (`setValue` is `set`).
    public var verb: Verb {
        switch self {
        case .select: return .select
        case .set, .setValue: return .set
        case .accessory: return .accessory
        case .back: return .back
        case .home: return .home
        case .reset: return .reset
        case .resetAll: return .resetAll
        case .reload: return .reload
        case .action: return .action
        case .inc: return .inc
        case .dec: return .dec
        case .add: return .add
        case .remove: return .remove
        case .move: return .move
        }
    }

    /// The name of the test session's method that runs the verb (`s:reset_all()`).
    public var luaMethod: String { verb.name }

    /// The verb as a call on the session `s` of a test file: `s:select("wifi")`. An answer of
    /// yes is left out (the session answers yes when none is given).
    public var luaCall: String {
        let q: (String) -> String = LuaLiteral.string
        let listRef = { (row: String?) in row.map { q($0) + ", " } ?? "" }
        let no = { (answer: Bool?) in answer == false ? ", false" : "" }
        let arguments: String
        switch self {
        case .select(let row, let answer): arguments = q(row) + no(answer)
        case .set(let row, let text): arguments = "\(q(row)), \(q(text))"
        case .setValue(let row, let value): arguments = "\(q(row)), \(LuaLiteral.value(value))"
        case .accessory(let row), .reset(let row), .inc(let row), .dec(let row): arguments = q(row)
        case .back, .home, .resetAll, .reload: arguments = ""
        case .action(let row, let id, let answer): arguments = "\(q(row)), \(q(id))\(no(answer))"
        case .add(let row, let text): arguments = listRef(row) + q(text)
        case .remove(let row, let n): arguments = "\(listRef(row))\(n)"
        case .move(let row, let from, let to): arguments = "\(listRef(row))\(from), \(to)"
        }
        return "s:\(luaMethod)(\(arguments))"
    }

    /// One verb of each kind (with placeholder arguments): what a test checks the test
    /// session, the stubs and the API docs against.
    package static let everyKind: [SessionVerb] = [
        .select(row: "r", answer: nil), .set(row: "r", text: ""), .setValue(row: "r", value: .bool(true)),
        .accessory(row: "r"), .back, .home, .reset(row: "r"), .resetAll, .reload,
        .action(row: "r", id: "a", answer: nil), .inc(row: "r"), .dec(row: "r"),
        .add(row: nil, text: ""), .remove(row: nil, at: 1), .move(row: nil, from: 1, to: 2),
    ]
}
