import ScreenModel

/// Displayed strings that may be functions of ctx (SPEC §8): a screen's title, a section's
/// header and footer, a row's help and confirm, an input's placeholder. Each evaluates at
/// the moment it is shown; a failing function shows its error instead of the text.
extension Session {
    /// The title of a live screen.
    func title(of live: LiveScreen) -> String {
        guard let ref = live.titleFunction else { return tr(live.title, screen: live.id) }
        switch evalString(.function(ref), row: nil, what: "title of screen \"\(live.id)\"") {
        case .success(let s): return tr(s ?? live.id, screen: live.id)
        case .failure(let e): return "\(live.id) (title failed: \(e.message))"
        }
    }

    /// A section's header, evaluated.
    func header(of section: Section) -> String? {
        guard let ref = section.headerFunction else { return section.header.map(tr) }
        switch evalString(.function(ref), row: nil, what: "header of section \"\(section.id)\"") {
        case .success(let s): return s.map(tr)
        case .failure(let e): return "(header failed: \(e.message))"
        }
    }

    /// A section's footer, evaluated.
    func footer(of section: Section) -> String? {
        guard let ref = section.footerFunction else { return section.footer.map(tr) }
        switch evalString(.function(ref), row: nil, what: "footer of section \"\(section.id)\"") {
        case .success(let s): return s.map(tr)
        case .failure(let e): return "(footer failed: \(e.message))"
        }
    }

    /// A row's help text, evaluated.
    func helpText(of row: Row) -> String? {
        guard let ref = row.helpFunction else { return row.help.map(tr) }
        switch evalString(.function(ref), row: row, what: "help of row \"\(row.id)\"") {
        case .success(let s): return s.map(tr)
        case .failure(let e): return "(help failed: \(e.message))"
        }
    }

    /// The question a button asks before it runs (nil: none). A failing function refuses.
    func confirmQuestion(of row: Row) throws -> String? {
        guard let ref = row.confirmFunction else { return row.confirm.map(tr) }
        return try evalString(.function(ref), row: row, what: "confirm of row \"\(row.id)\"").get().map(tr)
    }

    /// An input's placeholder, evaluated.
    func placeholder(of row: Row) -> String? {
        guard let binding = row.binding else { return nil }
        guard let ref = binding.placeholderFunction else { return binding.placeholder.map(tr) }
        guard case .success(let text?) = evalString(.function(ref), row: row, what: "placeholder of row \"\(row.id)\"") else { return nil }
        return tr(text)
    }
}
