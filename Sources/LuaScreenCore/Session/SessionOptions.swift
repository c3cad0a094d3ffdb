import LuaRuntime

/// How a session runs its script.
///
/// Not `Sendable`: it holds the store and the `print` and `storeProvider` closures, which
/// are called on the session's thread; make it on the thread that opens the session.
public struct SessionOptions {
    /// The instruction budget of each action and the memory cap of the Lua state.
    public var limits: LuaLimits
    /// Lift the sandbox (io, os, debug, package), for scripts one trusts (`--trusted`).
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
    /// The text of a module `require` reads, by its path, instead of the file's (an editor's
    /// unsaved buffer); nil, or nil for a path: the file.
    public var moduleSource: ((String) -> [UInt8]?)?

    /// Options with these limits, sandbox, store (nil: in memory) and print sink.
    public init(limits: LuaLimits = LuaLimits(), trusted: Bool = false, store: ValueStore? = nil,
                print: @escaping (String) -> Void = { Swift.print($0) }) {
        self.limits = limits
        self.trusted = trusted
        self.store = store
        self.print = print
    }
}
