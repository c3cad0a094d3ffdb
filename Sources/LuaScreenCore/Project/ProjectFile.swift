import ScreenModel

/// `luascreen.json`, the small project file `init` writes beside the entry script: it names the
/// app's entry once (`{"entry": "settings.lua", "strings": "locales", "tests": "tests"}`, the
/// paths relative to the file's folder; `strings` and `tests` optional), so a module opened
/// alone is known as a part of that app without searching. Found searching up from a file's
/// folder (`find`). A value: `Sendable`.
public struct ProjectFile: Sendable, Equatable {
    /// The project file's name.
    public static let name = "luascreen.json"
    /// The most folders `find` goes up.
    public static let maxLevels = 32
    /// The members a project file may have.
    public static let members = ["entry", "strings", "tests"]

    /// The project file's path (standardized).
    public var path: String
    /// The entry script (standardized).
    public var entry: String
    /// The folder of its locale files, relative to the entry's folder.
    public var strings: String
    /// The folder of its test files, relative to the entry's folder.
    public var tests: String

    /// The nearest project file in `folder` or a folder above it, going no higher than `root`
    /// (when `file` is under it) nor `maxLevels` folders; nil when there is none.
    public static func find(from folder: String, root: String? = nil) -> String? {
        var folder = Files.standardized(folder)
        let top = root.map(Files.standardized)
        for _ in 0..<maxLevels {
            let candidate = (folder == "/" ? "" : folder) + "/" + name
            if Files.kind(candidate) == .file { return candidate }
            let parent = Files.split(folder).folder
            if parent == folder || folder == top { return nil }
            folder = parent
        }
        return nil
    }

    /// The project file at `path`, read through the Files seam. Throws `ProjectFileError`
    /// naming the file, the line and what to do when it cannot be read, is not JSON, is not
    /// an object, names no entry, has a member of the wrong type or one it does not know, or
    /// names an entry that does not exist.
    public static func read(_ path: String) throws(ProjectFileError) -> ProjectFile {
        let path = Files.standardized(path)
        let bytes: [UInt8]
        do { bytes = try Files.readRegularFile(path) } catch {
            throw ProjectFileError(path: path, line: nil, message: "cannot be read: \(error)")
        }
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch let error as JSONParseError {
            throw ProjectFileError(path: path, line: error.line, column: error.column, message: "not JSON: \(error.message)")
        } catch {
            throw ProjectFileError(path: path, line: nil, message: "not JSON: \(error)")
        }
        guard case .object(let object) = value else {
            throw ProjectFileError(path: path, line: 1, message: "expected an object such as {\"entry\": \"main.lua\"}")
        }
        for (key, _) in object where !members.contains(key) {
            let near = Suggest.closest(to: key, in: members).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ProjectFileError(path: path, line: line(of: key, in: bytes),
                                   message: "unknown member \"\(key)\"\(near); a project file has \(members.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        func text(_ key: String, _ fallback: String?) throws(ProjectFileError) -> String {
            switch value[key] {
            case .string(let s)? where !s.isEmpty && !s.utf8.contains(0): return s
            case nil where fallback != nil: return fallback!
            case nil:
                throw ProjectFileError(path: path, line: 1, message: "no \"\(key)\": name the app's entry script, e.g. {\"entry\": \"main.lua\"}")
            default:
                throw ProjectFileError(path: path, line: line(of: key, in: bytes),
                                       message: "\"\(key)\" must be a path (a non-empty string) relative to this file's folder")
            }
        }
        let folder = Files.split(path).folder
        let entry = Files.standardized(folder + "/" + (try text("entry", nil)))
        guard Files.kind(entry) == .file else {
            throw ProjectFileError(path: path, line: line(of: "entry", in: bytes),
                                   message: "\"entry\": \(Project.shown(entry)) is not a file; name the app's entry script, relative to this file's folder")
        }
        return ProjectFile(path: path, entry: entry, strings: try text("strings", "locales"), tests: try text("tests", "tests"))
    }

    /// The text `init` writes for the entry `script`.
    public static func text(entry script: String) -> String {
        JSONValue.object([("entry", .string(script)), ("strings", .string("locales")), ("tests", .string("tests"))]).serialized(pretty: true) + "\n"
    }

    /// The line of the first `"key"` in `bytes` (1 when it is not found).
    static func line(of key: String, in bytes: [UInt8]) -> Int {
        let needle = Array(("\"" + key + "\"").utf8)
        var line = 1
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return line }
            i += 1
        }
        return 1
    }
}

/// A project file that cannot be used: its path, the line when known, what is wrong and what to
/// do. Printed as a diagnostic (`PATH:LINE:COLUMN: error: MESSAGE`). `Sendable`.
public struct ProjectFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The project file.
    public var path: String
    /// The line, when known.
    public var line: Int?
    /// The column, when known (JSON that does not parse).
    public var column: Int?
    /// What is wrong and what to do.
    public var message: String

    /// An error of the project file `path`.
    public init(path: String, line: Int?, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// What to do, after the message.
    static let advice = " (fix the project file, or remove it to find the app from its files)"

    /// `PATH:LINE:COLUMN: error: project file: MESSAGE (what to do)`, the path as a person names it.
    public var description: String {
        let place = Project.shown(path) + (line.map { ":\($0)" } ?? "") + (column.map { ":\($0)" } ?? "")
        return "\(place): error: project file: \(message)\(Self.advice)"
    }

    /// As a diagnostic of the project file (the column, when known, in the message).
    public var diagnostic: Diagnostic {
        Diagnostic(file: Project.shown(path), line: line, path: "",
                   message: "project file: " + (column.map { "column \($0): " } ?? "") + message + Self.advice)
    }
}
