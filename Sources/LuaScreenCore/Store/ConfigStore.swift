import ScreenModel

/// A store kept as the Linux kernel's `.config` (SPEC §18, docs/dependencies.md): read once
/// when opened, written whole at each commit as `conf_write` writes it, through the one
/// writer (`Files.replace`). What it holds is the session's symbols' values: the session
/// loads the file's text into its `RuleEngine` and gives the store the writer of the text.
public final class ConfigStore: ValueStore {
    /// The file.
    public let path: String
    /// The file's text when it was opened ("" when there was none).
    public let loadedText: String
    /// Warnings about the file's lines (unknown symbols, bad values), as `store` shows them.
    public var warnings: [String] = []
    /// Makes the whole file's text from the symbols' values (set by the session).
    package var render: (() -> String)?
    /// The symbols' change count now (set by the session): the file is current while it
    /// equals the count it was written at, and `flush` then writes nothing.
    package var stamp: (() -> Int)?
    private var writtenStamp: Int?
    private var entries: OrderedEntries<StoreValue>

    /// Opens `path` (a missing file is an empty `.config`).
    public init(path: String) throws {
        self.path = path
        var text = ""
        do {
            let bytes = try Files.readRegularFile(path, maxSize: StoreSize.limit)
            guard let t = String(validating: bytes, as: UTF8.self) else {
                throw StoreError.damaged(path: path, reason: "the file is not valid UTF-8 text")
            }
            text = t
        } catch let error as FileError {
            if case .missing = error.reason {} else if case .notRegularFile = error.reason {
                throw StoreError.notRegularFile(path: path)
            } else { throw StoreError.damaged(path: path, reason: "\(error)") }
        }
        loadedText = text
        let parsed = RuleEngine.parseConfig(text)
        entries = OrderedEntries(parsed.values.map { (key: $0.name, value: StoreValue.string($0.value)) })
    }

    /// Whether `path` names a `.config` store: the file `.config`, or one ending in `.config`.
    public static func isConfigPath(_ path: String) -> Bool {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".config")
    }

    /// The value a line of the file gave `key` (text: `y`, `123`, `"quoted"`).
    public func value(for key: String) -> StoreValue? { entries[key] }
    /// Every symbol the file names, in its order.
    public var values: [(key: String, value: StoreValue)] { entries.items }
    /// Where it lives.
    public var location: String { path }
    /// The size of the text last read or written.
    public private(set) var fileSize = 0
    /// The size a key takes (one line).
    public func fileSize(ofMember key: String) -> Int { key.utf8.count + 16 }

    /// Whether changes wait to be written (`flush`).
    public private(set) var unsaved = false

    /// Takes changes (already in the session's symbols); the file is written by `flush`, at
    /// the end of the session (SPEC §18: "the store may be written at each change or at
    /// `quit`"): one `set` of a symbol 2,000 others read then costs those 2,000, not the
    /// whole file's 16,000 values.
    public func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
        for c in changes { entries.set(c.key, c.value) }
        unsaved = true
    }

    /// Writes the whole `.config` (`conf_write`'s text), when anything changed since.
    public func flush() throws {
        guard unsaved, let render else { return }
        if let stamp, let writtenStamp, stamp() == writtenStamp {
            unsaved = false
            return
        }
        try write(render())
    }

    /// Notes that the file holds the symbols' values now (read or written as they are).
    package func noteCurrent() { writtenStamp = stamp?() }

    /// Writes `text` as the whole file (the text `render` gives now, made already).
    package func write(_ text: String) throws {
        fileSize = text.utf8.count
        do {
            try Files.replace(path, with: Array(text.utf8), mode: 0o644, links: .followToRegularFile)
        } catch let error as FileError {
            if case .notRegularFile = error.reason { throw StoreError.notRegularFile(path: path) }
            throw StoreError.io(path: path, operation: "write", code: 0)
        }
        unsaved = false
        writtenStamp = stamp?()
    }
}
