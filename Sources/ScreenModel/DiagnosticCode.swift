/// The kind of problem a diagnostic reports, set by the code that finds it (the loader, the
/// validator, `check`'s evaluation, the key-typo scan); the language server sends its
/// `rawValue` as the diagnostic's `code`. Not part of `check`'s text or JSON output.
/// Sendable: a plain value.
public enum DiagnosticCode: String, Sendable, CaseIterable {
    /// The script does not compile.
    case syntax
    /// An action ran past its instruction budget.
    case budget
    /// The script (or what the host copied out of it) went past the memory cap.
    case memory
    /// A field the constructor does not have (a typo: `txt =`).
    case unknownField = "unknown-field"
    /// A value the field does not take (`accessory = "chevron"`).
    case unknownValue = "unknown-value"
    /// A field the constructor needs is not given.
    case missingField = "missing-field"
    /// A push, a root or a navigation names no screen of the app.
    case unknownScreen = "unknown-screen"
    /// Two screens, sections, rows, options or actions share one id or value.
    case duplicate
    /// A table contains itself, or a module requires itself (through the modules it requires).
    case cycle
    /// `ctx.store.NAME` is read but no row binds NAME (a typo of a key).
    case keyTypo = "key-typo"
    /// One key is bound by rows that disagree.
    case keyConflict = "key-conflict"
    /// The script returns no screen or app.
    case noScreen = "no-screen"
    /// A field or value of the wrong type.
    case wrongType = "wrong-type"
    /// A default the row's own rules refuse.
    case badDefault = "bad-default"
    /// A choice's `options` function raised or returned no list of options.
    case optionsFailed = "options-failed"
    /// Any other warning.
    case warning
    /// Any other error the script raised at a line of its own.
    case scriptError = "script-error"
    /// Any other error.
    case invalid

    /// The code of a problem of no more particular kind: `warning` for a warning, else
    /// `scriptError` for one at a line of the script itself (no path), else `invalid`.
    public static func general(_ severity: Diagnostic.Severity, line: Int?, path: String) -> DiagnosticCode {
        if severity == .warning { return .warning }
        return line != nil && path.isEmpty ? .scriptError : .invalid
    }

    /// The kind of an error known by its text only: raised by the script through Lua
    /// (`error(...)`, a library function's complaint, a host refusal raised in a callback) or
    /// another error's message made into a diagnostic, whose words are all there is to go by;
    /// nil when they name no particular kind. The one place a code is read from a message,
    /// used (through `Diagnostic.ofErrorText`) where such a diagnostic is made.
    public init?(errorText m: String) {
        if m.hasPrefix("syntax error") { self = .syntax }
        else if m.contains("instruction limit") || m.contains("instructions limit") || m.contains("time limit") { self = .budget }
        else if m.contains("memory limit") || m.contains("out of memory") { self = .memory }
        else if m.contains("unknown field") { self = .unknownField }
        else if m.contains("unknown value") { self = .unknownValue }
        else if m.contains("missing required field") { self = .missingField }
        else if m.contains("no screen with id") { self = .unknownScreen }
        else if m.hasPrefix("duplicate") || m.contains(": duplicate") { self = .duplicate }
        else if m.contains("contains itself") || m.contains("requires itself") { self = .cycle }
        else if m.hasPrefix("ctx.store.") || (m.contains(".store.") && m.contains("no row binds")) { self = .keyTypo }
        else if m.contains("bound with") || m.contains("conflicting") { self = .keyConflict }
        else if m.contains("returns no screen") || m.contains("the script returns") { self = .noScreen }
        else if m.hasPrefix("expected") || m.contains(" got ") { self = .wrongType }
        else if m.contains("default") { self = .badDefault }
        else { return nil }
    }
}
