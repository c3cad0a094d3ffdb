import LuaRuntime
import ScreenModel
#if canImport(Glibc)
import Glibc
#endif

/// How a session runs its script.
public struct SessionOptions {
    public var limits: LuaLimits
    public var trusted: Bool
    /// Where values live; nil: in memory.
    public var store: ValueStore?
    /// Where the script's `print` writes (the text arrives sanitized: control and bidi
    /// characters escaped).
    public var print: (String) -> Void
    /// Opens the store once the script is loaded, from the app's `store` name (nil: the
    /// script did not name one). Used when `store` is nil.
    public var storeProvider: ((_ storeName: String?) throws -> ValueStore)?
    /// The locale whose `strings` are shown (`de`, `de_DE`, `de_DE.UTF-8`); nil: none, texts
    /// as written. `Translations.environmentLocale` reads the one a person's environment asks for.
    public var locale: String?

    public init(limits: LuaLimits = LuaLimits(), trusted: Bool = false, store: ValueStore? = nil,
                print: @escaping (String) -> Void = { Swift.print($0) }) {
        self.limits = limits
        self.trusted = trusted
        self.store = store
        self.print = print
    }
}

/// One screen on the navigation stack, with the changes made to it at run time.
struct LiveScreen {
    var id: String
    var title: String
    /// `title = function(ctx)`: evaluated at each render.
    var titleFunction: ScriptRef?
    /// The live sections (declared ones plus run-time changes); nil when `sections` is a function.
    var sections: [Section]?
    var sectionsFunction: ScriptRef?
    /// A choice's picker: the row whose options it lists.
    var picker: PickerSource?
    /// A list row's screen of items.
    var list: PickerSource?
}

struct PickerSource {
    var row: Row
    var screenID: String
}

/// A live run of a script: the navigation stack, the values, the callbacks.
///
/// The REPL, batch mode, `luascreen test` and the Swift API all drive screens through it.
/// Every action is a transaction: a callback that raises changes nothing.
public final class Session {
    public let scriptPath: String
    public let options: SessionOptions
    public private(set) var app: App
    public private(set) var store: ValueStore
    /// Every alert so far, in order.
    public private(set) var messages: [String] = []
    /// Warnings found while running (a stored value of the wrong type, ...), each said once.
    public private(set) var warnings: [String] = []
    /// The locale asked for (`de_DE` of `de_DE.UTF-8`), as `ctx.locale` gives it; nil: none.
    public internal(set) var locale: String?
    /// The selected locale's strings: text as written → text shown.
    var translations: [String: String] = [:]

    private(set) var lua: LuaState
    /// The script's file and the modules it required (`run --watch` watches them).
    public private(set) var sources: SourceFiles
    private(set) var validator: Validator
    var navigation: [LiveScreen] = []
    var transaction: Transaction?
    var readLog: [(key: String, value: StoreValue?)]?
    /// Values field functions read instead of the stored ones (`why` trying what decided a condition).
    var readOverrides: [String: StoreValue]?
    var currentCall: (row: Row?, screen: Int)?
    var contextRefs = ContextRefs()
    /// on_appear calls under way, one inside the other, and the error of the push depth
    /// limit once it was reached (raised as it is at every level, not wrapped again).
    var appearDepth = 0
    var appearLimitMessage: String?
    var generation = 0
    var cache: (generation: Int, depth: Int, screen: ResolvedScreen)?
    var structureGeneration = 0
    var rowIndex: RowIndex?
    /// Where the visible rows of the current screen, evaluated whole, are: (section, row)
    /// of each, made once per evaluation (for paging a screen whose visibility is dynamic).
    var visibleIndex: (generation: Int, depth: Int, entries: [(section: Int, row: Int)])?
    var bindingCache: (structure: Int, bindings: [StoreKey: Binding])?
    /// The declared row behind the last row found through the index (select looks it up next).
    var lastLookedUp: (structure: Int, depth: Int, row: Row)?
    /// References taken by the last evaluation of each screen whose sections are a function.
    var renderRefs: [String: [Int32]] = [:]
    var warnedKeys = Set<StoreKey>()
    /// Keys whose `default` function is running (one that reads its own key gets the fallback).
    var defaulting = Set<String>()

    struct Transaction {
        var writes: [(key: String, value: StoreValue?)] = []
        var alerts: [String] = []
        /// The size of the store file once `writes` are committed (nil: no write yet).
        var fileSize: Int?
        func pending(_ key: String) -> StoreValue?? {
            writes.last { $0.key.sameBytes(as: key) }.map { $0.value }
        }
    }

    struct ContextRefs {
        var meta: Int32 = -1
        var store: Int32 = -1
        var methods: Int32 = -1
        /// The metatable of ctx.row and ctx.screen (read-only views).
        var view: Int32 = -1
    }

    /// The calls under way, innermost last: which ctx table each was handed and for what
    /// row and screen (ctx.row and ctx.screen are made when a script first reads them).
    var activeContexts: [(table: UnsafeRawPointer, row: Row?, level: Int)] = []

    /// Loads the script at `path` and opens its root screen (running its `on_appear`).
    public static func open(path: String, options: SessionOptions = SessionOptions()) throws -> Session {
        let loaded = try ScriptLoader.load(path: path, options: options)
        var options = options
        if options.store == nil, let provider = options.storeProvider {
            do {
                options.store = try provider(loaded.app.storeName)
            } catch {
                loaded.lua.close()
                throw error
            }
        }
        let session = Session(path: path, options: options, lua: loaded.lua, validator: loaded.validator, app: loaded.app)
        session.sources = loaded.sources
        try session.selectLocale()
        try session.openRoot()
        return session
    }

    init(path: String, options: SessionOptions, lua: LuaState, validator: Validator, app: App) {
        self.scriptPath = path
        self.options = options
        self.lua = lua
        self.validator = validator
        self.app = app
        self.store = options.store ?? MemoryStore()
        self.sources = SourceFiles(path)
        installContext()
    }

    deinit { close() }

    /// Releases the Lua state (and every reference into it).
    public func close() {
        lua.close()
    }

    /// Takes over a freshly loaded script (for `reload`): the old Lua state is closed.
    func replaceScript(with loaded: ScriptLoader.Loaded) {
        lua.close()
        lua = loaded.lua
        validator = loaded.validator
        app = loaded.app
        sources = loaded.sources
        navigation = []
        cache = nil
        warnedKeys = []
        contextRefs = ContextRefs()
        renderRefs = [:]
        installContext()
        changed()
    }

    func openRoot() throws {
        navigation = []
        try perform { try pushScreen(id: app.root) }
    }

    // MARK: navigation

    /// The ids of the screens from the root to the current one.
    public var path: [String] { navigation.map(\.id) }
    /// The titles from the root to the current one (the REPL's prompt).
    public var titles: [String] { navigation.map { title(of: $0) } }

    public var currentScreenID: String { navigation.last?.id ?? app.root }

    func liveScreen(for screen: Screen) -> LiveScreen {
        var live = LiveScreen(id: screen.id, title: screen.title)
        live.titleFunction = screen.titleFunction
        switch screen.sections {
        case .value(let sections): live.sections = sections
        case .function(let ref): live.sectionsFunction = ref
        }
        return live
    }

    /// Pushes a screen of the app by id and runs its `on_appear`.
    func pushScreen(id: String) throws {
        guard let screen = validator.screen(id) ?? app.screen(id) else {
            throw SessionError.refused("no screen with id \"\(id)\"\(Suggest.hint(id, validator.screens.map(\.id)))")
        }
        navigation.append(liveScreen(for: screen))
        changed()
        if let onAppear = screen.onAppear {
            if appearDepth == 0 { appearLimitMessage = nil }
            // An on_appear that pushes a screen runs that screen's on_appear inside its own
            // call: a screen that pushes itself would nest until the C stack runs out.
            guard appearDepth < Session.maxAppearDepth else {
                let message = "ctx:push: screens pushed from on_appear nest more than \(Session.maxAppearDepth) deep (the push depth limit): on_appear of screen \"\(Diagnostic.quote(id))\" pushes a screen whose on_appear pushes again; push from a row's on_select instead"
                appearLimitMessage = message
                throw SessionError.refused(message)
            }
            appearDepth += 1
            defer { appearDepth -= 1 }
            try call(onAppear, row: nil, what: "on_appear of screen \"\(id)\"")
        }
    }

    /// How deep pushes made by on_appear may nest (each runs the next screen's on_appear).
    static let maxAppearDepth = 16

    /// Leaves the current screen (its run-time changes end with it).
    public func back() throws {
        guard navigation.count > 1 else { throw SessionError.refused("already at the root screen") }
        navigation.removeLast()
        changed()
    }

    /// Back to the root screen.
    public func home() {
        if navigation.count > 1 { navigation.removeSubrange(1...) }
        changed()
    }

    /// Something about the screens changed (navigation, run-time rows): re-evaluate, re-index.
    func changed() {
        generation &+= 1
        structureGeneration &+= 1
        forgetPoppedRows()
    }

    /// Only values changed: re-evaluate, but the rows are where they were.
    func valuesChanged() { generation &+= 1 }

    // MARK: transactions

    /// Runs `body` as one transaction: store writes are committed when it succeeds, and on
    /// an error the navigation, the screens' run-time changes and the writes are discarded.
    func perform<T>(_ body: () throws -> T) throws -> T {
        let state = lua  // (reload replaces it)
        state.beginAction()
        defer { state.endAction() }
        if transaction != nil { return try body() }
        let savedNavigation = navigation
        transaction = Transaction()
        do {
            let result = try body()
            let finished = transaction!
            transaction = nil
            if !finished.writes.isEmpty {
                keepStoreWrites(finished.writes)
                do {
                    try store.commit(finished.writes)
                } catch {
                    navigation = savedNavigation
                    changed()
                    throw SessionError(.store, "cannot save the values: \(error)")
                }
            }
            messages += finished.alerts
            keepMessages(finished.alerts)
            valuesChanged()
            return result
        } catch {
            transaction = nil
            navigation = savedNavigation
            changed()
            throw error
        }
    }

    // MARK: values

    /// The value of a key as callbacks see it: written in this transaction, else stored
    /// (when of the right type for its row), else the default of the row bound to it.
    func value(for key: String) -> StoreValue? {
        if let pending = transaction?.pending(key) { return pending }
        let bound = validator.bindings[key]
        let defaultValue = bound?.defaultValue
        if let stored = store.value(for: key) {
            if let bound, let problem = storedValueProblem(stored, bound) {
                warnOnce(key, "the store holds \(stored.typeName) \"\(stored)\" for \"\(key)\", but \(problem); using the default until it is changed")
                return defaultValue
            }
            return stored
        }
        if let row = bound?.rules?.row, let ref = row.binding?.defaultFunction {
            return dynamicDefault(row, ref, fallback: bound!.defaultValue)
        }
        return defaultValue
    }

    func warnOnce(_ key: String, _ message: String) {
        if warnedKeys.insert(StoreKey(key)).inserted { warnings.append(message) }
    }

    /// Writes a value in the current transaction. Throws, writing nothing, when the store
    /// file would pass 16 MiB (SPEC §6), so the write fails where it was made.
    func write(_ key: String, _ value: StoreValue?) throws {
        if transaction == nil {
            // Outside an action (e.g. `lua` code at the prompt): a transaction of its own.
            try perform { try write(key, value) }
            return
        }
        let current = transaction!.fileSize ?? store.fileSize
        let old = transaction!.pending(key).map { $0.map { StoreSize.member(key: key, value: $0) } ?? 0 }
            ?? store.fileSize(ofMember: key)
        let size = current - old + (value.map { StoreSize.member(key: key, value: $0) } ?? 0)
        if size > StoreSize.limit {
            throw SessionError.refused("cannot store \"\(Diagnostic.quote(key))\": the store file would be \(size) bytes (\(StoreSize.mebibytes(size))), larger than the \(StoreSize.limit >> 20) MiB limit; nothing was stored")
        }
        transaction!.fileSize = size
        transaction!.writes.append((key, value))
        valuesChanged()
    }

    /// Every bound key's value (stored or default), then any other stored key.
    public func storeValues() -> [(key: String, value: StoreValue)] {
        var out: [(key: String, value: StoreValue)] = []
        var seen = Set<StoreKey>()
        for screen in validator.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for section in sections {
                for row in section.rows {
                    if let key = row.binding?.key, seen.insert(StoreKey(key)).inserted, let v = value(for: key) {
                        out.append((key, v))
                    }
                }
            }
        }
        for key in validator.bindings.keys.sorted() where seen.insert(StoreKey(key)).inserted {
            if let v = value(for: key) { out.append((key, v)) }
        }
        for (key, v) in store.values where seen.insert(StoreKey(key)).inserted {
            out.append((key, v))
        }
        return out
    }

    /// How a key is bound (kind of row aside): its default, range, step, secure flag,
    /// options, as the first row bound to it declared them.
    public func binding(forKey key: String) -> Binding? {
        guard validator.bindings[key] != nil else { return nil }
        if let cached = bindingCache, cached.structure == structureGeneration {
            return cached.bindings[StoreKey(key)]
        }
        // One pass over the declared rows, then the live screens (rows that a `sections`
        // function or a callback made); the first row bound to a key describes it.
        var found: [StoreKey: Binding] = [:]
        func note(_ sections: [Section]) {
            for section in sections {
                for row in section.rows {
                    if let binding = row.binding, found[StoreKey(binding.key)] == nil { found[StoreKey(binding.key)] = binding }
                }
            }
        }
        for screen in validator.screens {
            if case .value(let sections) = screen.sections { note(sections) }
        }
        for live in navigation.reversed() { note(live.sections ?? []) }
        bindingCache = (structureGeneration, found)
        return found[StoreKey(key)]
    }

    /// Every key a row binds, sorted.
    public var boundKeys: [String] { validator.bindings.keys.sorted() }

    /// The default of a bound key.
    public func defaultValue(for key: String) -> StoreValue? {
        guard let bound = validator.bindings[key] else { return nil }
        if let row = bound.rules?.row, let ref = row.binding?.defaultFunction {
            return dynamicDefault(row, ref, fallback: bound.defaultValue)
        }
        return bound.defaultValue
    }

    // MARK: alerts

    func alert(_ message: String) {
        if transaction != nil { transaction!.alerts.append(message) } else { messages.append(message) }
    }

    /// Messages added since `count` (the REPL prints them after each command).
    public func messages(since count: Int) -> ArraySlice<String> {
        messages[min(count, messages.count)...]
    }
}

/// The files a script was read from: the script, then each module it required (also
/// those required later, by a callback), for `run --watch`.
public final class SourceFiles {
    /// The script's path first, then each module's, in the order they were first read.
    public private(set) var paths: [String]

    init(_ script: String) { paths = [script] }

    func add(_ path: String) {
        if !paths.contains(path) { paths.append(path) }
    }
}

/// Loads and validates a script in a fresh Lua state.
enum ScriptLoader {
    struct Loaded {
        let lua: LuaState
        let validator: Validator
        let app: App
        let sources: SourceFiles
    }

    static func load(path: String, options: SessionOptions) throws -> Loaded {
        guard let lua = LuaState(limits: options.limits) else {
            throw LoadError([Diagnostic(file: path, line: nil, path: "", message: "cannot create a Lua state (out of memory)")])
        }
        // Loading, running and validating the script is one action: one budget.
        lua.beginAction()
        defer { lua.endAction() }
        let folder = directoryName(path)
        let sources = SourceFiles(path)
        // The script's print reaches the host's sink through the one sanitizer (SPEC §7).
        let sink = options.print
        var sandbox = SandboxOptions(trusted: options.trusted, moduleFolder: folder, print: { sink(sanitize($0)) })
        sandbox.moduleRead = { [weak sources] module in sources?.add(module) }
        if let error = lua.openScriptSandbox(sandbox) {
            throw LoadError([Diagnostic(file: path, line: nil, path: "", message: "internal: \(error.message)")])
        }
        let timing = PhaseTimer()
        // The source is dropped as soon as Lua has compiled it.
        // A FIFO or /dev/zero is "not a regular file", never read.
        let loadError: LuaError?
        switch PathResolver.readRegularFile(path) {
        case .success(let bytes): loadError = lua.load(bytes, chunkName: "@" + path)
        case .failure(let reason):
            throw LoadError([Diagnostic(file: path, line: nil, path: "", message: "cannot read the script: \(reason)")])
        }
        if let error = loadError {
            throw LoadError([diagnostic(from: error, file: path)])
        }
        timing.lap("parse", lua: lua)
        if let error = lua.call(nargs: 0, nresults: 1) {
            throw LoadError([diagnostic(from: error, file: path)])
        }
        timing.lap("run", lua: lua)
        // The compiled main chunk is garbage now: free it before the model is built, so
        // the model reuses its memory.
        lua.collectGarbage(returningMemory: true)
        timing.lap("collect", lua: lua)
        let validator = Validator(lua: lua, file: path)
        let app = validator.readScript(-1)
        lua.stack.pop()
        timing.lap("validate", lua: lua)
        if let error = lua.hostMemoryError(at: path) {
            throw LoadError([diagnostic(from: error, file: path)])
        }
        lua.keepHostBytes(lua.hostMemoryInAction, for: "model")  // what the validator copied out
        let diagnostics = Diagnostic.sorted(validator.takeDiagnostics())
        guard let app, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw LoadError(diagnostics)
        }
        validator.diagnostics = diagnostics  // warnings, for `check`
        return Loaded(lua: lua, validator: validator, app: app, sources: sources)
    }

    static func diagnostic(from error: LuaError, file: String) -> Diagnostic {
        // The message is the script's own text (error(...)): cut like any quoted value.
        var message = Diagnostic.quote(error.text, keepEnd: true)
        if error.kind == .syntax { message = "syntax error: " + message }
        // A test file given where a screen script is expected calls test(), open(), ...
        for global in ["test", "open", "snapshot", "eq", "truthy", "raises"]
        where message.contains("attempt to call a nil value (global '\(global)')") {
            message += "; this is a test file (\(global) is a test global): run it with luascreen test \(file)"
            break
        }
        // A message without "file:line:" (raised by C: yield outside a coroutine, C stack
        // overflow, error(nil), error objects): the innermost script line of the traceback.
        let fromTraceback = error.scriptTraceback.lazy
            .compactMap { LuaError(kind: .runtime, message: $0).location }.first { $0.file != "luascreen" }
        if let location = error.location ?? fromTraceback {
            return Diagnostic(file: location.file, line: location.line, path: "", message: message)
        }
        return Diagnostic(file: file, line: nil, path: "", message: message)
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}
