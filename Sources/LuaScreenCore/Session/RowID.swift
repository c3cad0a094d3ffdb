import ScreenModel

/// A row named by ids, the typed way for a program to name a row: the id of the screen it is
/// on (`Session.currentScreenID` while it shows; a choice's picker is named by the choice's
/// row id) and the row's id, unique on its screen (SPEC §1). A REF string names a row as a
/// person types it (number, id, text or prefix); a `RowID` is never read as a number or a text.
///
/// `Sendable`: a plain value.
public struct RowID: Hashable, Sendable, CustomStringConvertible {
    /// The id of the screen the row is on.
    public let screen: String
    /// The row's id on that screen.
    public let row: String

    /// The row `row` of the screen `screen`.
    public init(screen: String, row: String) {
        self.screen = screen
        self.row = row
    }

    /// `screen/row`, as messages show it.
    public var description: String { "\(screen)/\(row)" }
}

/// A row as a caller names it: a REF string (the REPL, tests) or a `RowID` (a program). Every
/// session method that acts on a row takes one, so both ways meet the same code.
package enum RowAddress: Sendable {
    /// A REF as typed: a number, an id, a text or a unique prefix of a text.
    case reference(String)
    /// A row by ids.
    case id(RowID)

    /// How messages name the row: the REF as given, or the row's id.
    var shown: String {
        switch self {
        case .reference(let reference): return reference
        case .id(let id): return id.row
        }
    }
}
