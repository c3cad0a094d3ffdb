import ScreenModel

/// One thing a person does to a session, with its arguments: the session's verbs in one type.
///
/// The REPL reads one from a line, `explore` makes them, `--record` writes them, a test's
/// session methods run them; each writes a verb the same way (`replLines`, `luaCall`) and runs
/// it through `apply(to:)`. Rows are named by reference (number, id or text); a list verb's row
/// may be nil, for the list shown.
///
/// `Sendable`: a plain value.
public enum SessionVerb: Hashable, Sendable {
    /// Select a row; `answer` replies to its confirm (nil: none is expected).
    case select(row: String, answer: Bool?)
    /// Set a bound row's value from text, as the REPL's `set REF VALUE` reads it.
    case set(row: String, text: String)
    /// Set a bound row's value as stored (an edited text, a recorded input).
    case setValue(row: String, value: StoreValue)
    /// Press the row's detail button.
    case accessory(row: String)
    /// One screen back, or to the root.
    case back, home
    /// A bound row back to its default.
    case reset(row: String)
    /// Every bound row back to its default.
    case resetAll
    /// Read the script again, keeping the path and the values.
    case reload
    /// One of a row's `actions`; `answer` replies to its confirm (nil: none is expected).
    case action(row: String, id: String, answer: Bool?)
    /// A number one step up or down its grid.
    case inc(row: String), dec(row: String)
    /// List edits: append, remove the item at a position, move an item (1-based).
    case add(row: String?, text: String)
    /// Remove the item at position `at` of a list (the list shown when `row` is nil).
    case remove(row: String?, at: Int)
    /// Move an item of a list from one position to another (the list shown when `row` is nil).
    case move(row: String?, from: Int, to: Int)

    /// The row the verb acts on, if it names one.
    public var row: String? {
        switch self {
        case .select(let row, _), .set(let row, _), .setValue(let row, _), .accessory(let row), .reset(let row),
             .action(let row, _, _), .inc(let row), .dec(let row):
            return row
        case .add(let row, _), .remove(let row, _), .move(let row, _, _): return row
        case .back, .home, .resetAll, .reload: return nil
        }
    }

    /// The same verb naming its row `newRow` instead (a verb that names no row: itself).
    public func naming(row newRow: String) -> SessionVerb {
        switch self {
        case .select(_, let answer): return .select(row: newRow, answer: answer)
        case .set(_, let text): return .set(row: newRow, text: text)
        case .setValue(_, let value): return .setValue(row: newRow, value: value)
        case .accessory: return .accessory(row: newRow)
        case .reset: return .reset(row: newRow)
        case .action(_, let id, let answer): return .action(row: newRow, id: id, answer: answer)
        case .inc: return .inc(row: newRow)
        case .dec: return .dec(row: newRow)
        case .add(let row, let text): return row == nil ? self : .add(row: newRow, text: text)
        case .remove(let row, let n): return row == nil ? self : .remove(row: newRow, at: n)
        case .move(let row, let from, let to): return row == nil ? self : .move(row: newRow, from: from, to: to)
        case .back, .home, .resetAll, .reload: return self
        }
    }

    /// Runs the verb on `session`: the one place each verb meets the session's methods.
    /// `reload` returns the note `Session.reloadScript` gives (a path not kept whole); the
    /// others return nil. Throws what the method throws (`SessionError`, `LoadError`).
    @discardableResult
    public func apply(to session: Session) throws -> String? {
        switch self {
        case .select(let row, let answer): try session.select(row, answer: answer)
        case .set(let row, let text): try session.set(row, text: text)
        case .setValue(let row, let value): try session.set(row, value: value)
        case .accessory(let row): try session.accessory(row)
        case .back: try session.back()
        case .home: session.home()
        case .reset(let row): try session.reset(row)
        case .resetAll: try session.resetAll()
        case .reload: return try session.reloadScript()
        case .action(let row, let id, let answer): try session.runAction(row, id: id, answer: answer)
        case .inc(let row): try session.increment(row)
        case .dec(let row): try session.decrement(row)
        case .add(let row, let text): try session.addItem(row, text)
        case .remove(let row, let n): try session.removeItem(row, at: n)
        case .move(let row, let from, let to): try session.moveItem(row, from: from, to: to)
        }
        return nil
    }
}
