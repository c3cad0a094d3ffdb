#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import ScreenModel

/// Values persisted in a JSON object file (SPEC §6).
///
/// - A missing file is an empty store; the file (mode 0600) and its folder (0700, parents
///   too) are created by the first commit, never by `open`.
/// - A file that is not a JSON object (or cannot be read, or is not a regular file) is
///   *damaged*: `open`, `reload` and `commit` throw `StoreError.damaged`, and the file is
///   never written, renamed or removed. A zero-byte file holds nothing and reads as `{}`.
///   Text in it must be valid UTF-8 (a bad byte is reported with its line and column); keys
///   are compared byte for byte, so canonically equivalent keys are two keys.
/// - Files are at most 16 MiB (`StoreSize.limit`): a larger one is reported
///   (`StoreError.fileTooLarge`) and never written; a commit that would make the file larger
///   throws `StoreError.tooLarge` and writes nothing.
/// - Members this store does not expose (null, arrays, objects) and keys no script knows
///   are kept: a commit rewrites only the keys it changes and copies every other member's
///   text byte for byte.
/// - `commit` locks a sidecar file (`.NAME.lock`, `flock`), re-reads the file, applies only
///   its own changes on top of what is on disk, writes a temporary file in the same folder
///   (`O_EXCL`, 0600), fsyncs it, renames it over the file and fsyncs the folder. A process
///   killed at any instant leaves the old file or the new one; two processes committing
///   different keys keep both. Temporary files left by a killed process are removed by the
///   next commit (under the lock, where no other writer can be using one).
/// - When the path is a symbolic link to a file, that file is read and replaced (the link
///   stays); a link to nothing is damaged.
///
/// Not thread-safe: use one instance from one thread (other instances and processes on the
/// same file are fine).
public final class FileStore: ValueStore {
    /// The path as given to `open`.
    public let path: String
    /// How long `commit` waits for another process's commit to finish (seconds) before
    /// throwing rather than hanging. A commit holds the lock for milliseconds.
    public var lockTimeout: Double = 10
    private var entries: OrderedEntries<StoreValue>
    /// The bytes each member (every one, exposed or not) takes in the file as a commit writes it.
    private var memberSizes: [StoreKey: Int]
    /// The size in bytes of the file as the last read or commit left it.
    public private(set) var fileSize: Int

    private init(path: String, document: StoreDocument) {
        self.path = path
        entries = document.scalarEntries
        (memberSizes, fileSize) = document.sizes
    }

    private func take(_ document: StoreDocument) {
        entries = document.scalarEntries
        (memberSizes, fileSize) = document.sizes
    }

    /// Opens the store at `path`: reads it when it exists, else starts empty (creating nothing).
    public static func open(path: String) throws -> FileStore {
        try checkUsable(path)
        return FileStore(path: path, document: try StoreFile(path: path).read())
    }

    /// Re-reads the file (after another process or a person changed it). On a throw the
    /// values in memory are unchanged.
    public func reload() throws {
        take(try StoreFile(path: path).read())
    }

    /// The value the file holds for `key` as last read, nil when absent or of a kind not exposed.
    public func value(for key: String) -> StoreValue? { entries[key] }

    /// Every exposed key and value, in file order.
    public var values: [(key: String, value: StoreValue)] { entries.items }

    /// The path as given to `open`.
    public var location: String { path }

    /// The bytes `key`'s member takes in the file (0 when absent).
    public func fileSize(ofMember key: String) -> Int { memberSizes[StoreKey(key)] ?? 0 }

    /// Merges `changes` into the file on disk under its lock and replaces it atomically (see the type's comment); on a throw neither the file nor memory changes.
    public func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
        for change in changes { try change.value?.checkRepresentable(key: change.key) }
        guard !changes.isEmpty else { return }
        try checkSize(after: changes)  // against the file as last read; the commit checks it again as merged
        take(try StoreFile(path: path, lockTimeout: lockTimeout).commit(changes))
    }

    private static func checkUsable(_ path: String) throws {
        if path.isEmpty { throw StoreError.invalidPath(path: path, reason: "the path is empty") }
        if path.hasSuffix("/") { throw StoreError.invalidPath(path: path, reason: "it names a folder, not a file") }
        let name = Files.split(path).name
        if name == "." || name == ".." { throw StoreError.invalidPath(path: path, reason: "it names a folder, not a file") }
        if path.utf8.contains(0) { throw StoreError.invalidPath(path: path, reason: "it contains a NUL character") }
    }
}

extension StoreError: LocalizedError {
    /// The same text as `description`, for Foundation's `localizedDescription`.
    public var errorDescription: String? { description }
}

// MARK: - The file's contents

/// One member of the file's top-level object: its value and the exact text written for it.
private struct Member {
    var json: JSONValue
    var text: [UInt8]
}

/// The file as read: its members in order, and its bytes (nil when the file is missing).
private struct StoreDocument {
    var members = OrderedEntries<Member>()
    var bytes: [UInt8]?

    var scalarEntries: OrderedEntries<StoreValue> {
        var result = OrderedEntries<StoreValue>()
        for item in members.items {
            if let value = StoreValue(json: item.value.json) { result.set(item.key, value) }
        }
        return result
    }

    /// Each member's bytes in `serialized()`, and that text's length (see `StoreSize`).
    var sizes: (members: [StoreKey: Int], total: Int) {
        var members: [StoreKey: Int] = [:]
        var total = StoreSize.empty
        for item in self.members.items {
            let size = StoreSize.member(key: item.key, valueText: item.value.text.count)
            members[StoreKey(item.key)] = size
            total += size
        }
        return (members, total)
    }

    /// Pretty-printed with two spaces and a trailing newline; untouched members keep their text.
    func serialized() -> [UInt8] {
        let items = members.items
        if items.isEmpty { return Array("{}\n".utf8) }
        var out: [UInt8] = Array("{\n".utf8)
        for (i, item) in items.enumerated() {
            if i > 0 { out += Array(",\n".utf8) }
            var key = ""
            JSONValue.writeString(item.key, to: &key)
            out += Array("  \(key): ".utf8)
            out += item.value.text
        }
        out += Array("\n}\n".utf8)
        return out
    }
}

private extension Member {
    /// A member for a value set by a commit. Its JSON is what its text reads back as
    /// (`2.0` is written `2` and reads back as the integer 2), so memory matches the file.
    init(store value: StoreValue) {
        let json = JSONValue(store: value)!  // non-finite numbers are refused before this
        switch value {
        case .string(let s):
            // Strings are most of a big file: written straight to bytes, and read back as themselves.
            var text: [UInt8] = []
            text.reserveCapacity(s.utf8.count + 2)
            JSONValue.appendString(s, to: &text)
            self.text = text
            self.json = json
        default:
            // Scalars are one line (nothing to indent under the top object).
            self.text = Array(json.serialized().utf8)
            self.json = (try? JSONValue.parse(self.text)) ?? json
        }
    }
}

// MARK: - File operations

/// The system calls behind a store file. `path` is what errors name; `target` the file
/// actually read and replaced (the path with a final symbolic link followed).
private struct StoreFile {
    let path: String
    var lockTimeout: Double = 10

    init(path: String, lockTimeout: Double = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    func damaged(_ reason: String) -> StoreError { .damaged(path: path, reason: reason) }

    func ioError(_ operation: String, _ code: Int32) -> StoreError {
        .io(path: path, operation: operation, code: code)
    }

    /// Errors that mean "not allowed to write here", whoever asks again.
    static func deniesWriting(_ code: Int32) -> Bool { code == EACCES || code == EPERM || code == EROFS }

    /// A failure to write in `folder`: `StoreError.readOnly` naming it when writing there is
    /// not allowed, else `io` saying what was being done.
    func folderError(_ operation: String, folder: String, _ code: Int32) -> StoreError {
        Self.deniesWriting(code) ? .readOnly(path: path, blocked: "the folder \(folder)", reason: SystemError.text(code))
                                 : ioError(operation, code)
    }

    /// Throws `StoreError.readOnly` when `target` exists and this process may not write it
    /// (a file made read-only is left as it is rather than replaced by the rename).
    func checkWritable(_ target: String) throws {
        guard access(target, F_OK) == 0, access(target, W_OK) != 0 else { return }
        let code = errno
        if Self.deniesWriting(code) {
            throw StoreError.readOnly(path: path, blocked: "the file \(target)", reason: SystemError.text(code))
        }
    }

    /// The file to read and replace: `path` itself. A symbolic link there is refused (SPEC
    /// §14: no output is written through a link, the store included), as is anything else
    /// that is not a regular file (`readBytes`).
    func resolveTarget() throws -> String {
        var st = stat()
        guard lstat(path, &st) == 0 else { return path }  // missing or unreachable: reading says which
        if st.st_mode & S_IFMT == S_IFLNK { throw StoreError.notRegularFile(path: path) }
        return path
    }

    // MARK: Reading

    func read() throws -> StoreDocument {
        try read(target: resolveTarget())
    }

    private func read(target: String) throws -> StoreDocument {
        guard let bytes = try readBytes(target) else { return StoreDocument() }
        var document = StoreDocument()
        document.bytes = bytes
        if bytes.isEmpty { return document }
        let parsed: (value: JSONValue, members: [JSONRawMember]?)
        do {
            parsed = try JSONValue.parseWithTopLevelSpans(bytes)
        } catch let error as JSONParseError {
            throw StoreError.damaged(path: path, reason: StoreError.notJSON(error), json: error)
        }
        guard let members = parsed.members else {
            throw damaged("it holds \(Self.kind(of: parsed.value)), not a JSON object")
        }
        for member in members {
            document.members.set(member.key, Member(json: member.value, text: Array(bytes[member.span])))
        }
        return document
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The file's bytes, or nil when it does not exist (read through the `Files` seam: a
    /// FIFO never blocks, what is not a regular file is damaged).
    private func readBytes(_ target: String) throws -> [UInt8]? {
        do {
            return try Files.readRegularFile(target, maxSize: StoreSize.limit)
        } catch let error as FileError {
            switch error.reason {
            case .missing: return nil
            case .isFolder: throw damaged("it is a folder, not a file")
            case .notRegularFile: throw StoreError.notRegularFile(path: path)
            case .tooLarge:
                var st = stat()
                throw StoreError.fileTooLarge(path: path, size: stat(target, &st) == 0 ? Int(st.st_size) : StoreSize.limit + 1)
            case .system(_, let code) where code == ENOTDIR:
                throw StoreError.invalidPath(path: path, reason: "a folder in it is a file (\(SystemError.text(code)))")
            case .system(_, let code):
                throw damaged("it cannot be read (\(SystemError.text(code)))")
            default:
                throw damaged(error.message)
            }
        }
    }

    // MARK: Committing

    /// Locks, re-reads, merges `changes` over what is on disk, replaces the file atomically.
    /// Returns the merged document.
    func commit(_ changes: [(key: String, value: StoreValue?)]) throws -> StoreDocument {
        let target = try resolveTarget()
        let (folder, name) = Files.split(target)
        try checkWritable(target)
        try makeFolder(folder)
        let lock = try lockFile(folder: folder, name: name)
        defer { Glibc.close(lock) }  // releases the lock

        var document = try read(target: target)  // damaged now: throw, write nothing
        for change in changes {
            document.members.set(change.key, change.value.map { Member(store: $0) })
        }
        let output = document.serialized()
        // Never write a file luascreen could not read again (SPEC §6).
        if output.count > StoreSize.limit { throw StoreError.tooLarge(path: path, size: output.count) }
        removeStaleTemporaryFiles(folder: folder, name: name)
        if output != document.bytes {
            try replace(target: target, folder: folder, name: name, with: output)
            document.bytes = output
        }
        return document
    }

    /// Creates `folder` and its missing parents with mode 0700 (through the `Files` seam).
    private func makeFolder(_ folder: String) throws {
        do { try Files.makeFolders(folder, mode: 0o700) } catch let error as FileError {
            throw storeError(error, folder: Files.split(folder).folder)
        }
    }

    /// A `FileError` from the seam as the store reports it.
    private func storeError(_ error: FileError, folder: String) -> StoreError {
        switch error.reason {
        case .system(let operation, let code): return folderError(operation, folder: folder, code)
        case .notAFolder: return ioError("use the folder \(error.path)", ENOTDIR)
        default: return damaged(error.message)
        }
    }

    /// Opens (creating, mode 0600) `.NAME.lock` beside the file and takes an exclusive flock,
    /// waiting at most `lockTimeout` seconds for another holder.
    private func lockFile(folder: String, name: String) throws -> Int32 {
        let lockPath = Files.joinText(folder, "." + name + ".lock")
        // O_NONBLOCK: a FIFO planted there must not hang the commit; it is refused below.
        let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK, 0o600)
        if fd < 0 {
            let code = errno
            throw folderError("open the lock file \(lockPath)", folder: folder, code)
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw StoreError.invalidPath(path: path, reason: "its lock file \(lockPath) is not a regular file; luascreen never uses it")
        }
        var waited = 0.0
        var pause = 0.001
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK, waited < lockTimeout else {
                Glibc.close(fd)
                let note = code == EWOULDBLOCK
                    ? " (another process has held it for \(StoreValue.format(lockTimeout)) s)" : ""
                throw ioError("lock \(lockPath)\(note)", code)
            }
            usleep(useconds_t(pause * 1_000_000))
            waited += pause
            pause = min(pause * 2, 0.005)
        }
        return fd
    }

    /// Removes temporary files a killed writer left. Called under the lock: every writer
    /// creates its temporary file only while holding it, so none of these is in use.
    private func removeStaleTemporaryFiles(folder: String, name: String) {
        for candidate in Files.entries(folder) where Files.isTemporaryName(candidate, for: name) {
            _ = unlink(Files.joinText(folder, candidate))
        }
    }

    /// Writes `bytes` through the `Files` seam's atomic replace (mode 0600): before the
    /// rename any failure removes the temporary file and leaves `target` as it was.
    private func replace(target: String, folder: String, name: String, with bytes: [UInt8]) throws {
        do { try Files.replace(target, with: bytes, mode: 0o600) } catch let error as FileError {
            if error.reason == .notReplaceable { throw damaged("it is not a regular file") }
            throw storeError(error, folder: folder)
        }
    }
}
