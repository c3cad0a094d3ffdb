#if canImport(Glibc)
import Glibc
#endif

/// A path a script or test named that was refused or could not be read; `description` is
/// the reason, for the message of whoever named it. `Sendable`: a plain value.
public struct PathError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The reason, e.g. `../x.lua is outside the test root ...` or `not a regular file`.
    public var description: String
    /// A path error with this reason.
    public init(_ description: String) { self.description = description }
}

/// The one resolver for every path a script or test names (SPEC §7): `require` (bound to
/// the script's folder), a test file's `open(path)` and `snapshot(name, ...)` (bound to the
/// test root), and the files the command line names.
///
/// A bound resolver reaches only files inside its root: never by an absolute path, `..` past
/// the root or a symbolic link out of it (the real path is checked, after every link is
/// followed). Reads are of regular files only: a FIFO or `/dev/zero` is "not a regular file".
/// `Sendable`: a plain value; any thread may resolve and read.
///
///     let resolver = PathResolver(root: ".")!
///     switch resolver.read("../app.lua", from: "tests") { ... }   // inside ".": allowed
///     resolver.resolve("/etc/passwd", from: "tests")                // .failure: absolute
public struct PathResolver: Sendable {
    /// The real path of the root; nil for an unbound resolver (`--trusted`, or a path the
    /// person typed).
    public let root: String?
    /// How the root is named in messages ("the test root", "the script's folder").
    public let rootName: String
    /// What a refusal adds in parentheses: how to lift the bound, in the words of the program
    /// (`--trusted lifts this`); empty: nothing.
    public let liftAdvice: String

    /// A resolver bound to `root` (nil when the folder does not exist) whose refusals end
    /// with `liftAdvice`.
    public init?(root: String, name: String = "the test root", liftAdvice: String = "") {
        guard let real = realPath(root.isEmpty ? "." : root) else { return nil }
        self.root = real
        self.rootName = name
        self.liftAdvice = liftAdvice
    }

    private init(unboundNamed name: String) {
        root = nil
        rootName = name
        liftAdvice = ""
    }

    /// " (advice)", or nothing without advice.
    private var advice: String { liftAdvice.isEmpty ? "" : " (\(liftAdvice))" }

    /// A resolver that reaches every path (`--trusted`).
    public static let unbound = PathResolver(unboundNamed: "anywhere")

    /// `folder/relative`, with `.` and `..` worked out on the text (`tests/../app.lua` ->
    /// `app.lua`), for messages and for opening.
    public static func join(_ folder: String, _ relative: String) -> String {
        let raw: String
        if relative.hasPrefix("/") { raw = relative }
        else if folder == "." || folder.isEmpty { raw = relative }
        else { raw = folder + "/" + relative }
        return normalized(raw)
    }

    /// Lexical normalization: `a/./b/../c` -> `a/c`; leading `..` kept.
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", absolute, parts.isEmpty { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// True when the real path `real` is the root or inside it.
    public func contains(real: String) -> Bool {
        guard let root else { return true }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The path `name` (relative to the folder `base`) names, when the resolver may reach
    /// it: `(path, real)`, where `path` is the joined path for messages and `real` the path
    /// with every link followed (nil when nothing is there yet).
    public func resolve(_ name: String, from base: String) -> Result<(path: String, real: String?), PathError> {
        if root != nil, name.hasPrefix("/") {
            return .failure(PathError("\(name) is an absolute path; name files relative to the test file, inside \(rootName)\(advice)"))
        }
        let path = PathResolver.join(base, name)
        guard root != nil else { return .success((path, realPath(path))) }
        // Missing: the nearest folder above it that exists must be inside the root.
        var probe = path
        var missing = false
        var real = realPath(probe)
        while real == nil {
            missing = true
            let parent = PathResolver.parent(of: probe)
            if parent == probe { break }
            probe = parent
            real = realPath(probe)
        }
        guard let found = real, contains(real: found) else {
            return .failure(PathError("\(path) is outside \(rootName) \(root!) (by '..', a symbolic link or an absolute path); keep files inside it\(advice)"))
        }
        if missing {
            // A dangling symbolic link must not be written through later.
            var st = stat()
            if lstat(path, &st) == 0 {
                return .failure(PathError("\(path) is a symbolic link to a missing file; refused (writing through it could leave \(rootName))"))
            }
            return .success((path, nil))
        }
        return .success((path, found))
    }

    /// The bytes of the regular file `name` names (relative to `base`), and its joined path.
    public func read(_ name: String, from base: String, maxSize: Int = maxScriptFileSize) -> Result<(bytes: [UInt8], path: String), PathError> {
        switch resolve(name, from: base) {
        case .failure(let error):
            return .failure(error)
        case .success((let path, nil)):
            return .failure(PathError("\(path): no such file"))
        case .success((let path, let real?)):
            return PathResolver.readRegularFile(root == nil ? path : real, maxSize: maxSize).map { ($0, path) }
                .mapError { PathError("\(path): \($0.description)") }
        }
    }

    /// The bytes of a regular file; the error is the reason alone ("not a regular file",
    /// "a folder", "no such file", "larger than 256 MiB", ...).
    public static func readRegularFile(_ path: String, maxSize: Int = maxScriptFileSize) -> Result<[UInt8], PathError> {
        if let bytes = readFileBytes(path, maxSize: maxSize) { return .success(bytes) }
        return .failure(PathError(reason(errno, maxSize: maxSize)))
    }

    /// The reason for a failed read, as a person reads it.
    public static func reason(_ code: Int32, maxSize: Int = maxScriptFileSize) -> String {
        switch code {
        case EINVAL: return "not a regular file"
        case EISDIR: return "a folder, not a file"
        case ENOENT: return "no such file"
        case EFBIG: return "larger than \(maxSize >> 20) MiB"
        default: return String(cString: strerror(code))
        }
    }

    /// The folder `path` is in ("." for a bare name, "/" at the top).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}

/// Resolves `require(name)` to `folder/name.lua` (dots become subfolders) through a
/// resolver bound to the script's folder.
func loadModule(named name: String, folder: String?, source: ((String) -> [UInt8]?)? = nil) -> Result<([UInt8], String), ModuleError> {
    guard let folder else {
        return .failure(ModuleError(text: "require: modules are not available here"))
    }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    let valid = !name.isEmpty && parts.allSatisfy { part in
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
    guard valid else {
        let shown = name.utf8.count > 200 ? String(decoding: name.utf8.prefix(200), as: UTF8.self) + "…" : name
        return .failure(ModuleError(text: "require: invalid module name '\(shown)': use letters, digits, '_' and '-', with '.' between folders; modules load only from the script's folder"))
    }
    let relative = parts.joined(separator: "/") + ".lua"
    guard let resolver = PathResolver(root: folder, name: "the script's folder") else {
        return .failure(ModuleError(text: "require: cannot read the folder '\(folder)'"))
    }
    switch resolver.resolve(relative, from: folder) {
    case .failure:
        return .failure(ModuleError(text: "require: module '\(name)' resolves outside the script's folder; refused"))
    case .success((let path, let real)):
        if let text = source?(path) { return .success((text, path)) }  // an editor's unsaved text of the module
        guard let real else { return .failure(ModuleError(text: "require: module '\(name)' not found: no file '\(path)'")) }
        switch PathResolver.readRegularFile(real) {
        case .success(let bytes): return .success((bytes, path))
        case .failure(let reason): return .failure(ModuleError(text: "require: cannot read '\(path)': \(reason)"))
        }
    }
}

func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Scripts and modules larger than this are refused (the Lua state could not hold much more
/// anyway, and a sparse file can claim any size).
public let maxScriptFileSize = 256 << 20

/// The bytes of a regular file, or nil with `errno` set (EINVAL: not a regular file, EISDIR:
/// a folder, EFBIG: larger than `maxSize`).
///
/// Opened with O_NONBLOCK and checked with fstat before reading: opening a named pipe for
/// reading otherwise blocks until a writer comes, so `require("x")` of a FIFO `x.lua` hung.
public func readFileBytes(_ path: String, maxSize: Int = maxScriptFileSize) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return nil }
    guard (st.st_mode & S_IFMT) == S_IFREG else {
        errno = (st.st_mode & S_IFMT) == S_IFDIR ? EISDIR : EINVAL
        return nil
    }
    guard st.st_size <= maxSize else {
        errno = EFBIG
        return nil
    }
    // Read straight into the array, its size and one byte more (to see the end in one read);
    // a file that grew since fstat is read on in chunks.
    let expected = Int(st.st_size) + 1
    var failed = false
    var result = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
        while count < expected {
            let n = read(fd, buffer.baseAddress! + count, expected - count)
            if n < 0 {
                if errno == EINTR { continue }
                failed = true
                return
            }
            if n == 0 { return }
            count += n
        }
    }
    if failed { return nil }
    guard result.count == expected else { return result }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if n == 0 { break }
        guard result.count + n <= maxSize else {
            errno = EFBIG
            return nil
        }
        result.append(contentsOf: chunk[0..<n])
    }
    guard result.count <= maxSize else {
        errno = EFBIG
        return nil
    }
    return result
}
