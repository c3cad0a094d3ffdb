import LuaRuntime
import ScreenModel

/// A live run of a script: the navigation stack, the values, the callbacks.
///
/// The REPL, batch mode, `luascreen test` and the Swift API all drive screens through it.
/// Every action is a transaction: a callback that raises changes nothing.
///
/// Not `Sendable`: a session is bound to the thread that made it, as its `LuaState` is;
/// use it, and close it, on that thread only.
///
/// This file holds the session's state and its lifetime (open, close); what it does is in
/// extensions, one file a concern named for it (Navigation.swift, Select.swift,
/// SetValue.swift, Resolve.swift, ContextStore.swift, ...). The state is in owned parts, each
/// a plain value in a file of its own, mutated in place: `localisation` (SessionLocale),
/// `script` (LoadedScript), `registry` (ScreenRegistry), `tracking` (StoreTracking),
/// `bridge` (ContextBridge) and `caches` (ResolutionCaches).
public final class Session {
    /// The path of the script the session runs.
    public let scriptPath: String
    /// How the session runs its script (limits, sandbox, store, print, locale).
    public let options: SessionOptions
    /// The validated app: its screens, as declared.
    public internal(set) var app: App
    /// Where the values live.
    public private(set) var store: ValueStore
    /// Every alert so far, in order.
    public internal(set) var messages: [String] = []
    /// Warnings found while running (a stored value of the wrong type, ...), each said once.
    public internal(set) var warnings: [String] = []
    /// The locale shown and its strings (SessionLocale.swift).
    var localisation = SessionLocale()
    /// The locale asked for (`de_DE` of `de_DE.UTF-8`), as `ctx.locale` gives it; nil: none.
    public var locale: String? { localisation.locale }

    /// The script's Lua state (replaced by `reloadScript`).
    package var lua: LuaState
    /// What loading the script gave besides the app and the registry: its validator, warnings,
    /// files and unsaved text (LoadedScript.swift; replaced by `reloadScript`).
    var script: LoadedScript
    /// The script's file and the modules it required (`run --watch` watches them).
    package var sources: SourceFiles { script.sources }
    /// What loading read that the run time reads: the screens, bound keys and invariants
    /// (added to only by run-time reads through `script.validator`; replaced by `reloadScript`).
    package internal(set) var registry: ScreenRegistry
    /// The screens shown, the root first and the current one last (Navigation.swift).
    package var navigation: [LiveScreen] = []
    /// What the session tracks of the script's store reads and writes: the action's
    /// transaction, field functions' reads, defaults under way (StoreTracking.swift).
    var tracking = StoreTracking()
    /// What calls into the script and their ctx need while they run (ContextBridge.swift).
    var bridge = ContextBridge()
    /// What resolution keeps between commands, each part tagged with the generation it was
    /// made at (ResolutionCaches.swift).
    package var caches = ResolutionCaches()
    /// The app's symbols' values (docs/dependencies.md), nil when it declares none
    /// (Symbols.swift; rebuilt by `reloadScript`).
    package var symbols: RuleEngine?
    /// The `.config`'s entries (the menu tree), made once a load (`configEntries`).
    var configEntriesMemo: [ConfigEntry]?

    /// Loads the script at `path` and opens its root screen (running its `on_appear`).
    public static func open(path: String, options: SessionOptions = SessionOptions()) throws -> Session {
        try open(path: path, text: nil, options: options)
    }

    /// Loads the script named `path` from `text` (nil: the file) and opens its root screen.
    public static func open(path: String, text: [UInt8]?, options: SessionOptions = SessionOptions()) throws -> Session {
        let timing = PhaseTimer()
        let loaded = try ScriptLoader.load(path: path, options: options, source: text)
        timing.lap("load")
        var options = options
        if options.store == nil, let provider = options.storeProvider {
            do {
                options.store = try provider(loaded.app.storeName)
            } catch {
                loaded.lua.close()
                throw error
            }
        }
        let session = Session(path: path, options: options, loaded: loaded)
        session.script.sources = loaded.sources
        session.script.text = text
        timing.lap("session")
        try session.selectLocale()
        do {
            try session.openRoot()
            timing.lap("open root")
        } catch var error as SessionError {
            // Every problem at once (SPEC §2): what loading found stays said.
            error.warnings = session.loadWarnings + session.storeKeyWarnings()
            throw error
        }
        return session
    }

    init(path: String, options: SessionOptions, loaded: ScriptLoader.Loaded) {
        self.scriptPath = path
        self.options = options
        self.lua = loaded.lua
        self.script = LoadedScript(validator: loaded.validator, diagnostics: loaded.diagnostics, sources: SourceFiles(path),
                                   keyLines: loaded.keyLines)
        self.registry = loaded.registry
        self.app = loaded.app
        self.store = options.store ?? MemoryStore()
        installContext()
        buildSymbols()
    }

    deinit { close() }

    /// Releases the Lua state (and every reference into it).
    public func close() {
        // A `.config` store is written at the end (an error is a warning: nothing is lost
        // that the person can still write with another `quit`).
        do { try flushStore() } catch { warnings.append("\(error)") }
        lua.close()
    }

    /// Something about the screens changed (navigation, run-time rows): re-evaluate, re-index.
    package func changed() {
        caches.generation &+= 1
        caches.structureGeneration &+= 1
        forgetPoppedRows()
    }

    /// Only values changed: re-evaluate, but the rows are where they were.
    func valuesChanged() { caches.generation &+= 1 }
}
