import LuaRuntime
import ScreenModel

/// Why an action of a session failed: what the REPL prints and a test's `raises` sees.
public struct SessionError: Error, CustomStringConvertible, Equatable {
    public enum Kind: Equatable, Sendable {
        /// A callback or field function raised (the message names file and line).
        case script
        /// The person asked for something that cannot be done (unknown row, disabled, bad value).
        case refused
        /// A button asks a question first: answer it and select again.
        case needsConfirmation(String)
        /// An input or number row: give its new value with `set`.
        case needsValue
        /// Rows or sections changed at run time did not validate.
        case invalid
        /// The values could not be saved.
        case store
    }

    public var kind: Kind
    public var message: String
    /// The top of the Lua traceback, for script errors.
    public var traceback: [String]

    public init(_ kind: Kind, _ message: String, traceback: [String] = []) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    public var description: String {
        ([message] + traceback.map { "  " + $0 }).joined(separator: "\n")
    }

    static func refused(_ message: String) -> SessionError { SessionError(.refused, message) }

    static func script(_ error: LuaError, what: String? = nil) -> SessionError {
        let lines = Array(error.scriptTraceback.prefix(3))
        let message = what.map { "\(error.message) (in \($0))" } ?? error.message
        return SessionError(.script, message, traceback: lines)
    }
}

/// A script that could not be loaded: every diagnostic found.
public struct LoadError: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
