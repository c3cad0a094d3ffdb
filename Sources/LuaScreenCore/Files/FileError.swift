import Glibc
import ScreenModel

/// Why the `Files` seam refused or failed to read or write a file.
/// `Sendable`: a plain value.
public struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, in a form callers can test.
    /// `Sendable`: a plain value.
    public enum Reason: Equatable, Sendable {
        /// An output exists and is not a regular file (a device, FIFO, socket, folder or link).
        case notReplaceable
        /// An input is not a regular file (a FIFO, a device, a socket).
        case notRegularFile
        /// An input is a folder.
        case isFolder
        /// An input does not exist.
        case missing
        /// An input is larger than `limit` bytes.
        case tooLarge(limit: Int)
        /// A relative name that is absolute, holds `..`, an empty part or a NUL; the text says which.
        case badName(String)
        /// A path that leads out of `folder` (through a symbolic link).
        case outside(folder: String)
        /// A folder on the way is a symbolic link, or a file where a folder should be; the text says which.
        case notAFolder(String)
        /// An output that is one of the command's inputs.
        case isInput
        /// A system call failed: what was being done (naming its file) and `errno`.
        case system(operation: String, code: Int32)
    }

    /// The path as the caller named it.
    public var path: String
    /// Why.
    public var reason: Reason

    /// An error about `path`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The reason as a person reads it (without the path).
    public var message: String {
        switch reason {
        case .notReplaceable: return "not a regular file; luascreen never replaces it"
        case .notRegularFile: return "not a regular file" + (Files.kindText(path).map { ": \($0); refused without reading it" } ?? "")
        case .isFolder: return "a folder, not a file"
        case .missing: return "no such file"
        case .tooLarge(let limit): return "larger than \(Files.sizeText(limit)); refused"
        case .badName(let why): return why
        case .outside(let folder):
            if let link = Files.kindText(path), link.hasPrefix("a symbolic link") {
                return "\(link), outside \(folder); refused without reading it"
            }
            return "outside \(folder) (by '..', a symbolic link or an absolute path); refused"
        case .notAFolder(let why): return why
        case .isInput: return "it is one of the command's inputs; luascreen never writes over an input (name another file)"
        case .system(let operation, let code): return "cannot \(operation): \(Files.systemText(code))"
        }
    }

    /// `PATH: error: MESSAGE`.
    public var description: String { "\(path): error: \(message)" }
}

extension Files {
    /// What the file at `path` is when it is not a regular file, as a person reads it ("a
    /// FIFO (named pipe)", "a character device", "a symbolic link to /dev/zero (a character
    /// device)"), looked at without opening it; nil for a regular file, a folder or nothing.
    package static func kindText(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        func kind(_ mode: mode_t) -> String? {
            switch mode & S_IFMT {
            case S_IFIFO: return "a FIFO (named pipe)"
            case S_IFCHR: return "a character device"
            case S_IFBLK: return "a block device"
            case S_IFSOCK: return "a socket"
            default: return nil
            }
        }
        guard st.st_mode & S_IFMT == S_IFLNK else { return kind(st.st_mode) }
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(path, &buffer, 4096)
        let target = n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        var targetStat = stat()
        let what: String
        if stat(path, &targetStat) != 0 {
            what = "which points nowhere"
        } else if let k = kind(targetStat.st_mode) {
            what = "(\(k))"
        } else {
            what = targetStat.st_mode & S_IFMT == S_IFDIR ? "(a folder)" : "(a regular file)"
        }
        return "a symbolic link to \(sanitize(target)) \(what)"
    }

    /// `strerror(code)`, e.g. "No space left on device".
    public static func systemText(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }

    /// "16 MiB", "4 KiB", "100 bytes".
    package static func sizeText(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
