import LuaRuntime
import ScreenModel

/// Rows named by `RowID`: found by id on the screen shown, never read as a number or a text.
/// Each method here is its REF-string twin's, through the same code (`RowAddress`).
extension Session {
    /// The id of a row of the screen shown (as `lookup` or `currentScreen()` gave it).
    public func rowID(of row: ResolvedRow) -> RowID { RowID(screen: currentScreenID, row: row.id) }

    /// Finds a row by its ids. It must be on the screen shown; hidden rows are found only with
    /// `includeHidden`.
    public func lookup(_ row: RowID, includeHidden: Bool = false) throws -> ResolvedRow {
        try lookup(.id(row), includeHidden: includeHidden)
    }

    /// Selects a row (see `select(_:answer:)` of a REF).
    public func select(_ row: RowID, answer: Bool? = nil) throws { try select(.id(row), answer: answer) }

    /// Sets a bound row's value from text, as a person types it.
    public func set(_ row: RowID, text: String) throws { try set(.id(row), text: text) }

    /// Sets a bound row's value (strings are read as typed text, as `set(_:value:)` of a REF).
    public func set(_ row: RowID, value: StoreValue) throws { try set(.id(row), value: value) }

    /// Runs a row's `on_accessory` (its detail button).
    public func accessory(_ row: RowID) throws { try accessory(.id(row)) }

    /// Puts a bound row back to its default.
    public func reset(_ row: RowID) throws { try reset(.id(row)) }

    /// The actions of a row.
    public func actions(_ row: RowID) throws -> [ResolvedAction] { try actions(.id(row)) }

    /// Runs the action `id` of a row; `answer` replies to its `confirm`.
    public func runAction(_ row: RowID, id: String, answer: Bool? = nil) throws { try runAction(.id(row), id: id, answer: answer) }

    /// A number row one step up its grid.
    public func increment(_ row: RowID) throws { try stepNumber(.id(row), up: true) }

    /// A number row one step down its grid.
    public func decrement(_ row: RowID) throws { try stepNumber(.id(row), up: false) }

    /// Why a row is hidden or disabled (or shown), with the values its conditions read.
    public func why(_ row: RowID) throws -> WhyAnswer { try why(.id(row)) }

    /// A row's help, kind, key, value and default, options and why.
    public func help(_ row: RowID) throws -> RowHelpAnswer { try help(.id(row)) }

    /// A row found by a REF or by ids: the one entry of every method that acts on a row.
    func lookup(_ address: RowAddress, includeHidden: Bool) throws -> ResolvedRow {
        switch address {
        case .reference(let reference): return try lookup(reference, includeHidden: includeHidden)
        case .id(let id): return try lookup(id: id, includeHidden: includeHidden)
        }
    }

    /// The row with `id.row` on the screen shown, which must be `id.screen`.
    private func lookup(id: RowID, includeHidden: Bool) throws -> ResolvedRow {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        guard id.screen == currentScreenID else {
            throw SessionError(.refused, "no row \"\(id)\": the screen shown is \"\(currentScreenID)\"", cause: .noRow(reference: id.row))
        }
        if let (index, sections) = currentIndex(), let entry = index.entry(id: id.row, sections) {
            return resolveEntry(entry, index, sections)
        }
        let screen = currentScreen()
        guard let row = screen.sections.lazy.flatMap(\.rows).first(where: { $0.id == id.row }) else {
            throw SessionError(.refused, "no row \"\(id.row)\" on screen \"\(screen.title)\"", cause: .noRow(reference: id.row))
        }
        if !includeHidden, !row.visible { throw SessionError(RowRefusal.hidden(text: row.text, reference: row.id)) }
        return row
    }
}
