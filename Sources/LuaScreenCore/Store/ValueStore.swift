import ScreenModel

/// Where a session keeps its bound values (SPEC §6): a JSON file (`FileStore`), memory
/// (`MemoryStore`, for `--store none` and headless tests), or a read-only view of another
/// (`ReadOnlyStore`). Not `Sendable`: a store is bound to the thread of its session.
public protocol ValueStore: AnyObject {
    /// The stored value of a key (nil when absent, or not a boolean, number, string or list
    /// of strings and numbers).
    func value(for key: String) -> StoreValue?
    /// Every stored key with such a value, in file order.
    var values: [(key: String, value: StoreValue)] { get }
    /// Applies changes (nil removes the key) and, for a file store, persists them atomically.
    /// Throws a StoreError with a clear message; on a throw nothing in memory changes either.
    func commit(_ changes: [(key: String, value: StoreValue?)]) throws
    /// Human description: the file path, or "memory".
    var location: String { get }
    /// The size in bytes of the file these values make when written (SPEC §6: a commit that
    /// would make it larger than `StoreSize.limit` throws `StoreError.tooLarge`).
    var fileSize: Int { get }
    /// The bytes the member for `key` takes in that file (0 when absent).
    func fileSize(ofMember key: String) -> Int
}

/// Why the store could not be read or written.
public enum StoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file exists but is not a JSON object luascreen can read (not JSON, not an object,
    /// unreadable, not a regular file). It is never overwritten, renamed or removed.
    /// `json` is where the file stops being JSON, when that is why.
    case damaged(path: String, reason: String, json: JSONParseError? = nil)
    /// A system call failed while saving. `path` is the store file, `operation` says what was
    /// being done (and to which file), `code` is the errno.
    case io(path: String, operation: String, code: Int32)
    /// A value JSON cannot hold (NaN, infinity).
    case invalidValue(key: String, reason: String)
    /// A commit would make the file `size` bytes, over `StoreSize.limit`; nothing was written.
    case tooLarge(path: String, size: Int)
    /// The file is `size` bytes, over `StoreSize.limit` (made by hand: luascreen never writes
    /// one). It is not read and never overwritten.
    case fileTooLarge(path: String, size: Int)
    /// The store path itself is unusable (empty, or names a folder).
    case invalidPath(path: String, reason: String)
    /// The store path names something that is not a regular file: a symbolic link, a FIFO,
    /// a device or a socket (SPEC §14). It is neither read nor ever replaced.
    case notRegularFile(path: String)
    /// Nothing was written because writing is not allowed: `blocked` (the store file, or the
    /// folder it is written in) is read-only, `reason` says how ("Permission denied",
    /// "Read-only file system"); or, `blocked` nil, the store is opened to read only
    /// (`ReadOnlyStore`) and `reason` says so. The values stored before are untouched.
    case readOnly(path: String, blocked: String?, reason: String)

    /// The last words of a `readOnly` message about a file or folder, and of `fileTooLarge`;
    /// a program appends how its users choose another store (the command line: `--store PATH`).
    public static let anotherStoreAdvice = "choose another store file"

    /// The message ends in `anotherStoreAdvice`: a program says how its users choose another
    /// store (the command line appends `(--store PATH)`).
    public var advisesAnotherStore: Bool {
        switch self {
        case .fileTooLarge, .notRegularFile, .readOnly(_, _?, _): return true
        default: return false
        }
    }

    /// The message: the file, what went wrong, and what to do.
    public var description: String {
        switch self {
        case .damaged(let path, let reason, _):
            return "\(path): " + StoreError.damagedText(reason)
        case .io(let path, let operation, let code):
            return "\(path): cannot save the values: \(operation): \(SystemError.text(code))"
        case .invalidValue(let key, let reason):
            return "cannot store \"\(key)\": \(reason)"
        case .tooLarge(let path, let size):
            return "\(path): cannot save the values: the store file would be \(size) bytes (\(StoreSize.mebibytes(size))), larger than the \(StoreSize.limit >> 20) MiB limit; nothing was saved (store less, or remove values no longer needed)"
        case .fileTooLarge(let path, let size):
            return "\(path): the store file is \(size) bytes (\(StoreSize.mebibytes(size))), larger than the \(StoreSize.limit >> 20) MiB luascreen reads; it was not read and luascreen never overwrites it: make it smaller (remove values no longer needed) or \(StoreError.anotherStoreAdvice)"
        case .invalidPath(let path, let reason):
            return "\(path.isEmpty ? "\"\"" : path): not a usable store path: \(reason)"
        case .notRegularFile(let path):
            return "\(path): not a regular file; luascreen never replaces it: \(StoreError.anotherStoreAdvice)"
        case .readOnly(let path, let blocked?, let reason):
            return "\(path) was not written: \(blocked) cannot be written (\(reason)); this change is not saved and the values stored before are kept: make \(blocked) writable, or \(StoreError.anotherStoreAdvice)"
        case .readOnly(let path, nil, let reason):
            return "\(path) was not written: \(reason); this change is not saved and the values stored before are kept"
        }
    }
}

// MARK: - Applying changes

/// An ordered list of keyed entries where changes replace in place, append new keys and
/// remove keys given nil: the merge rule shared by both stores. Keys are compared byte for
/// byte (`StoreKey`).
struct OrderedEntries<Value> {
    private(set) var items: [(key: String, value: Value)] = []
    private var index: [StoreKey: Int] = [:]

    init() {}

    /// Entries in order; a repeated key keeps its first position and its last value.
    init(_ entries: [(key: String, value: Value)]) {
        for entry in entries { set(entry.key, entry.value) }
    }

    subscript(key: String) -> Value? {
        index[StoreKey(key)].map { items[$0].value }
    }

    mutating func set(_ key: String, _ value: Value?) {
        if let value {
            if let i = index[StoreKey(key)] {
                items[i].value = value
            } else {
                index[StoreKey(key)] = items.count
                items.append((key: key, value: value))
            }
        } else if let i = index.removeValue(forKey: StoreKey(key)) {
            items.remove(at: i)
            for j in i..<items.count { index[StoreKey(items[j].key)] = j }
        }
    }
}

extension StoreValue {
    /// Throws when JSON cannot hold the value (SPEC §6: the file is JSON).
    func checkRepresentable(key: String) throws {
        if case .number(let d) = self, !d.isFinite {
            throw StoreError.invalidValue(
                key: key, reason: "\(StoreValue.format(d)) is not a number a JSON file can hold")
        }
        if case .list(let items) = self {
            for item in items {
                if case .list = item { throw StoreError.invalidValue(key: key, reason: "a list holds strings and numbers, not lists") }
                if case .bool = item { throw StoreError.invalidValue(key: key, reason: "a list holds strings and numbers, not booleans") }
                try item.checkRepresentable(key: key)
            }
        }
    }
}

// MARK: - Memory

/// Values kept in memory only: `--store none` and the sessions of `luascreen test`.
/// Commits follow the same rules as `FileStore` (non-finite numbers are refused, and so is
/// a commit that would make the file `FileStore` writes larger than 16 MiB), so a script
/// behaves the same whichever store it runs on. Bound to one thread, like its session.
public final class MemoryStore: ValueStore {
    private var entries: OrderedEntries<StoreValue>
    /// Kept up to date by `commit`, so checking the 16 MiB limit costs nothing per write.
    public private(set) var fileSize: Int

    /// A store holding `seed`, in that order (a repeated key: first position, last value).
    public init(_ seed: [(key: String, value: StoreValue)] = []) {
        entries = OrderedEntries(seed)
        fileSize = StoreSize.file(entries.items)
    }

    /// A store holding `seed`, keys sorted (a dictionary has no order).
    public convenience init(_ seed: [String: StoreValue]) {
        self.init(seed.sorted { StoreKey($0.key) < StoreKey($1.key) }.map { (key: $0.key, value: $0.value) })
    }

    /// The value held for `key`, nil when absent.
    public func value(for key: String) -> StoreValue? { entries[key] }

    /// Every key and value, in the order they were first stored.
    public var values: [(key: String, value: StoreValue)] { entries.items }

    /// Applies `changes` (nil removes a key) under the same checks as `FileStore`; on a throw nothing changes.
    public func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
        for change in changes { try change.value?.checkRepresentable(key: change.key) }
        try checkSize(after: changes)
        for change in changes {
            fileSize += (change.value.map { StoreSize.member(key: change.key, value: $0) } ?? 0) - fileSize(ofMember: change.key)
            entries.set(change.key, change.value)
        }
    }

    /// "memory": the values are not saved anywhere.
    public var location: String { "memory" }
}
