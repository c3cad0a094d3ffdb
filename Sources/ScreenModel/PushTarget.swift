/// Where selecting a row navigates.
public enum PushTarget: Hashable, Sendable {
    /// A screen of the app, by id (inline child screens are registered under their id).
    case screen(String)
    /// `function(ctx) return screen end`, evaluated when the row is selected.
    case function(ScriptRef)
}
