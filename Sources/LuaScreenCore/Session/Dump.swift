import ScreenModel

/// The JSON of `luascreen dump` (SPEC §3) and the tables `screen()` returns in tests.
extension Session {
    /// `{"root": ID, "screens": [SCREEN...]}` for every screen declared in the script.
    public func dump() -> JSONValue {
        let screens = screenIDs.compactMap { id in resolvedScreen(id: id).map { Session.json($0, declared: declaredExtras(ofScreen: id)) } }
        return .object([("root", .string(app.root)), ("screens", .array(screens))])
    }

    /// What `dump` shows of a screen's declared rows, sections and itself that the resolved
    /// screen does not hold: platform hints and the `ios`/`android` tables, by id.
    struct DeclaredExtras {
        /// Each row's members to add (`hints`, `ios`, `android`), by row id.
        var rows: [String: [(key: String, value: JSONValue)]] = [:]
        /// Each section's `ios`/`android` members, by section id.
        var sections: [String: [(key: String, value: JSONValue)]] = [:]
        /// The screen's own `ios`/`android` members.
        var screen: [(key: String, value: JSONValue)] = []
    }

    /// The declared extras of screen `id` (none for a screen whose sections are a function).
    func declaredExtras(ofScreen id: String) -> DeclaredExtras {
        var out = DeclaredExtras()
        guard let screen = registry.screen(id) else { return out }
        out.screen = Session.platformMembers(screen.platform)
        guard case .value(let sections) = screen.sections else { return out }
        for section in sections {
            let members = Session.platformMembers(section.platform)
            if !members.isEmpty { out.sections[section.id] = members }
            for row in section.rows {
                var members = Session.platformHints(row).map { [("hints", $0)] } ?? []
                members += Session.platformMembers(row.platform)
                if !members.isEmpty { out.rows[row.id] = members }
            }
        }
        return out
    }

    /// `ios` and `android` as JSON members (only the tables that hold keys).
    static func platformMembers(_ keys: PlatformKeys) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if !keys.ios.isEmpty { members.append(("ios", json(.table(keys.ios)))) }
        if !keys.android.isEmpty { members.append(("android", json(.table(keys.android)))) }
        return members
    }

    /// A platform value as JSON (a named table is an object, a list an array).
    static func json(_ value: PlatformValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .bool(let b): return .bool(b)
        case .list(let items): return .array(items.map(json))
        case .table(let entries): return .object(entries.map { ($0.key, json($0.value)) })
        }
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
        if binding.field { members.append(("field", .bool(true))) }
        if case .value(let options)? = binding.options, options.contains(where: { $0.short != nil }) {
            members.append(("short", .array(options.map { .string($0.short ?? $0.text) })))
        }
        return members.isEmpty ? nil : .object(members)
    }

    /// A resolved screen as JSON: id, title, sections of rows.
    public static func json(_ screen: ResolvedScreen) -> JSONValue { json(screen, declared: DeclaredExtras()) }

    /// A resolved screen as JSON, with the members its declaration adds (hints, platform keys).
    static func json(_ screen: ResolvedScreen, declared: DeclaredExtras) -> JSONValue {
        .object([
            ("id", .string(screen.id)),
            ("title", .string(screen.title)),
            ("sections", .array(screen.sections.map { section in
                .object([
                    ("id", .string(section.id)),
                    ("header", .optional(section.header)),
                    ("footer", .optional(section.footer)),
                    ("rows", .array(section.rows.map { row in
                        guard let extra = declared.rows[row.id], case .object(let members) = json(row) else { return json(row) }
                        return .object(members + extra)
                    })),
                ] + (declared.sections[section.id] ?? []))
            })),
        ] + declared.screen)
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
        if let symbol = row.symbol {
            members.append(("chosen", .optional(symbol.chosen)))
            members.append(("reason", .optional(symbol.reason)))
        }
        if let actions = row.actions {
            members.append(("actions", .array(actions.map {
                .object([("id", .string($0.id)), ("text", .string($0.text)), ("destructive", .bool($0.destructive))])
            })))
        }
        return .object(members)
    }
}
