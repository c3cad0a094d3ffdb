import LuaRuntime
import ScreenModel

// The app's globals in a script's sandbox: the table constructors. LuaRuntime opens a generic
// sandbox (libraries, limits, print, require); the names a screen script writes live here,
// next to the validator's kinds.

extension FieldNames {
    /// The constructors a script gets, each with the kind it stamps on its table: the table
    /// kinds (`app`, `screen`, `section`) and one a row kind (`row` makes `text`).
    static let constructors: [(name: String, kind: String)] =
        ["app", "screen", "section"].map { ($0, $0) } + RowKind.allCases.map { ($0.constructor, $0.rawValue) }
}

extension LuaState {
    /// Opens the sandbox (`openSandbox`) and installs the app's globals: the constructors.
    package func openScriptSandbox(_ options: SandboxOptions) -> LuaError? {
        if let error = openSandbox(options) { return error }
        installConstructors(FieldNames.constructors)
        return nil
    }
}

extension LuaError {
    /// The words for a sandbox that could not be opened: a limit too small to open it is
    /// the limit's own message (it says what to raise); anything else is an internal error.
    package var sandboxText: String {
        switch kind {
        case .memory, .instructions: return message
        default: return "internal: \(message)"
        }
    }
}
