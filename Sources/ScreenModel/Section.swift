/// A group of rows with an optional header and footer.
/// Sendable: a plain value, safe to share between threads.
public struct Section: Sendable {
    /// The section's id (given, or made from its header or position).
    public var id: String
    /// The text above the rows (the id of the function when `headerFunction` is set).
    public var header: String?
    /// The text below the rows (the id of the function when `footerFunction` is set).
    public var footer: String?
    /// `header = function(ctx)`, `footer = function(ctx)`: evaluated at each render.
    public var headerFunction: ScriptRef?
    /// `footer = function(ctx)`: evaluated at each render.
    public var footerFunction: ScriptRef?
    /// The rows, in the order declared.
    public var rows: [Row]
    /// Whether the section shows: a constant, or a function of ctx.
    public var visible: Dynamic<Bool>
    /// Where the section was declared, when known.
    public var location: SourceLocation?
    /// How many of `rows` are visible, when no row's visibility is a function; kept by the
    /// loader and the session's run-time edits so that paging a long screen need not look
    /// at every row. Trusted only while `rowCount` still matches `rows.count`.
    public var visibility: VisibilitySummary?
    /// The section's `ios` and `android` tables (SPEC §15): kept for export, shown nowhere.
    public var platform = PlatformKeys()

    /// A section with these fields (functions and the visibility summary are set apart).
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
/// Sendable: a plain value, safe to share between threads.
public struct VisibilitySummary: Hashable, Sendable {
    /// How many rows the section had when it was counted.
    public var rowCount: Int
    /// How many of them are visible.
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
