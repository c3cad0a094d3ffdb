import Glibc

extension Files {
    /// Creates `folder` and its missing parents with `mode` (exactly, whatever the umask),
    /// fsyncing each parent that gained an entry. Folders that exist are used as they are,
    /// links to folders included (the person named this path). A file where a folder should
    /// be is `.notAFolder`.
    public static func makeFolders(_ folder: String, mode: mode_t = 0o755) throws {
        var st = stat()
        if stat(folder, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(path: folder, reason: .notAFolder("it is a file, not a folder"))
            }
            return
        }
        var current = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") {
            let parent = current.isEmpty ? "." : current
            current = current.isEmpty ? String(part) : joinText(current, String(part))
            try makeOne(current, parent: parent, mode: mode, followLinks: true)
        }
    }

    /// Creates the folders of `relative` below `root` (which must exist or is made by
    /// `makeFolders`), never going through a symbolic link below `root`: a link where a
    /// folder is expected is `.notAFolder`. Returns `root/relative`.
    @discardableResult
    public static func makeFolders(_ relative: String, inside root: String, mode: mode_t = 0o755) throws -> String {
        try makeFolders(root, mode: mode)
        var current = root
        for part in try relativeParts(relative, path: joinText(root, relative)) {
            let parent = current
            current = joinText(current, part)
            try makeOne(current, parent: parent, mode: mode, followLinks: false)
        }
        return current
    }

    /// One folder: used when it is there (a link to one only when `followLinks`), else made.
    private static func makeOne(_ path: String, parent: String, mode: mode_t, followLinks: Bool) throws {
        var st = stat()
        if lstat(path, &st) == 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFDIR { return }
            if type == S_IFLNK {
                guard followLinks else {
                    throw FileError(path: path, reason: .notAFolder("it is a symbolic link; luascreen does not write through links"))
                }
                if stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { return }
            }
            throw FileError(path: path, reason: .notAFolder("it is a file, not a folder"))
        }
        let statCode = errno
        guard statCode == ENOENT else {
            throw FileError(path: path, reason: .system(operation: "create the folder \(path)", code: statCode))
        }
        if mkdir(path, mode) != 0 {
            let code = errno
            if code == EEXIST, lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { return }
            throw FileError(path: path, reason: .system(operation: "create the folder \(path)", code: code))
        }
        _ = chmod(path, mode)
        syncFolder(parent)
    }

    /// fsync a folder, ignoring failures (best effort: a new entry survives a crash).
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
