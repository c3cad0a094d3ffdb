import LuaRuntime
import ScreenModel

/// Why an action of a session failed: what the REPL prints and a test's `raises` sees.
/// `Sendable`: a plain value (as every `Error` is).
public struct SessionError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure it is (how the REPL and a test respond to it). `Sendable`.
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

    /// What kind of failure it is.
    public var kind: Kind
    /// The message, as the REPL prints it (without the traceback).
    public var message: String
    /// The top of the Lua traceback, for script errors.
    public var traceback: [String]
    /// What the failure came from, when a program may answer it without reading the message.
    public var cause: Cause?
    /// When opening the root failed (its `on_appear` raised): the warnings the script gave
    /// as it loaded, the key typos among them, which `check` reports with the error.
    public var warnings: [Diagnostic] = []

    /// What a failure came from, typed. `Sendable`: a plain value.
    public enum Cause: Equatable, Sendable {
        /// The Lua error a callback or field function raised (its place is `LuaError.location`).
        case lua(LuaError)
        /// The store's error when the values could not be saved.
        case store(StoreError)
        /// No row of the screen shown answers to the reference (a number, id or text);
        /// `suggestion`: the row text or id the message asks whether it meant, if any.
        case noRow(reference: String, suggestion: String? = nil)
        /// The row is hidden or disabled, or wants a value (`RowRefusal`, whose message it is).
        case refusal(RowRefusal)
    }

    /// A failure of `kind` saying `message`, with the top of the Lua traceback for script
    /// errors and what it came from.
    public init(_ kind: Kind, _ message: String, traceback: [String] = [], cause: Cause? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.cause = cause
    }

    /// The message, then each traceback line indented by two spaces.
    public var description: String {
        ([message] + traceback.map { "  " + $0 }).joined(separator: "\n")
    }

    package static func refused(_ message: String) -> SessionError { SessionError(.refused, message) }

    static func script(_ error: LuaError, what: String? = nil) -> SessionError {
        let lines = Array(error.scriptTraceback.prefix(3))
        let text = error.message + SessionError.sandboxHint(error.message)
        let message = what.map { "\(text) (in \($0))" } ?? text
        return SessionError(.script, message, traceback: lines, cause: .lua(error))
    }
}

extension SessionError {
    /// For an error a sandboxed library's absence caused (`io.open` indexing the missing
    /// global `io`): what the sandbox hides and that `--trusted` lifts it; else "".
    static func sandboxHint(_ message: String) -> String {
        for library in ["io", "debug", "package", "collectgarbage", "dofile", "loadfile"]
        where message.contains("(global '\(library)')") {
            return "; scripts run sandboxed, without \(library) (run with --trusted to allow it)"
        }
        for name in ["execute", "remove", "rename", "exit", "getenv", "tmpname"]
        where message.contains("(field '\(name)')") && message.contains("call") {
            return "; scripts run sandboxed: os has only time, clock, date and difftime (run with --trusted to allow os.\(name))"
        }
        return ""
    }
}

/// A script that could not be loaded: every diagnostic found. `Sendable`: a plain value.
public struct LoadError: Error, CustomStringConvertible, Sendable {
    /// The diagnostics, sorted by file and line: errors, and warnings found with them.
    public var diagnostics: [Diagnostic]

    /// Set when the file is a locale file (a table of `text = translation`, which an app's
    /// `strings = "folder"` reads), not a screen: the problems of its entries, empty when
    /// each is two strings; or a module (a table of functions): a warning that it is one.
    /// `diagnostics` holds them and the error that it is not a screen; `check` reports only these.
    public var localeFileProblems: [Diagnostic]?

    /// The modules the script required before it failed (their paths as read): parts of the
    /// script, which `check DIR` does not check again alone.
    public var modules: [String] = []

    /// A load error of these diagnostics.
    public init(_ diagnostics: [Diagnostic], localeFileProblems: [Diagnostic]? = nil) {
        self.diagnostics = diagnostics
        self.localeFileProblems = localeFileProblems
    }

    /// Each diagnostic as `file:line: severity: message`, one a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
