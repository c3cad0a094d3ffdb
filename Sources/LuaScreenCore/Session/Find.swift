import LuaRuntime
import ScreenModel

/// One search result of `find`. `Sendable`: a plain value.
public struct FindResult: Equatable, Sendable {
    /// The id of the screen the row is on.
    public var screen: String
    /// The row's id.
    public var row: String
    /// The row's text, as shown.
    public var text: String
    /// Screen titles from the root to the row's screen.
    public var titles: [String]
    /// Screen ids from the root to the row's screen (how `go` gets there).
    public var path: [String]
    /// The row (or its section) is hidden now: `go` to it says why.
    public var hidden: Bool = false
    /// What matched when it is not the row's text or detail: `help`, `option "Dark"`,
    /// `item "foo"`, `key editor.tab_size`, `id font_size`; nil for the text or the detail.
    public var matched: String? = nil
}

/// `find` and `go`: rows of every reachable screen by text, and the path to one.
extension Session {
    /// Rows of every screen reachable from the root whose text, detail, help, option texts
    /// or values, list items, store key or id contains `text`, hidden rows too (marked); a
    /// match beyond the text and detail says what matched. A row whose field function failed
    /// cannot be searched: each such failure is added to `warnings` (once a search), never
    /// skipped unseen. Screen titles are the titles as shown (a title function is run).
    public func find(_ text: String) -> [FindResult] {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let needle = text.lowercased()
        var results: [FindResult] = []
        var failures: Set<String> = []
        // Each screen with the ids and the shown titles of the screens above it.
        var queue: [(id: String, path: [String], titles: [String])] = [(app.root, [app.root], [])]
        var seen: Set<String> = [app.root]
        var index = 0
        while index < queue.count {
            let (id, idPath, parentTitles) = queue[index]
            index += 1
            guard let screen = resolvedScreen(id: id), let declared = validator.screen(id) else { continue }
            // The title as shown (a title function evaluated), not as declared.
            let titlePath = parentTitles + [screen.title]
            var rows: [String: Row] = [:]
            if case .value(let sections) = declared.sections {
                for row in sections.lazy.flatMap(\.rows) { rows[row.id] = row }
            }
            for section in screen.sections {
                for row in section.rows {
                    if let error = row.error, failures.insert(error).inserted {
                        warnings.append("find could not search row \"\(row.id)\" of screen \"\(id)\": \(error)")
                    }
                    guard !needle.isEmpty else { continue }
                    var matched: String?? = nil
                    if (row.text + "\n" + (row.detail ?? "")).lowercased().contains(needle) {
                        matched = .some(nil)
                    } else if let declaredRow = rows[row.id] {
                        matched = otherMatch(needle, declaredRow).map { .some($0) }
                    }
                    guard let matched else { continue }
                    results.append(FindResult(screen: id, row: row.id, text: row.text, titles: titlePath, path: idPath,
                                              hidden: !row.visible || !section.visible, matched: matched))
                }
            }
            for target in pushTargets(of: declared) where !seen.contains(target) {
                seen.insert(target)
                queue.append((target, idPath + [target], titlePath))
            }
        }
        return results
    }

    /// What of a row beyond its text and detail contains `needle` (lowercased): its help,
    /// an option's text or value, a list item, its store key, its id.
    private func otherMatch(_ needle: String, _ row: Row) -> String? {
        func has(_ s: String) -> Bool { s.lowercased().contains(needle) }
        func quoted(_ s: String) -> String { "\"" + String(s.prefix(60)) + "\"" }
        if let help = row.help, has(tr(help)) || has(help) { return "help" }
        if row.kind == .choice, case .success(let options) = options(of: row) {
            if let option = options.first(where: { has(tr($0.text)) || has($0.value.description) }) {
                return "option " + quoted(tr(option.text))
            }
        }
        if let binding = row.binding {
            if row.kind == .list, let items = value(for: binding.key)?.listItems,
               let item = items.first(where: { has($0.description) }) {
                return "item " + quoted(item.description)
            }
            if has(binding.key) { return "key " + binding.key }
        }
        if has(row.id) { return "id " + row.id }
        return nil
    }

    private func pushTargets(of screen: Screen) -> [String] {
        guard case .value(let sections) = screen.sections else { return [] }
        return sections.flatMap(\.rows).compactMap { row in
            if case .screen(let id)? = row.push { return id }
            return nil
        }
    }

    /// Goes to a screen by the path of ids from the root (a `find` result), running each
    /// screen's `on_appear` on the way.
    public func go(to path: [String]) throws {
        try perform {
            navigation.removeAll()
            for id in path { try pushScreen(id: id) }
        }
    }
}
