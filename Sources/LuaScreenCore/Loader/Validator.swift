import LuaRuntime
import ScreenModel

/// Reads a script's tables into the screen model, reporting every problem it finds.
///
/// It reads with raw accessors only (`lua_next`, `lua_rawget*`, `lua_type`), so a metatable
/// never runs; it keeps the path of tables it is inside to detect tables that contain
/// themselves; and it builds a path string only when it reports a problem. The validator
/// lives as long as the session: rows inserted at run time are checked by the same rules,
/// against the session's registry of screens and bound keys, lent to it for the read
/// (`lending(_:_:)`); what it read is the session's `ScreenRegistry`, taken at the end of loading.
package final class Validator {
    /// A step of the path to the value being read: a field name or a list index.
    enum PathComponent {
        case field(String)
        case index(Int)
        /// The index of the row of a list being read, written in place for each row by
        /// `readRows` (which owns the cell, and removes this component before freeing it).
        case row(UnsafeMutablePointer<Int>)
    }

    /// What `readRows` takes once for all the rows of a list: the field slots they share (named
    /// in diagnostics' paths), the tables being read, and the list's place (a row's own, when
    /// its constructor recorded one, is pushed above it).
    struct ListRead {
        let slots: LuaSlots
        /// The fields the row being read gave (`RowField.bit`), written by `readRow` for
        /// `givenName` (cleared when the list's item read is not a row).
        let present: UnsafeMutablePointer<UInt64>
        let visiting: [UnsafeRawPointer]
        let place: Place?
    }

    /// The Lua state the script runs in.
    let lua: LuaState
    /// The script's path, as the person gave it.
    let file: String
    /// The problems found so far, in the order found.
    var diagnostics: [Diagnostic] = []
    /// The app's `strings`, when it gave some.
    var strings: Translations?
    /// The script returned a locale file's table of strings, not a screen or app.
    var isLocaleFile = false
    /// The script returned a module's table of functions (their names, sorted), not a screen.
    var moduleFunctionNames: [String]?

    /// The path to the value being read, outermost first.
    var path: [PathComponent] = []
    /// The place of a table being read: its file (an index in `files`), its line (0: not
    /// known) and the index in `callChains` of the calls that led to its constructor (0: made
    /// in a main chunk, or a plain table).
    struct Place {
        var file: Int32
        var line: Int32
        var chain: Int32
    }
    /// The place of each table being read, innermost last.
    var places: [Place] = []
    /// The call chains recorded so far (index 0: none).
    var callChains: [[SourceLocation]] = [[]]
    /// The files places name, by index.
    var files: [String] = []
    /// The last chunk source seen and its file's index: rows in a row share one.
    var lastSource: (pointer: UnsafePointer<CChar>, file: Int32)?
    /// The tables being read (screens and sections, a handful deep): a cycle shows here.
    var visiting: [UnsafeRawPointer] = []
    /// What the run time reads of what was read: screens, bound keys, invariants (handed to
    /// the session once the script is read, lent back for run-time reads).
    var registry = ScreenRegistry()
    /// The id each screen table read was registered under.
    var screenTables = PointerTable<String>()
    /// Pushes by id, checked once every screen is known.
    var pendingPushes: [(id: String, place: (file: String, line: Int?), path: String)] = []
    /// How many screens deep the reader is (screens pushed as tables).
    var screenDepth = 0
    /// The deepest nesting of screen tables read.
    static let maxScreenDepth = 100

    /// Each row field's name and its `RowField` number, for `collectFields`.
    let fieldNames: LuaFieldNames
    /// The names of the kinds of rows a `type` may give (`row` and `text` name one), by their
    /// index in `rowKinds`.
    let kindNames: LuaFieldNames
    /// The kinds `kindNames` numbers.
    static let rowKinds = RowKind.allCases
    /// The row fields' names and numbers, packed once for `fieldNames`.
    static let rowFieldList = LuaFieldNameList(RowField.allCases.map { ($0.name, $0.rawValue) })
    /// The kinds' names (and `row`, for `text`) and their indexes in `rowKinds`, packed once.
    static let rowKindList = LuaFieldNameList(rowKinds.enumerated().map { ($1.rawValue, Int32($0)) }
                                              + [("row", Int32(rowKinds.firstIndex(of: .text)!))])

    /// A validator of the script `file` running in `lua`.
    init(lua: LuaState, file: String) {
        self.lua = lua
        self.file = file
        keptRefs = lua.refGroup()
        guard let names = lua.fieldNames(Self.rowFieldList), let kindNames = lua.fieldNames(Self.rowKindList) else {
            fatalError("out of memory making the row fields' names")
        }
        fieldNames = names
        self.kindNames = kindNames
    }

    /// Whether an error (not only warnings) was found.
    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The lists of rows being read, innermost last: the path component their rows are at,
    /// the field slots the row being read fills and which of them it gave.
    var rowNames: [(component: Int, slots: LuaSlots, present: UnsafeMutablePointer<UInt64>)] = []

    /// While set, the references taken (for tables read again at each render: a `sections`
    /// function's result), so the session can release them at the next render.
    var collectedRefs: LuaRefGroup?

    /// The references the model read outside `readAgain` holds (its `ScriptRef`s name them):
    /// kept as long as the validator, which lives as long as the session.
    let keptRefs: LuaRefGroup

    /// While set, a screen id read again replaces the screen registered under it.
    var replacesScreens = false

    /// The function most recently referenced, and its reference.
    var lastFunction: (pointer: UnsafeRawPointer, ref: ScriptRef)?

    /// Takes the registry built so far, leaving an empty one (the session owns it after loading).
    func takeRegistry() -> ScreenRegistry {
        var taken = ScreenRegistry()
        swap(&taken, &registry)
        return taken
    }

    /// Runs `body` (a run-time read) against `registry`, which it may add to (screens, bound
    /// keys made at run time): lent in place, not copied (a registry may bind 100,000 keys).
    func lending<T>(_ registry: inout ScreenRegistry, _ body: () -> T) -> T {
        swap(&self.registry, &registry)
        defer { swap(&self.registry, &registry) }
        return body()
    }

    /// Takes the diagnostics found so far.
    func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }
}
