/// A screen: a title and its sections, like one UITableViewController.
public struct Screen: Sendable {
    public var id: String
    public var title: String
    /// `title = function(ctx)`: evaluated at each render (`title` is then its id).
    public var titleFunction: ScriptRef?
    /// The sections, or a function of `ctx` returning them at each render.
    public var sections: Dynamic<[Section]>
    public var onAppear: ScriptRef?
    public var location: SourceLocation?

    public init(id: String, title: String, sections: Dynamic<[Section]>, onAppear: ScriptRef? = nil,
                location: SourceLocation? = nil) {
        self.id = id
        self.title = title
        self.sections = sections
        self.onAppear = onAppear
        self.location = location
    }
}
