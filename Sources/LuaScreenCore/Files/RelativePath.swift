import Glibc

extension Files {
    /// The parts of `relative` when it is a path that stays below whatever folder it is joined
    /// to: not empty, not absolute, no NUL, no empty part, no `.` or `..` part. `path` is what
    /// the error names.
    public static func relativeParts(_ relative: String, path: String? = nil) throws -> [String] {
        func refuse(_ why: String) -> FileError { FileError(path: path ?? relative, reason: .badName(why)) }
        if relative.isEmpty { throw refuse("the name is empty") }
        if relative.utf8.contains(0) { throw refuse("the name holds a NUL character; refused") }
        if relative.hasPrefix("/") { throw refuse("an absolute path where a name inside the folder is expected; refused") }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty { throw refuse("the name has an empty part ('//' or a trailing '/'); refused") }
            if part == ".." { throw refuse("the name holds '..'; names stay inside their folder") }
            if part == "." { throw refuse("the name holds '.' as a part; refused") }
        }
        return parts
    }

    /// `root/relative`, when `relative` passes `relativeParts` (so the result cannot be above
    /// `root` by its text; links are checked where the file is read or written).
    public static func join(_ root: String, _ relative: String) throws -> String {
        let parts = try relativeParts(relative, path: root.isEmpty ? relative : joinText(root, relative))
        return parts.reduce(root) { joinText($0, $1) }
    }

    /// `folder/name` as text, with one slash between ("." joins to "./name"... kept as given).
    package static func joinText(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The parts of `path` made absolute (from the current folder) and standardized by its
    /// text: `.` dropped, `..` taking away the part before it (never above `/`). Links are not
    /// followed: for comparing and relating paths as they were named.
    public static func standardizedParts(_ path: String) -> [String] {
        var absolute = path
        if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            absolute = String(cString: cwd) + "/" + path
            free(cwd)
        }
        var parts: [String] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(String(part))
            }
        }
        return parts
    }

    /// `standardizedParts` as a path (`/a/b`).
    public static func standardized(_ path: String) -> String {
        "/" + standardizedParts(path).joined(separator: "/")
    }

    /// The folder `path` is in ("." for a bare name, "/" at the top) and its last part.
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
