import ScreenModel

/// The JSON of `luascreen dump` (SPEC §3) and the tables `screen()` returns in tests.
extension Session {
    /// `{"root": ID, "screens": [SCREEN...]}` for every screen declared in the script.
    public func dump() -> JSONValue {
        let screens = screenIDs.compactMap { resolvedScreen(id: $0) }.map(Session.json)
        return .object([("root", .string(app.root)), ("screens", .array(screens))])
    }

    /// An evaluated screen as `dump` writes it: id, title, sections with their rows.
    public static func json(_ screen: ResolvedScreen) -> JSONValue {
        .object([
            ("id", .string(screen.id)),
            ("title", .string(screen.title)),
            ("sections", .array(screen.sections.map { section in
                .object([
                    ("id", .string(section.id)),
                    ("header", .optional(section.header)),
                    ("footer", .optional(section.footer)),
                    ("rows", .array(section.rows.map(json))),
                ])
            })),
        ])
    }

    /// An evaluated row as `dump` writes it (SPEC §3), `actions` only when it has some.
    public static func json(_ row: ResolvedRow) -> JSONValue {
        // (a non-finite number, which JSON cannot hold, is null, as the writer prints it)
        let value = row.value.flatMap(JSONValue.init(store:)) ?? .null
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(row.id)),
            ("type", .string(row.kind.rawValue)),
            ("text", .string(row.text)),
            ("detail", .optional(row.detail)),
            ("icon", .optional(row.icon)),
            ("style", .string(row.style.rawValue)),
            ("accessory", .string(row.accessory.rawValue)),
            ("enabled", .bool(row.enabled)),
            ("visible", .bool(row.visible)),
            ("selectable", .bool(row.selectable)),
            ("key", .optional(row.key)),
            ("value", value),
        ]
        if let actions = row.actions {
            members.append(("actions", .array(actions.map {
                .object([("id", .string($0.id)), ("text", .string($0.text)), ("destructive", .bool($0.destructive))])
            })))
        }
        return .object(members)
    }
}
