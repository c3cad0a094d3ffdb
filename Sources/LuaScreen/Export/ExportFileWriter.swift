#if canImport(Glibc)
import Glibc
#endif

/// Writes exported files: folders made as needed, each file written whole to a temporary
/// name beside it and renamed over it, so a failure leaves whatever was there before.
enum ExportFileWriter {
    static func write(_ files: [ExportedFile], to directory: String) throws {
        for file in files {
            let path = directory.hasSuffix("/") ? directory + file.path : directory + "/" + file.path
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            try makeFolders(folder.isEmpty && path.hasPrefix("/") ? "/" : folder)
            try replace(path, with: Array(file.contents.utf8))
        }
    }

    private static func failure(_ path: String, _ what: String, _ code: Int32) -> ExportWriteError {
        ExportWriteError(path: path, reason: "\(what): \(String(cString: strerror(code)))")
    }

    /// `mkdir -p`: each missing folder on the way, refusing a file where a folder should be.
    static func makeFolders(_ folder: String) throws {
        guard !folder.isEmpty else { return }
        var partial = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            partial += "/" + part
            var info = stat()
            if stat(partial, &info) == 0 {
                if info.st_mode & S_IFMT != S_IFDIR {
                    throw ExportWriteError(path: partial, reason: "it is a file, not a folder")
                }
                continue
            }
            if mkdir(partial, 0o755) != 0 && errno != EEXIST { throw failure(partial, "cannot make the folder", errno) }
        }
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw ExportWriteError(path: path, reason: "it is a folder; name a file")
        }
        let temporary = path + ".luascreen-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw failure(path, "cannot write", errno) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                close(fd)
                unlink(temporary)
                throw failure(path, "cannot write", code)
            }
            written += n
        }
        if fsync(fd) != 0 || close(fd) != 0 {
            let code = errno
            unlink(temporary)
            throw failure(path, "cannot write", code)
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw failure(path, "cannot replace", code)
        }
    }
}
