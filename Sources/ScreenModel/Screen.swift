/// A screen: a title and its sections, like one UITableViewController.
/// Sendable: a plain value, safe to share between threads.
public struct Screen: Sendable {
    /// The screen's id (`push` names it).
    public var id: String
    /// The title shown above the sections.
    public var title: String
    /// `title = function(ctx)`: evaluated at each render (`title` is then its id).
    public var titleFunction: ScriptRef?
    /// The sections, or a function of `ctx` returning them at each render.
    public var sections: Dynamic<[Section]>
    /// `on_appear(ctx)`: run each time the screen is pushed.
    public var onAppear: ScriptRef?
    /// Where the screen was declared, when known.
    public var location: SourceLocation?
    /// The screen's `ios` and `android` tables (SPEC §15): kept for export, shown nowhere.
    public var platform = PlatformKeys()
    /// `strings = { fr = { ["Advanced"] = "Avancé" } }`: this screen's own translations, by
    /// locale, looked up before the app's for the texts the screen shows (SPEC §9).
    public var strings: [String: [String: String]] = [:]

    /// A screen with these fields (the title function is set apart).
    public init(id: String, title: String, sections: Dynamic<[Section]>, onAppear: ScriptRef? = nil,
                location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.sections = sections
        self.onAppear = onAppear
        self.location = location
    }
}
