import ScreenModel

/// Where each row of a long screen is, so one page (or one row) is evaluated without
/// evaluating the whole screen. Built once per change of the screen's structure (navigation,
/// run-time rows), only for screens whose visibility is fixed in the script; a screen
/// with `visible` functions is evaluated whole.
struct RowIndex {
    var structure: Int
    var depth: Int
    /// False when some visibility is a function: the screen is then evaluated whole.
    var isStatic: Bool
    /// Visible rows in display order: (section, row) positions.
    var entries: [(section: Int, row: Int)]
    /// The number of the entry's row, when it is selectable.
    var numbers: [Int?]
    /// Entry index of each number (numbers count from 1).
    var numbered: [Int]
    var byID: [String: Int]
}

/// One page of a screen: the rows shown and where they are in the whole.
public struct ScreenPage {
    public var screen: ResolvedScreen
    /// From 1.
    public var index: Int
    public var count: Int
}

extension Session {
    /// Whether every section's and row's visibility is fixed in the script.
    private static func visibilityIsFixed(_ sections: [Section]) -> Bool {
        for section in sections {
            if case .function = section.visible { return false }
            for row in section.rows {
                if case .function = row.visible { return false }
            }
        }
        return true
    }

    /// The index of the current screen, built once per change of its structure; nil when
    /// its visibility depends on values (it is then evaluated whole).
    func currentIndex() -> (RowIndex, [Section])? {
        guard let live = navigation.last, live.picker == nil, let sections = live.sections else { return nil }
        if let index = rowIndex, index.structure == structureGeneration, index.depth == navigation.count {
            return index.isStatic ? (index, sections) : nil
        }
        var index = RowIndex(structure: structureGeneration, depth: navigation.count, isStatic: true, entries: [],
                             numbers: [], numbered: [], byID: [:])
        guard Session.visibilityIsFixed(sections) else {
            index.isStatic = false
            rowIndex = index
            return nil
        }
        for (si, section) in sections.enumerated() where section.visible.value != false {
            for (ri, row) in section.rows.enumerated() where row.visible.value != false {
                let entry = index.entries.count
                index.entries.append((si, ri))
                if index.byID[row.id] == nil { index.byID[row.id] = entry }
                if row.isSelectable {
                    index.numbered.append(entry)
                    index.numbers.append(index.numbered.count)
                } else {
                    index.numbers.append(nil)
                }
            }
        }
        rowIndex = index
        return (index, sections)
    }

    /// One row of the current screen by number or id, evaluating that row only (nil: the
    /// screen must be evaluated whole to answer).
    func quickLookup(_ reference: String) -> ResolvedRow? {
        guard let (index, sections) = currentIndex() else { return nil }
        let entry: Int
        if reference.allSatisfy(\.isNumber), let n = Int(reference) {
            guard n >= 1, n <= index.numbered.count else { return nil }
            entry = index.numbered[n - 1]
        } else if let e = index.byID[reference] {
            entry = e
        } else {
            return nil
        }
        let (si, ri) = index.entries[entry]
        var number = (index.numbers[entry] ?? 1) - 1
        return resolveRow(sections[si].rows[ri], sectionVisible: true, number: &number)
    }

    /// Page `index` (from 1) of the current screen with at most `rowsPerPage` rows; a screen
    /// that fits is returned whole. Evaluates only the rows of that page when it can.
    public func page(_ pageIndex: Int, rowsPerPage: Int) -> ScreenPage {
        let perPage = max(1, rowsPerPage)
        guard let (index, sections) = currentIndex(), let live = navigation.last else {
            return slice(currentScreen(), pageIndex, perPage)
        }
        let total = index.entries.count
        if total <= perPage { return ScreenPage(screen: currentScreen(), index: 1, count: 1) }
        let count = (total + perPage - 1) / perPage
        let page = min(max(1, pageIndex), count)
        let start = (page - 1) * perPage
        let end = min(total, start + perPage)
        var resolved = ResolvedScreen(id: live.id, title: live.title, sections: [])
        var entry = start
        while entry < end {
            let si = index.entries[entry].section
            let section = sections[si]
            var rows: [ResolvedRow] = []
            var lastRow = -1
            while entry < end, index.entries[entry].section == si {
                let ri = index.entries[entry].row
                var number = (index.numbers[entry] ?? 1) - 1
                rows.append(resolveRow(section.rows[ri], sectionVisible: true, number: &number))
                lastRow = ri
                entry += 1
            }
            let showsEnd = lastRow == section.rows.count - 1
            resolved.sections.append(ResolvedSection(id: section.id, header: section.header,
                                                     footer: showsEnd ? section.footer : nil, rows: rows))
        }
        return ScreenPage(screen: resolved, index: page, count: count)
    }

    /// A page cut from a screen evaluated whole.
    private func slice(_ screen: ResolvedScreen, _ pageIndex: Int, _ perPage: Int) -> ScreenPage {
        let visible = screen.sections.filter(\.visible).flatMap { s in s.rows.filter(\.visible).map { (s.id, $0) } }
        if visible.count <= perPage { return ScreenPage(screen: screen, index: 1, count: 1) }
        let count = (visible.count + perPage - 1) / perPage
        let page = min(max(1, pageIndex), count)
        let wanted = Set(visible[((page - 1) * perPage)..<min(visible.count, page * perPage)].map { "\($0.0)\u{1}\($0.1.id)" })
        var out = screen
        out.sections = screen.sections.compactMap { section in
            var s = section
            s.rows = section.rows.filter { wanted.contains("\(section.id)\u{1}\($0.id)") }
            if s.rows.isEmpty { return nil }
            if s.rows.last?.id != section.rows.last(where: \.visible)?.id { s.footer = nil }
            return s
        }
        return ScreenPage(screen: out, index: page, count: count)
    }
}
