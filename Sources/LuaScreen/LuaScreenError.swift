import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenInterop
import LuaScreenTesting

/// Any error the library throws, as one type: the typed error it is, kept whole as its cause,
/// and the place in a script it is about, when it is about one. Each function still throws
/// its own error (a `LoadError` from `Session.open`, a `SessionError` from an action, ...),
/// so code that catches those is unchanged; `LuaScreenError(error)` makes any of them this
/// one, reading no message. Its `description` is the cause's, byte for byte.
/// `Sendable`: a plain value.
public enum LuaScreenError: Error, CustomStringConvertible, Sendable {
    /// The script did not load: every diagnostic found.
    case load(LoadError)
    /// An action of a session failed (its cause, when typed, is `SessionError.cause`).
    case session(SessionError)
    /// Lua raised: a syntax error, a run-time error, a limit.
    case lua(LuaError)
    /// The store could not be read or written.
    case store(StoreError)
    /// The `Files` seam refused or failed to read or write a file.
    case file(FileError)
    /// A JSON text could not be parsed.
    case json(JSONParseError)
    /// A test file or folder named to `TestRunner` does not exist.
    case testPath(TestPathError)
    /// A plist could not be read.
    case plist(PlistReadError)
    /// A Settings.bundle or androidx file could not be imported.
    case importing(ImportError)
    /// An export could not be written: every reason.
    case export(ExportError)
    /// An error of another type (none of the library's own).
    case other(any Error)

    /// `error` as a `LuaScreenError`: the case of its type (a `LuaScreenError` is returned as it is).
    public init(_ error: any Error) {
        switch error {
        case let e as LuaScreenError: self = e
        case let e as LoadError: self = .load(e)
        case let e as SessionError: self = .session(e)
        case let e as LuaError: self = .lua(e)
        case let e as StoreError: self = .store(e)
        case let e as FileError: self = .file(e)
        case let e as JSONParseError: self = .json(e)
        case let e as TestPathError: self = .testPath(e)
        case let e as PlistReadError: self = .plist(e)
        case let e as ImportError: self = .importing(e)
        case let e as ExportError: self = .export(e)
        default: self = .other(error)
        }
    }

    /// The typed error this one is.
    public var cause: any Error {
        switch self {
        case .load(let e): return e
        case .session(let e): return e
        case .lua(let e): return e
        case .store(let e): return e
        case .file(let e): return e
        case .json(let e): return e
        case .testPath(let e): return e
        case .plist(let e): return e
        case .importing(let e): return e
        case .export(let e): return e
        case .other(let e): return e
        }
    }

    /// The file and line the error is about, from the cause's fields: a load's or an export's
    /// first error with a line, the line Lua named for what a script raised (also when a
    /// session action failed for it), where a store file stops being JSON; nil when none.
    public var location: SourceLocation? {
        switch self {
        case .load(let e): return LuaScreenError.firstPlace(e.diagnostics)
        case .export(let e): return LuaScreenError.firstPlace(e.diagnostics)
        case .lua(let e): return e.location.map { SourceLocation(file: $0.file, line: $0.line) }
        case .session(let e):
            switch e.cause {
            case .lua(let lua)?: return LuaScreenError.lua(lua).location
            case .store(let store)?: return LuaScreenError.store(store).location
            case .noRow?, .refusal?, nil: return nil
            }
        case .store(.damaged(let path, _, let json?)): return SourceLocation(file: path, line: json.line)
        case .store, .file, .json, .testPath, .plist, .importing, .other: return nil
        }
    }

    /// The cause's own description, byte for byte.
    public var description: String { "\(cause)" }

    /// The place of the first error among `diagnostics` that has a line.
    private static func firstPlace(_ diagnostics: [Diagnostic]) -> SourceLocation? {
        diagnostics.first { $0.severity == .error && $0.line != nil }.map { SourceLocation(file: $0.file, line: $0.line!) }
    }
}
