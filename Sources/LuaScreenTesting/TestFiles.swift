import LuaRuntime
#if canImport(Glibc)
import Glibc
import LuaScreenCore
import ScreenModel
import LuaScreenExplore
#endif

/// A path given to `luascreen test` that names neither a file nor a folder.
/// `Sendable`: a plain value.
public struct TestPathError: Error, CustomStringConvertible, Sendable {
    /// The path as it was given.
    public var path: String
    /// `no such test file or folder: PATH`.
    public var description: String { "no such test file or folder: \(path)" }
}

/// Files and paths for the test runner (plain libc: the library does without Foundation).
enum TestFiles {
    enum Kind { case file, directory, other, missing }

    static func kind(_ path: String) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The entries of a folder, without `.` and `..`.
    static func entries(_ folder: String) -> [String] { Files.entries(folder) }

    /// Every `*_test.lua` under `folder`, sorted by path. Hidden folders, `__snapshots__`
    /// and symbolic links to folders are not entered.
    static func testFiles(under folder: String) -> [String] {
        files(under: folder) { $0.hasSuffix("_test.lua") }
    }

    /// Every file under `folder` whose name `matches`, sorted by path, walked as `testFiles`.
    static func files(under folder: String, matching matches: (String) -> Bool) -> [String] {
        var found: [String] = []
        func walk(_ dir: String) {
            for name in entries(dir).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let path = dir == "/" ? "/" + name : dir + "/" + name
                var st = stat()
                guard lstat(path, &st) == 0 else { continue }
                let mode = st.st_mode & S_IFMT
                if mode == S_IFDIR {
                    if name.hasPrefix(".") || name == "__snapshots__" { continue }
                    walk(path)
                } else if matches(name), mode == S_IFREG || (mode == S_IFLNK && kind(path) == .file) {
                    found.append(path)
                }
            }
        }
        walk(trimmedFolder(folder))
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// "tests/" -> "tests", "./tests" stays as given.
    static func trimmedFolder(_ folder: String) -> String {
        var f = folder
        while f.count > 1, f.hasSuffix("/") { f.removeLast() }
        return f
    }

    static func directoryName(_ path: String) -> String { ScriptLoader.directoryName(path) }
}

/// The scripts `luascreen check DIR` checks. A namespace of functions: any thread.
package enum ScriptFiles {
    /// Every `*.lua` under `folder` that is not a test file (`*_test.lua`), sorted by path;
    /// hidden folders, `__snapshots__` and links to folders are not entered. (Modules and
    /// locale files are among them: `check` tells them apart once it has loaded them.)
    public static func scripts(under folder: String) -> [String] {
        TestFiles.files(under: folder) { $0.hasSuffix(".lua") && !$0.hasSuffix("_test.lua") && !$0.hasPrefix(".") }
    }
}
