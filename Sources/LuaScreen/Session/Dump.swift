import ScreenModel

/// The JSON of `luascreen dump` (SPEC §3) and the tables `screen()` returns in tests.
extension Session {
    /// `{"root": ID, "screens": [SCREEN...]}` for every screen declared in the script.
    public func dump() -> JSONValue {
        let screens = screenIDs.compactMap { id in resolvedScreen(id: id).map { Session.json($0, hints: platformHints(ofScreen: id)) } }
        return .object([("root", .string(app.root)), ("screens", .array(screens))])
    }

    /// The platform hints of a screen's declared rows, by row id: what the terminal does not
    /// show but export writes (`keyboard`, `autocapitalize`, `autocorrect`, `sorted`,
    /// `radio`, options' `short` texts).
    func platformHints(ofScreen id: String) -> [String: JSONValue] {
        guard case .value(let sections)? = validator.screen(id)?.sections else { return [:] }
        var out: [String: JSONValue] = [:]
        for section in sections {
            for row in section.rows {
                if let hints = Session.platformHints(row) { out[row.id] = hints }
            }
        }
        return out
    }

    /// A row's platform hints as a JSON object, or nil when it has none.
    static func platformHints(_ row: Row) -> JSONValue? {
        guard let binding = row.binding else { return nil }
        var members: [(key: String, value: JSONValue)] = []
        if let k = binding.keyboard { members.append(("keyboard", .string(k.rawValue))) }
        if let a = binding.autocapitalize { members.append(("autocapitalize", .string(a.rawValue))) }
        if let c = binding.autocorrect { members.append(("autocorrect", .bool(c))) }
        if binding.sortedOptions { members.append(("sorted", .bool(true))) }
        if binding.radio { members.append(("radio", .bool(true))) }
        if case .value(let options)? = binding.options, options.contains(where: { $0.short != nil }) {
            members.append(("short", .array(options.map { .string($0.short ?? $0.text) })))
        }
        return members.isEmpty ? nil : .object(members)
    }

    /// A resolved screen as JSON: id, title, sections of rows.
    public static func json(_ screen: ResolvedScreen) -> JSONValue { json(screen, hints: [:]) }

    /// A resolved screen as JSON, each row with its platform `hints` (by row id) when it has some.
    static func json(_ screen: ResolvedScreen, hints: [String: JSONValue]) -> JSONValue {
        .object([
            ("id", .string(screen.id)),
            ("title", .string(screen.title)),
            ("sections", .array(screen.sections.map { section in
                .object([
                    ("id", .string(section.id)),
                    ("header", .optional(section.header)),
                    ("footer", .optional(section.footer)),
                    ("rows", .array(section.rows.map { row in
                        guard let h = hints[row.id], case .object(var members) = json(row) else { return json(row) }
                        members.append(("hints", h))
                        return .object(members)
                    })),
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
