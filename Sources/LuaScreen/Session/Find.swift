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
}

/// `find` and `go`: rows of every reachable screen by text, and the path to one.
extension Session {
    /// Rows of every screen reachable from the root whose text, detail or help contains
    /// `text`, hidden rows too (marked). A row whose field function failed cannot be
    /// searched: each such failure is added to `warnings` (once a search), never skipped
    /// unseen. Screen titles are the titles as shown (a title function is run).
    public func find(_ text: String) -> [FindResult] {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let needle = text.lowercased()
        var results: [FindResult] = []
        var failures: Set<String> = []
        var queue: [(id: String, path: [String], titles: [String])] = [(app.root, [app.root], [])]
        var seen: Set<String> = [app.root]
        var index = 0
        while index < queue.count {
            let (id, idPath, parentTitles) = queue[index]
            index += 1
            guard let screen = resolvedScreen(id: id), let declared = validator.screen(id) else { continue }
            let titlePath = parentTitles + [screen.title]
            var help: [String: String] = [:]
            if case .value(let sections) = declared.sections {
                for row in sections.lazy.flatMap(\.rows) { if let h = row.help { help[row.id] = h } }
            }
            for section in screen.sections {
                for row in section.rows {
                    if let error = row.error, failures.insert(error).inserted {
                        warnings.append("find could not search row \"\(row.id)\" of screen \"\(id)\": \(error)")
                    }
                    let haystack = [row.text, row.detail ?? "", help[row.id] ?? ""].joined(separator: "\n").lowercased()
                    if !needle.isEmpty, haystack.contains(needle) {
                        results.append(FindResult(screen: id, row: row.id, text: row.text, titles: titlePath, path: idPath,
                                                  hidden: !row.visible || !section.visible))
                    }
                }
            }
            for target in pushTargets(of: declared) where !seen.contains(target) {
                seen.insert(target)
                queue.append((target, idPath + [target], titlePath))
            }
        }
        return results
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
