/// A group of rows with an optional header and footer.
public struct Section: Sendable {
    public var id: String
    public var header: String?
    public var footer: String?
    public var rows: [Row]
    public var visible: Dynamic<Bool>
    public var location: SourceLocation?

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
