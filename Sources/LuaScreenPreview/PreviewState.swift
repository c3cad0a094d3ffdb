import LuaScreen
import ScreenModel

/// What the page draws, as JSON: the path, a window of the current screen's rows (each as
/// `dump` writes it, plus its presentation, every text the page draws of it, and what a
/// phone's control needs: its number, range, masking, the kind of screen it is on), the
/// diagnostics of a script that no longer loads.
enum PreviewState {
    /// The most rows one answer holds (the page asks for more as it scrolls).
    static let maxWindow = 500
    /// The first rows a window may start at: far past any screen, and far from overflowing
    /// `from + count` (every integer a request gives is clamped to its range before any sum).
    static let fromRange = 0...Int(Int32.max)
    /// How many rows a window may ask for.
    static let countRange = 1...maxWindow

    /// A JSON integer of a request clamped into `range`; `fallback` when absent or not an integer.
    static func clamped(_ value: JSONValue?, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        guard case .integer(let n)? = value else { return fallback }
        return Int(clamping: min(max(n, Int64(range.lowerBound)), Int64(range.upperBound)))
    }

    /// The state of `session` with rows `from..<from+count` of the current screen (both
    /// clamped into `fromRange` and `countRange` first).
    static func json(_ session: Session, version: Int, from: Int, count: Int, hidden: Bool,
                     diagnostics: [String]?, note: String?) -> JSONValue {
        let count = min(max(countRange.lowerBound, count), countRange.upperBound)
        let from = min(max(fromRange.lowerBound, from), fromRange.upperBound)
        let screen: ResolvedScreen
        let total: Int
        if hidden {
            (screen, total) = allRows(session.currentScreen(), from: from, count: count)
        } else {
            (screen, total) = session.rows(from: from, count: count)
        }
        let kind = session.shownPickerID != nil ? "picker" : session.shownListID != nil ? "list" : "screen"
        var path: [JSONValue] = []
        for (id, title) in zip(session.path, session.titles) {
            path.append(.object([("id", .string(id)), ("title", .string(title))]))
        }
        return .object([
            ("version", .integer(Int64(version))),
            ("path", .array(path)),
            ("screen", .object([
                ("id", .string(screen.id)),
                ("title", .string(screen.title)),
                ("kind", .string(kind)),
                ("list", .optional(session.shownListID)),
                ("multiple", .bool(session.shownPickerIsMultiple)),
                ("from", .integer(Int64(max(0, min(from, total))))),
                ("total", .integer(Int64(total))),
                ("sections", .array(screen.sections.map { section(session, $0) })),
            ])),
            ("diagnostics", diagnostics.map { .array($0.map { .string(sanitize($0)) }) } ?? .null),
            ("note", .optional(note)),
            ("labels", labels(session)),
        ])
    }

    /// The buttons of the dialogs no row opens (an alert, an answer) and the words of the
    /// page's controls (`PresentationWords.controls`), in the session's locale.
    static func labels(_ session: Session) -> JSONValue {
        let words = session.presentationWords
        return .object([("cancel", .string(words.cancel)), ("ok", .string(words.ok))]
                       + PresentationWords.controls.map { ($0.name, .string(session.tr($0.text))) })
    }

    /// A window over every row of a screen evaluated whole, hidden ones included.
    private static func allRows(_ whole: ResolvedScreen, from: Int, count: Int) -> (ResolvedScreen, Int) {
        let total = whole.sections.reduce(0) { $0 + $1.rows.count }
        var out = ResolvedScreen(id: whole.id, title: whole.title, sections: [])
        var position = 0
        let end = from + count
        for section in whole.sections {
            let rows = section.rows.enumerated().filter { position + $0.offset >= from && position + $0.offset < end }.map(\.element)
            let last = position + section.rows.count
            position = last
            if rows.isEmpty && !(section.rows.isEmpty && last >= from && last < end) { continue }
            var part = section
            part.rows = rows
            if last > end { part.footer = nil }
            out.sections.append(part)
        }
        return (out, total)
    }

    private static func section(_ session: Session, _ section: ResolvedSection) -> JSONValue {
        .object([
            ("id", .string(section.id)),
            ("header", .optional(section.header)),
            ("footer", .optional(section.footer)),
            ("visible", .bool(section.visible)),
            ("rows", .array(section.rows.map { row(session, $0) })),
        ])
    }

    /// A row as `dump` writes it, and what the page's control for it needs.
    static func row(_ session: Session, _ row: ResolvedRow) -> JSONValue {
        guard case .object(var members) = Session.json(row) else { return .null }
        members.append(("number", row.number.map { .integer(Int64($0)) } ?? .null))
        members.append(("destructive", .bool(row.destructive)))
        members.append(("error", .optional(row.error)))
        members.append(("placeholder", .bool(row.isPlaceholder)))
        members.append(("on", row.isOn.map { .bool($0) } ?? .null))
        // Every text the page draws of the row, in the session's locale, as the core computes it.
        members.append(("presentation", PresentationJSON.json(session.presentation(of: row))))
        // The reference a click sends back: the id, unless it reads as a number (a number
        // is a row's position to the session).
        let ref = row.id.allSatisfy(\.isNumber) ? row.number.map(String.init) ?? row.id : row.id
        members.append(("ref", .string(ref)))
        if let key = row.key, let binding = session.binding(forKey: key) {
            var hints: [(key: String, value: JSONValue)] = []
            if let v = binding.minimum { hints.append(("min", .number(v))) }
            if let v = binding.maximum { hints.append(("max", .number(v))) }
            if let v = binding.step { hints.append(("step", .number(v))) }
            if let v = binding.unit { hints.append(("unit", .string(v))) }
            if binding.secure { hints.append(("secure", .bool(true))) }
            if binding.multiline { hints.append(("multiline", .bool(true))) }
            if binding.field { hints.append(("field", .bool(true))) }
            if binding.multiple { hints.append(("multiple", .bool(true))) }
            if binding.radio, !binding.multiple, let declared = session.declaredRow(row), declared.id == row.id {
                // An inline radio group (iOS): its options as the picker shows them.
                hints.append(("radio", .bool(true)))
                if case .success(let options) = session.optionRows(of: declared) {
                    hints.append(("options", .array(options.map { option in
                        .object([("value", .string(option.id)), ("text", .string(option.text)),
                                 ("chosen", .bool(option.accessory == .checkmark))])
                    })))
                }
            }
            if let v = binding.earliest { hints.append(("earliest", .string(v))) }
            if let v = binding.latest { hints.append(("latest", .string(v))) }
            if let v = binding.maxLength { hints.append(("max_length", .integer(Int64(v)))) }
            if let v = binding.keyboard { hints.append(("keyboard", .string(v.rawValue))) }
            members.append(("control", .object(hints)))
        }
        return .object(members)
    }
}
