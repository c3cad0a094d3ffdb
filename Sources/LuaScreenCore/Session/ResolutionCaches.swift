import ScreenModel

/// What a session keeps between commands so that a lookup, a page or a render does not start
/// over: each part is tagged with the generation it was made at, and is used only while that
/// generation is current, so no change of a value, the navigation or the rows can leave it stale.
///
/// A plain value owned by one `Session` (bound, as it is, to the session's thread).
package struct ResolutionCaches {
    /// Moves on at every change of a value or of the navigation (and with `structureGeneration`).
    package var generation = 0
    /// Moves on when rows or sections change at run time, or the script is reloaded.
    package var structureGeneration = 0
    /// The current screen, resolved (titles, texts and visibility evaluated).
    package var screen: (generation: Int, depth: Int, screen: ResolvedScreen)?
    /// Where each declared row of the current screen is: by id, number and text.
    var rowIndex: RowIndex?
    /// Where the visible rows of the current screen, evaluated whole, are: (section, row) of
    /// each, made once per evaluation (for paging a screen whose visibility is dynamic).
    var visibleIndex: (generation: Int, depth: Int, entries: [(section: Int, row: Int)])?
    /// The binding of each key on the declared screens and the live ones (the first row
    /// bound to it), by the key's bytes.
    var bindings: (structure: Int, bindings: FirstBoundRows)?
    /// The verdict of `storedValueProblem` on the last stored value read for each key (with
    /// the rules' structure generation): a big value read in a loop is checked once, not
    /// walked again at every read (issue 40). The value is kept to compare (it shares the
    /// store's storage: no copy).
    var storedVerdicts: [String: (structure: Int, value: StoreValue, problem: String?)] = [:]
    /// The declared row behind the last row found through the index (select looks it up next).
    var lastLookedUp: (structure: Int, depth: Int, row: Row)?
}
