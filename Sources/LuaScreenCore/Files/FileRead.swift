import Glibc
import LuaRuntime

extension Files {
    /// The default bound on a file read for a person (a plist, a locale file, a snapshot).
    public static let defaultReadLimit = 64 << 20

    /// The bytes of the regular file at `path`, at most `maxSize` of them. A FIFO, device or
    /// socket is `.notRegularFile` (never waited on), a folder `.isFolder`, a missing file
    /// `.missing`, a bigger one `.tooLarge`; other failures `.system`.
    public static func readRegularFile(_ path: String, maxSize: Int = defaultReadLimit) throws -> [UInt8] {
        if path.utf8.contains(0) { throw FileError(path: path, reason: .badName("the path holds a NUL character; refused")) }
        if let bytes = readFileBytes(path, maxSize: maxSize) { return bytes }
        let code = errno
        switch code {
        case EINVAL, ENXIO: throw FileError(path: path, reason: .notRegularFile)
        case EISDIR: throw FileError(path: path, reason: .isFolder)
        case ENOENT: throw FileError(path: path, reason: .missing)
        case EFBIG: throw FileError(path: path, reason: .tooLarge(limit: maxSize))
        default: throw FileError(path: path, reason: .system(operation: "read \(path)", code: code))
        }
    }

    /// The bytes of the regular file `relative` names inside `folder`: `relative` must pass
    /// `relativeParts` (no `..`, absolute path or NUL) and, with every symbolic link followed,
    /// still lie inside `folder`. Errors name `folder/relative`.
    public static func readRegularFile(_ relative: String, inside folder: String,
                                       maxSize: Int = defaultReadLimit) throws -> [UInt8] {
        let path = try join(folder, relative)
        try checkInside(path, folder: folder)
        return try readRegularFile(path, maxSize: maxSize)
    }

    /// Throws `.outside(folder)` when the existing file at `path` (every link followed) is not
    /// inside `folder`, and `.missing` when nothing is there; a link to nothing is `.missing`.
    public static func checkInside(_ path: String, folder: String) throws {
        guard let root = realPath(folder) else {
            throw FileError(path: folder, reason: .missing)
        }
        guard let real = realPath(path) else {
            let code = errno
            throw FileError(path: path, reason: code == ENOENT || code == ENOTDIR ? .missing
                                                  : .system(operation: "resolve \(path)", code: code))
        }
        guard isInside(real: real, root: root) else {
            throw FileError(path: path, reason: .outside(folder: folder))
        }
    }

    /// True when the real path `real` is `root` or below it (both real paths).
    static func isInside(real: String, root: String) -> Bool {
        real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// `realpath(path)`: every link followed; nil (errno set) when it cannot be resolved.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
