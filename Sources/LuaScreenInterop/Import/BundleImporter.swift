#if canImport(Glibc)
import Glibc
#endif
import ScreenModel
import LuaScreenCore

/// What `luascreen import` makes: the script, and a warning for each specifier (or key)
/// that luascreen has no row for.
public struct ImportResult: Sendable {
    /// The Lua script, ready to write.
    public var script: String
    /// One warning for each specifier (or key) that has no luascreen equivalent.
    public var warnings: [Diagnostic]
}

/// A plist that cannot be imported: `file: error: ...` with the position.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    /// `file: error: ...`, with the position when the plist is damaged (sanitized: one line,
    /// no control or bidirectional characters from the file).
    public var description: String

    /// An error with this text (sanitized as `Diagnostic` is).
    public init(description: String) {
        self.description = sanitize(description, lineBreaks: .escape)
    }
}

/// `luascreen import`: a Settings.bundle's `Root.plist` (XML or binary) and the child panes it
/// names, read into screens, sections and rows, written as a Lua script (SPEC §13, §14, §15).
/// A namespace of functions that keep no state: callable from any thread.
public enum BundleImporter {
    /// Child panes nest at most this deep (the root is depth 1).
    public static let maxPaneDepth = 64
    /// What the plists of one import may expand to when `maxMemory` is not given.
    public static let defaultMaxMemory = 64 << 20

    /// Reads `rootPlist` (a file, or a bundle folder standing for its `Root.plist`) and every
    /// plist its child panes name, inside its folder. Everything the plists expand to (a
    /// binary plist's shared objects counted each time they are used) is charged to `maxMemory`.
    public static func importBundle(rootPlist given: String, maxMemory: Int = defaultMaxMemory) throws -> ImportResult {
        let rootPlist = Files.kind(given) == .folder || (Files.kind(given) == .link && PathText.isFolder(given))
            ? Files.joinText(given, "Root.plist") : given
        let split = Files.split(rootPlist)
        var importer = Importer(folder: split.folder, budget: PlistBudget(bytes: maxMemory))
        let bytes: [UInt8]
        do {
            bytes = try Files.readRegularFile(rootPlist)
        } catch let error as FileError {
            throw ImportError(description: error.description)
        }
        let rootID = PathText.withoutExtension(split.name)
        try importer.loadRoot(bytes, path: rootPlist, id: rootID.isEmpty ? "Root" : rootID)
        importer.settleTitles()
        var app = ImportedApp(root: importer.screens[0].id, screens: importer.screens)
        app.strings = importer.translations()
        for n in app.screens.indices {
            if let table = importer.tableOfScreen[app.screens[n].id] { app.screens[n].strings = importer.ownTranslations[table] ?? [] }
        }
        return ImportResult(script: LuaScriptWriter.script(app, source: rootPlist), warnings: importer.warnings)
    }

    /// Reads one plist file into a value, or an error with the file and position.
    public static func readPlist(path: String) throws -> PlistValue {
        let bytes: [UInt8]
        do { bytes = try Files.readRegularFile(path) } catch let error as FileError { throw ImportError(description: error.description) }
        var budget = PlistBudget(bytes: defaultMaxMemory)
        return try decode(bytes, path: path, budget: &budget).value
    }

    /// The plist in `bytes` (read from `path`), with the lines of its values when it is XML.
    static func decode(_ bytes: [UInt8], path: String, budget: inout PlistBudget) throws -> (value: PlistValue, lines: PlistLines?) {
        do {
            return try PlistReader.readWithLines(bytes, budget: &budget)
        } catch let error as PlistReadError {
            throw ImportError(description: error.diagnostic(file: path))
        }
    }
}

/// The few path operations import needs, on plain strings (no Foundation `NSString`).
/// A namespace of functions that keep no state: callable from any thread.
package enum PathText {
    /// Whether `path` names a folder (a link to one too).
    public static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// `a/b/c.plist` → `c.plist`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
    }

    /// `a/b/c.plist` → `a/b`; `c.plist` → `` (the current folder, as NSString gives it).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `c.plist` → `c`; a name without a dot is kept.
    public static func withoutExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
