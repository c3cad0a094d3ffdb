import Glibc

extension Files {
    /// The folder for temporary files: `$TMPDIR`, `/tmp` when it is unset or empty.
    public static var temporaryFolder: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new private folder (mode 0700, made by `mkdtemp`) in `temporaryFolder`, named
    /// `luascreen-PURPOSE-XXXXXX`; its path. The caller removes it (`removePrivateFolder`).
    public static func makePrivateFolder(_ purpose: String) throws -> String {
        let base = temporaryFolder
        var template = Array(joinText(base, "luascreen-\(purpose)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw FileError(path: base, reason: .system(operation: "make a temporary folder in \(base)", code: errno))
        }
        return String(cString: made)
    }

    /// Removes the files `names` from the private folder `folder`, then the folder.
    public static func removePrivateFolder(_ folder: String, holding names: [String]) {
        for name in names { _ = unlink(joinText(folder, name)) }
        _ = rmdir(folder)
    }

    /// A new private file (mode 0600, created exclusively by `mkstemps`) in `temporaryFolder` named `luascreen-PURPOSE-XXXXXX.SUFFIX`, holding `bytes`
    /// in full; its path. The caller removes it (`removeFile`). For a file another program
    /// edits (`edit`'s `$EDITOR`); a failure leaves no file behind.
    public static func makePrivateTemporary(_ purpose: String, suffix: String, holding bytes: [UInt8]) throws -> String {
        let folder = temporaryFolder
        var template = Array(joinText(folder, "luascreen-\(purpose)-XXXXXX\(suffix)").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard fd >= 0 else {
            throw FileError(path: folder, reason: .system(operation: "make a temporary file in \(folder)", code: errno))
        }
        if let code = writeAll(bytes, to: fd) {
            close(fd)
            _ = unlink(path)
            throw FileError(path: path, reason: .system(operation: "write \(path)", code: code))
        }
        if close(fd) != 0 {
            let code = errno
            _ = unlink(path)
            throw FileError(path: path, reason: .system(operation: "close \(path)", code: code))
        }
        return path
    }

    /// Removes the file at `path` (not a folder); true when it is gone.
    @discardableResult
    public static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }
}
