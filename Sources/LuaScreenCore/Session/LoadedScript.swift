import ScreenModel

/// What loading the script gave that the run keeps besides the app and the registry: the
/// validator that read it, the warnings it found, the files read, the text of an unsaved buffer, the lines the key-typo scan reads.
///
/// A plain value owned by one `Session` and mutated in place (`session.script.x = ...`),
/// bound, as the session is, to the session's thread (not `Sendable`).
struct LoadedScript {
    /// The validator that read the script, kept to read run-time rows, sections and options.
    var validator: Validator
    /// The warnings found while loading (for `check`).
    var diagnostics: [Diagnostic]
    /// The script's file and the modules it required (`run --watch` watches them).
    var sources: SourceFiles
    /// The script's text when it was not read from its file (an editor's buffer), for the key-typo scan.
    var text: [UInt8]?
    /// The lines of the script's text (as loaded) that the key-typo scan reads
    /// (`StoreKeyUse.candidateLines`), so it does not read the file again.
    var keyLines: [(Int, String)] = []
}
