import Glibc

extension Files {
    /// The names in `folder`, without `.` and `..`, in the order the system gives them;
    /// empty when it cannot be read.
    public static func entries(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What is at a path, links not followed. `Sendable`: a plain value.
    public enum Kind: Sendable, Equatable {
        /// A regular file.
        case file
        /// A folder.
        case folder
        /// A symbolic link (to anything, or to nothing).
        case link
        /// A FIFO, device or socket.
        case other
        /// Nothing (or nothing that can be looked at).
        case missing
    }

    /// What `path` is, without following a final link.
    public static func kind(_ path: String) -> Kind {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
