import ScreenModel

/// What loading found that the run time reads: the screens by id, every bound key with the
/// rules of the row that binds it, the script's invariants, and the calls that built rows
/// inside functions.
///
/// A plain value (Sendable). The validator builds it while it reads the script and hands it
/// to the session (`Validator.takeRegistry()`); the session only reads it. Its one change
/// after loading is the validator's run-time reads (rows, sections and screens a script makes
/// while it runs are registered by the same rules as at load), which are lent the session's
/// registry in place (`Validator.lending(_:_:)`); a reload replaces it with a new one.
package struct ScreenRegistry: Sendable {
    /// What a store read needs to know of a key, kept small: a screen may bind 100,000.
    package struct BoundKey: Sendable {
        // The default first: the kind and line fill its tail (48 bytes a key, not 56).
        var defaultValue: StoreValue
        var kind: RowKind
        var line: Int32
        /// The row, when it has rules beyond its kind (checked on every write to the key).
        var rules: BoundRow?
        /// The id of the first row bound to the key (for conflicts).
        var rowID: String = ""

        /// The rules the first row set for the key, as a second row's are compared with them:
        /// made from what is kept (the row when it has rules; else its kind and default,
        /// which are then all its rules: `BoundRow.hasRules`), not stored for every key.
        var signature: RuleSignature {
            if let row = rules?.row, let binding = row.binding { return RuleSignature(row.kind, binding) }
            var binding = Binding(key: "", defaultValue: defaultValue)
            // An input without rules is a multiline one (one line is a rule: no newline).
            binding.multiline = kind == .input
            return RuleSignature(kind, binding)
        }
    }

    /// The screens read, in the order read.
    package private(set) var screens: [Screen] = []
    /// The app's symbols: their definitions and the `modules` symbol (docs/dependencies.md).
    package var symbols = SymbolRules()
    /// Each screen's index in `screens`, by id.
    private var screenIndex: [String: Int] = [:]
    /// The script's invariants (`invariants = { NAME = function(ctx) ... end }` of the app or
    /// of a screen, `screen` nil for the app's), sorted by name within each table.
    package private(set) var invariants: [(name: String, screen: String?, ref: ScriptRef)] = []
    /// Every bound key: the kind of row that binds it, where, and its default.
    private(set) var bindings = KeyTable<BoundKey>()
    /// The calls that led to each row built inside a function, by `rowKey(id:location:)`.
    private var rowCallers: [String: [SourceLocation]] = [:]

    /// An empty registry.
    init() {}

    // MARK: Reading

    /// The screen registered under an id.
    package func screen(_ id: String) -> Screen? { screenIndex[id].map { screens[$0] } }

    /// The index in `screens` of the screen registered under an id.
    func screenPosition(_ id: String) -> Int? { screenIndex[id] }

    /// The ids of the screens, in the order read.
    package var screenIDs: [String] { screens.map(\.id) }

    /// What is known of the key a row binds, nil when no row binds it.
    func boundKey(_ key: String) -> BoundKey? { bindings[key] }

    /// `boundKey` of `registry` read in place: a method called on a class's stored registry
    /// copies the whole registry first (a retain and a release of each of its tables), which
    /// a read of every bound row's value (`find`) pays once a row.
    static func boundKey(_ key: String, in registry: inout ScreenRegistry) -> BoundKey? { registry.bindings[key] }

    /// Whether a row binds `key`.
    func isBound(_ key: String) -> Bool { bindings[key] != nil }

    /// Every key a row binds, in the order bound.
    var boundKeys: [String] { bindings.keys }

    /// How many keys rows bind.
    var boundKeyCount: Int { bindings.count }

    /// The calls that led to a row built inside a function (empty: built in a main chunk).
    func callers(ofRow id: String, at location: SourceLocation?) -> [SourceLocation] {
        rowCallers[Self.rowKey(id: id, location: location)] ?? []
    }

    /// The key of `rowCallers` for a row.
    private static func rowKey(id: String, location: SourceLocation?) -> String { "\(id)\u{1F}\(location?.line ?? 0)" }

    // MARK: Registering (the validator only)

    /// Registers a new screen (its sections are set once read); returns its index.
    mutating func register(_ screen: Screen) -> Int {
        let index = screens.count
        screens.append(screen)
        screenIndex[screen.id] = index
        return index
    }

    /// Replaces the screen at `index` (a screen read again: the new definition wins).
    mutating func replaceScreen(at index: Int, with screen: Screen) { screens[index] = screen }

    /// Sets the sections of the screen at `index`.
    mutating func setSections(_ sections: Dynamic<[Section]>, ofScreenAt index: Int) { screens[index].sections = sections }

    /// Adds invariants (of the app, or of a screen).
    mutating func addInvariants(_ more: [(name: String, screen: String?, ref: ScriptRef)]) { invariants += more }

    /// Binds `key`, unless a row bound it already: returns what that row bound then.
    mutating func bind(_ key: String, _ entry: BoundKey) -> BoundKey? { bindings.insertIfAbsent(key, entry) }

    /// Records the calls that led to a row built inside a function.
    mutating func recordCallers(_ callers: [SourceLocation], ofRow id: String, at location: SourceLocation?) {
        rowCallers[Self.rowKey(id: id, location: location)] = callers
    }
}
