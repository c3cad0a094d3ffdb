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

    /// The row by ids, for `Session.select(_:)` and its twins once `go(to: path)` shows its screen.
    public var rowID: RowID { RowID(screen: screen, row: row) }
}

/// `find` and `go`: rows of every reachable screen by text, and the path to one.
extension Session {
    /// Rows of every screen reachable from the root whose text, detail, help, option texts
    /// or values, list items, store key or id contains `text`, hidden rows too (marked); a
    /// match beyond the text and detail says what matched. A row whose field function failed
    /// cannot be searched: each such failure is added to `warnings` (once a search), never
    /// skipped unseen. Screen titles are the titles as shown (a title function is run).
    public func find(_ text: String) -> [FindResult] {
        let (results, failures) = search(text)
        warnings += failures
        return results
    }

    /// `find`'s results, and for each row whose field function failed (so it could not be
    /// searched) an error naming the row, its screen and the script's message, instead of a
    /// warning: for callers where a failing script is an error (the REPL's `find`, a test
    /// file's `s:find`), as a failing field function is for every other command.
    public func search(_ text: String) -> (results: [FindResult], errors: [String]) {
        if symbols != nil { return (findSymbols(text), []) }
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let needle = CaseInsensitiveNeedle(text)
        var results: [FindResult] = []
        var failures: Set<String> = []
        var errors: [String] = []
        var found: [(id: String, text: String, hidden: Bool, matched: String?)] = []  // of one screen
        forEachReachableScreen { id, declared, idPath, parentTitles in
            var declaredRows = DeclaredRows(declared)
            // The screen evaluated as if pushed, row by row: nothing drawn, no row copied.
            navigation.append(liveScreen(for: declared))
            let title = forEachRowFields { s, r, sectionVisible, rowID, row in
                let error = row.errors.isEmpty ? nil : row.errors.joined(separator: "; ")
                if let error, failures.insert(error).inserted {
                    errors.append("find could not search row \"\(rowID)\" of screen \"\(id)\": \(error)")
                }
                guard !needle.isEmpty else { return }
                var matched: String?? = nil
                if needle.found(inText: row.text, detail: row.detail) {
                    matched = .some(nil)
                } else if let other = declaredRows.withRow(section: s, row: r, id: rowID, { otherMatch(needle, $0) }) {
                    matched = other.map { .some($0) }  // nil: nothing of the row matched
                }
                guard let matched else { return }
                found.append((rowID, row.text, !row.visible || !sectionVisible, matched))
            }
            navigation.removeLast()
            // The title as shown (a title function evaluated), not as declared.
            let titlePath = parentTitles + [title]
            for f in found {
                results.append(FindResult(screen: id, row: f.id, text: f.text, titles: titlePath, path: idPath,
                                          hidden: f.hidden, matched: f.matched))
            }
            found.removeAll(keepingCapacity: true)
            return title
        }
        return (results, errors)
    }

    /// What of the row at `row` beyond its text and detail contains `needle` (lowercased):
    /// its help, an option's text or value, a list item, its store key, its id. The row is
    /// read where it lies (passed by value from a buffer, it would be copied whole).
    private func otherMatch(_ needle: CaseInsensitiveNeedle, _ row: UnsafePointer<Row>) -> String? {
        func has(_ s: String) -> Bool { needle.found(in: s) }
        func quoted(_ s: String) -> String { "\"" + String(s.prefix(60)) + "\"" }
        if let help = row.pointee.help, has(tr(help)) || has(help) { return "help" }
        if row.pointee.kind == .choice, case .success(let options) = options(of: row.pointee) {
            if let option = options.first(where: { has(tr($0.text)) || has($0.value.description) }) {
                return "option " + quoted(tr(option.text))
            }
        }
        if let key = row.pointee.boundKey {
            if row.pointee.kind == .list, let items = value(for: key)?.listItems,
               let item = items.first(where: { has($0.description) }) {
                return "item " + quoted(item.description)
            }
            if has(key) { return "key " + key }
        }
        if has(row.pointee.id) { return "id " + row.pointee.id }
        return nil
    }

    /// The declared rows of a screen whose sections are a value, found by the place of the
    /// evaluated row (which is the place of its declared row) instead of a map of every row
    /// by id; a row whose id differs there is looked up by id.
    private struct DeclaredRows {
        let sections: [Section]
        var byID: [String: (Int, Int)]?

        init(_ screen: Screen) {
            if case .value(let sections) = screen.sections { self.sections = sections } else { sections = [] }
        }

        /// `body` of the address of the declared row with this id (in place, not copied); nil
        /// when there is none.
        mutating func withRow<T>(section s: Int, row r: Int, id: String, _ body: (UnsafePointer<Row>) -> T) -> T? {
            guard let (s, r) = place(section: s, row: r, id: id) else { return nil }
            return sections[s].rows.withUnsafeBufferPointer { body($0.baseAddress! + r) }
        }

        /// The place (section, row) of the declared row with this id.
        private mutating func place(section s: Int, row r: Int, id: String) -> (Int, Int)? {
            if s >= 0, s < sections.count, r < sections[s].rows.count, sections[s].rows.withUnsafeBufferPointer({ $0[r].id == id }) {
                return (s, r)
            }
            if byID == nil {
                var places: [String: (Int, Int)] = [:]
                for s in sections.indices {
                    for r in sections[s].rows.indices { places[sections[s].rows[r].id] = (s, r) }
                }
                byID = places
            }
            return byID?[id]
        }
    }

    /// Visits each screen reachable from the root, breadth first, once, with the ids and the
    /// titles of the screens above it; `visit` returns the screen's title as shown.
    func forEachReachableScreen(_ visit: (_ id: String, _ screen: Screen, _ path: [String], _ parentTitles: [String]) -> String) {
        var queue: [(id: String, path: [String], titles: [String])] = [(app.root, [app.root], [])]
        var seen: Set<String> = [app.root]
        var index = 0
        while index < queue.count {
            let (id, idPath, parentTitles) = queue[index]
            index += 1
            guard let screen = registry.screen(id) else { continue }
            let titles = parentTitles + [visit(id, screen, idPath, parentTitles)]
            for target in pushTargets(of: screen) where seen.insert(target).inserted {
                queue.append((target, idPath + [target], titles))
            }
        }
    }

    private func pushTargets(of screen: Screen) -> [String] {
        guard case .value(let sections) = screen.sections else { return [] }
        var targets: [String] = []
        for s in sections.indices {
            for r in sections[s].rows.indices {
                if case .screen(let id)? = sections[s].rows[r].push { targets.append(id) }
            }
        }
        return targets
    }

    /// Opens the screens of `path` whatever their rows allow (`render --screen`: an author
    /// looking at any screen of their own script), running each `on_appear`.
    package func show(path: [String]) throws {
        try perform {
            navigation.removeAll()
            for id in path { try pushScreen(id: id) }
        }
    }
}
