/// A group of rows with an optional header and footer.
public struct Section: Sendable {
    public var id: String
    public var header: String?
    public var footer: String?
    /// `header = function(ctx)`, `footer = function(ctx)`: evaluated at each render.
    public var headerFunction: ScriptRef?
    public var footerFunction: ScriptRef?
    public var rows: [Row]
    public var visible: Dynamic<Bool>
    public var location: SourceLocation?
    /// How many of `rows` are visible, when no row's visibility is a function; kept by the
    /// loader and the session's run-time edits so that paging a long screen need not look
    /// at every row. Trusted only while `rowCount` still matches `rows.count`.
    public var visibility: VisibilitySummary?

    public init(id: String, header: String? = nil, footer: String? = nil, rows: [Row] = [],
                visible: Dynamic<Bool> = .value(true), location: SourceLocation? = nil) {
        self.id = id
        self.header = header
        self.footer = footer
        self.rows = rows
        self.visible = visible
        self.location = location
    }
}

/// A section's rows as paging sees them.
public struct VisibilitySummary: Hashable, Sendable {
    public var rowCount: Int
    public var visibleRows: Int

    /// nil when some row's visibility is a function of ctx.
    public init?(_ rows: [Row]) {
        var visible = 0
        for row in rows {
            switch row.visible {
            case .function: return nil
            case .value(let v): if v { visible += 1 }
            }
        }
        rowCount = rows.count
        visibleRows = visible
    }
}
