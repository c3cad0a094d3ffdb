import Glibc

extension Files {
    /// How `replace` treats a target that is a symbolic link.
    /// `Sendable`: a plain value.
    public enum LinkRule: Sendable {
        /// A link is not a regular file: refused (every output but the store).
        case refuse
        /// A link to a regular file replaces that file and keeps the link (the store, SPEC §6).
        case followToRegularFile
    }

    /// Replaces (or creates) the file `path` with `bytes`, atomically (see `Files`): a new
    /// temporary file in the same folder, created with `O_CREAT|O_EXCL|O_NOFOLLOW` and
    /// `mode`, written, fsync'd, renamed over the target, the folder fsync'd. The folder
    /// must exist (`makeFolders`). Returns the file actually replaced (`path`, or where its
    /// link points under `.followToRegularFile`). On a throw before the rename the target is
    /// as it was and no temporary file is left. `synced` false: neither fsync (for a file
    /// written after every command, the REPL's history, where a crash of the system may
    /// lose the last lines but never mixes two versions in a process crash).
    @discardableResult
    public static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644,
                               links: LinkRule = .refuse, synced: Bool = true) throws -> String {
        let staged = try stage(path, with: bytes, mode: mode, links: links, synced: synced)
        return try staged.commit()
    }

    /// A file written to its temporary name beside its target and not yet renamed over it
    /// (`stage`): `commit` puts it in place, `discard` removes it. Several files are staged
    /// first and committed together, so a failure while writing any of them leaves every
    /// target as it was (`write(_:inside:)`, SPEC §14).
    public struct Staged {
        /// The path the caller named.
        let path: String
        /// The file to be replaced (`path`, or where its link points).
        let target: String
        /// The written temporary file beside `target`.
        let temporary: String
        /// fsync the folder after the rename.
        let synced: Bool

        /// Renames the temporary file over the target and syncs the folder; returns the
        /// target. On a throw before the rename the target is as it was and the temporary
        /// file is gone.
        @discardableResult
        public func commit() throws -> String {
            // What was checked before writing may have changed meanwhile: check again.
            do { _ = try replaceableTarget(target, links: .refuse) } catch {
                discard()
                throw FileError(path: path, reason: .notReplaceable)
            }
            if rename(temporary, target) != 0 {
                let code = errno
                discard()
                throw FileError(path: path, reason: .system(operation: "rename \(temporary) to \(target)", code: code))
            }
            guard synced else { return target }
            // The new file is in place; make the rename itself durable.
            let folder = split(target).folder
            let folderFD = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folderFD < 0 {
                throw FileError(path: path, reason: .system(
                    operation: "open the folder \(folder) to sync it (the file is written but may not survive a crash)", code: errno))
            }
            defer { close(folderFD) }
            while fsync(folderFD) != 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EINVAL || code == ENOTSUP { break }  // a file system without folder sync
                throw FileError(path: path, reason: .system(
                    operation: "sync the folder \(folder) (the file is written but may not survive a crash)", code: code))
            }
            return target
        }

        /// Removes the temporary file; the target stays as it was.
        public func discard() { _ = unlink(temporary) }
    }

    /// Writes `bytes` to a new temporary file beside `path`'s target (created with
    /// `O_CREAT|O_EXCL|O_NOFOLLOW` and `mode`, written, fsync'd unless `synced` is false,
    /// closed), leaving the target untouched: `commit` the result to put it in place. On a
    /// throw no temporary file is left.
    public static func stage(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644,
                             links: LinkRule = .refuse, synced: Bool = true) throws -> Staged {
        let target = try replaceableTarget(path, links: links)
        let (fd, temporary) = try createTemporary(for: target, mode: mode, path: path)
        var open = true
        func fail(_ operation: String, _ code: Int32) -> FileError {
            if open { close(fd) }
            _ = unlink(temporary)
            return FileError(path: path, reason: .system(operation: operation, code: code))
        }
        if fchmod(fd, mode) != 0 { throw fail("set the mode of \(temporary)", errno) }
        if let code = writeAll(bytes, to: fd) { throw fail("write \(temporary)", code) }
        while synced, fsync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw fail("sync \(temporary)", code)
        }
        let closed = close(fd)
        let closeCode = errno
        open = false
        if closed != 0 { throw fail("close \(temporary)", closeCode) }
        return Staged(path: path, target: target, temporary: temporary, synced: synced)
    }

    /// Throws `.notReplaceable` when `path` exists and is not a regular file (or, under
    /// `.followToRegularFile`, a link to one), `.badName` for an empty path, one ending in `/`
    /// or holding a NUL. Returns the file to replace.
    public static func replaceableTarget(_ path: String, links: LinkRule = .refuse) throws -> String {
        if path.isEmpty { throw FileError(path: path, reason: .badName("the path is empty")) }
        if path.utf8.contains(0) { throw FileError(path: path, reason: .badName("the path holds a NUL character; refused")) }
        let name = split(path).name
        if path.hasSuffix("/") || name == "." || name == ".." { throw FileError(path: path, reason: .notReplaceable) }
        var st = stat()
        guard lstat(path, &st) == 0 else {
            let code = errno
            if code == ENOENT { return path }
            throw FileError(path: path, reason: .system(operation: "look at \(path)", code: code))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            return path
        case S_IFLNK where links == .followToRegularFile:
            guard let real = realPath(path) else { throw FileError(path: path, reason: .notReplaceable) }
            guard stat(real, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw FileError(path: path, reason: .notReplaceable) }
            return real
        default:
            throw FileError(path: path, reason: .notReplaceable)
        }
    }

    private static let temporarySuffix = ".tmp"
    private static let randomLength = 12
    private static let randomAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// `.NAME.XXXXXXXXXXXX.tmp`: a hidden name beside the target.
    static func temporaryName(for name: String) -> String {
        var base = name
        // Keep the name within the 255-byte limit of most file systems.
        while base.utf8.count > 200 { base.removeLast() }
        let random = (0..<randomLength).map { _ in randomAlphabet.randomElement()! }
        return "." + base + "." + String(decoding: random, as: UTF8.self) + temporarySuffix
    }

    /// True when `candidate` is a temporary name `replace` makes for the file `name`.
    public static func isTemporaryName(_ candidate: String, for name: String) -> Bool {
        var base = name
        while base.utf8.count > 200 { base.removeLast() }
        let prefix = "." + base + "."
        guard candidate.hasPrefix(prefix), candidate.hasSuffix(temporarySuffix) else { return false }
        let middle = candidate.utf8.dropFirst(prefix.utf8.count).dropLast(temporarySuffix.utf8.count)
        return middle.count == randomLength && middle.allSatisfy { randomAlphabet.contains($0) }
    }

    /// A new temporary file beside `target`, opened for writing: never an existing file or link.
    private static func createTemporary(for target: String, mode: mode_t, path: String) throws -> (Int32, String) {
        let (folder, name) = split(target)
        var temporary = ""
        for _ in 0..<100 {
            temporary = joinText(folder, temporaryName(for: name))
            let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, mode)
            if fd >= 0 { return (fd, temporary) }
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw FileError(path: path, reason: .notAFolder("cannot write it: the folder \(folder) does not exist"))
            }
            if code != EEXIST {
                throw FileError(path: path, reason: .system(operation: "create the temporary file \(temporary)", code: code))
            }
        }
        throw FileError(path: path, reason: .system(operation: "create the temporary file \(temporary)", code: EEXIST))
    }

    /// Writes every byte to `fd` (retrying on EINTR/EAGAIN); the `errno` of a failure, or nil.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                return code
            }
            written += n
        }
        return nil
    }
}
