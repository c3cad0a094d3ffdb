import ScreenModel

/// What the session tracks of the script's reads and writes of the store: the action's
/// transaction, the keys field functions read (and values tried in place of the stored ones),
/// the defaults being computed, the keys already warned about.
///
/// A plain value owned by one `Session` and mutated in place (`session.tracking.x = ...`),
/// bound, as the session is, to the session's thread (not `Sendable`).
struct StoreTracking {
    /// The action under way: its store writes and alerts, kept until it succeeds; nil: none.
    var transaction: Session.Transaction?
    /// The store keys (and values) read by the field functions under way; nil: not recording.
    var readLog: [(key: String, value: StoreValue?)]?
    /// The store keys field functions read while `evaluationProblems` ran (for key typos).
    var fieldReads: [FieldRead] = []
    /// Values field functions read instead of the stored ones (`why` trying what decided a condition).
    var readOverrides: [String: StoreValue]?
    /// Keys whose `default` function is running (one that reads its own key gets the fallback).
    var defaulting = Set<String>()
    /// Keys whose stored value was warned about (each said once).
    var warnedKeys = Set<StoreKey>()
}
