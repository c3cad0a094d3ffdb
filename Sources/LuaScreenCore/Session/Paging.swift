import ScreenModel

/// Where each row of a long screen is, so one page (or one row) is evaluated without
/// evaluating the whole screen. Made once per change of the screen's structure (navigation,
/// run-time rows), only for screens whose visibility is fixed in the script (a screen with
/// `visible` functions is evaluated whole), and filled only as far as it is asked about:
/// page 1 of a 100,000-row screen looks at the first rows only.
package final class RowIndex {
    let structure: Int
    let depth: Int
    /// False when some visibility is a function: the screen is then evaluated whole.
    let isStatic: Bool
    /// How many rows are visible in all.
    let visibleCount: Int
    /// Visible rows in display order, as far as scanned: (section, row) positions.
    private(set) var entries: [(section: Int32, row: Int32)] = []
    /// The number of each entry's row (0: not selectable).
    private(set) var numbers: [Int32] = []
    /// Entry index of each number (numbers count from 1).
    private(set) var numbered: [Int32] = []
    private var next = (section: 0, row: 0)
    /// The visible rows' ids by entry (made with `rowTexts` on the first lookup by id or text).
    private var ids: FlatStrings?
    /// The visible rows' texts by entry, lowercased; nil when some row's text is a function.
    private var rowTexts: FlatStrings?
    /// The hidden rows' places, in the script's order.
    private var hidden: [(section: Int32, row: Int32)] = []
    /// The last id looked up and its entry (a command asks the same more than once).
    private var lastID: (id: String, entry: Int?)?
    /// Rows by text: made on the first reference by text (`.some(nil)`: some text is a function).
    private var textIndex: RowTextIndex??

    init(structure: Int, depth: Int, sections: [Section]) {
        self.structure = structure
        self.depth = depth
        var fixed = true
        var visible = 0
        for section in sections {
            if case .function = section.visible { fixed = false; break }
            let summary: VisibilitySummary?
            if let known = section.visibility, known.rowCount == section.rows.count {
                summary = known
            } else {
                summary = VisibilitySummary(section.rows)
            }
            guard let summary else { fixed = false; break }
            if section.visible.value != false { visible += summary.visibleRows }
        }
        isStatic = fixed
        visibleCount = visible
    }

    /// Scans until `count` entries are known (or the rows end), the rows read in place
    /// (`let row = rows[r]` would copy every row scanned) and the entries written through
    /// pointers, then appended at once (an array's append checks that its buffer is unshared
    /// and has room each time).
    func extend(toEntries count: Int, _ sections: [Section]) {
        guard entries.count < count, next.section < sections.count else { return }
        let room = min(count, visibleCount) - entries.count
        guard room > 0 else { return }
        let newEntries = UnsafeMutablePointer<(section: Int32, row: Int32)>.allocate(capacity: room)
        let newNumbers = UnsafeMutablePointer<Int32>.allocate(capacity: room)
        let newNumbered = UnsafeMutablePointer<Int32>.allocate(capacity: room)
        defer { newEntries.deallocate(); newNumbers.deallocate(); newNumbered.deallocate() }
        // In locals (a class's stored property costs an exclusivity check at each access).
        let firstEntry = entries.count, firstNumber = numbered.count
        var added = 0, numberedAdded = 0, next = self.next
        while added < room, next.section < sections.count {
            guard sections[next.section].visible.value != false, next.row < sections[next.section].rows.count else {
                next = (next.section + 1, 0)
                continue
            }
            let s = next.section
            var r = next.row
            sections[s].rows.withUnsafeBufferPointer { rows in
                let base = rows.baseAddress!
                while added < room, r < rows.count {
                    if base[r].visible.value != false {
                        newEntries[added] = (Int32(s), Int32(r))
                        if Row.isSelectable(base + r) {
                            newNumbered[numberedAdded] = Int32(firstEntry + added)
                            numberedAdded += 1
                            newNumbers[added] = Int32(firstNumber + numberedAdded)
                        } else {
                            newNumbers[added] = 0
                        }
                        added += 1
                    }
                    r += 1
                }
            }
            next.row = r
        }
        self.next = next
        Self.append(newEntries, added, to: &entries)
        Self.append(newNumbers, added, to: &numbers)
        Self.append(newNumbered, numberedAdded, to: &numbered)
    }

    /// Appends the `n` values at `p` (of a trivial type) to `array`: at least as many as it
    /// has (a whole screen's scan) copied at once into a new array, fewer (a page's) by
    /// `append(contentsOf:)`, which copies them one by one but keeps the array's spare room.
    private static func append<T>(_ p: UnsafePointer<T>, _ n: Int, to array: inout [T]) {
        precondition(_isPOD(T.self))
        guard n > 0 else { return }
        guard n >= array.count else { return array.append(contentsOf: UnsafeBufferPointer(start: p, count: n)) }
        let old = array.count, stride = MemoryLayout<T>.stride
        array = [T](unsafeUninitializedCapacity: old + n) { buffer, initialized in
            let to = UnsafeMutableRawPointer(buffer.baseAddress!)
            array.withUnsafeBytes { if let from = $0.baseAddress { to.copyMemory(from: from, byteCount: $0.count) } }
            (to + old * stride).copyMemory(from: p, byteCount: n * stride)
            initialized = old + n
        }
    }

    /// Scans until row number `n` is known.
    func extend(toNumber n: Int, _ sections: [Section]) {
        while numbered.count < n, entries.count < visibleCount {
            extend(toEntries: entries.count + max(64, n - numbered.count), sections)
        }
    }

    /// Makes the visible rows' ids and texts (lowercased) and their entries and numbers in
    /// one pass over the rows, each string copied from where it lies (no row copied, no
    /// `String` kept or hashed), and notes the hidden rows. The entries are made again from
    /// the first (the same as `extend` makes), written straight into their arrays.
    private func makeStrings(_ sections: [Section]) {
        let total = visibleCount
        var ids = FlatStrings.Builder(lowercased: false, capacity: total)
        var texts = FlatStrings.Builder(lowercased: true, capacity: total)
        var fixed = true
        var hidden: [(section: Int32, row: Int32)] = []
        var numbers: [Int32] = [], numbered: [Int32] = []
        let entries = [(section: Int32, row: Int32)](unsafeUninitializedCapacity: total) { entries, madeEntries in
            numbers = [Int32](unsafeUninitializedCapacity: total) { numbers, madeNumbers in
                numbered = [Int32](unsafeUninitializedCapacity: total) { numbered, madeNumbered in
                    var n = 0, number = 0
                    for s in sections.indices {
                        let sectionHidden = sections[s].visible.value == false
                        sections[s].rows.withUnsafeBufferPointer { rows in
                            guard let base = rows.baseAddress else { return }
                            for r in 0..<rows.count {
                                let row = base + r
                                if sectionHidden || row.pointee.visible.value == false {
                                    hidden.append((Int32(s), Int32(r)))
                                    if case .function = row.pointee.text { fixed = false }
                                    continue
                                }
                                guard n < total else { continue }  // (the count is the rows': never)
                                entries[n] = (Int32(truncatingIfNeeded: s), Int32(truncatingIfNeeded: r))
                                if Row.isSelectable(row) {
                                    numbered[number] = Int32(truncatingIfNeeded: n)
                                    number &+= 1
                                    numbers[n] = Int32(truncatingIfNeeded: number)
                                } else {
                                    numbers[n] = 0
                                }
                                n &+= 1
                                // Each string read in place, then again only if it takes a
                                // slower way (see `FlatStrings.Builder`).
                                if !ids.appendIfSmallASCII(row.pointee.id, lowercased: false) {
                                    ids.makeRoom()
                                    if !ids.appendIfShortASCII(row.pointee.id, lowercased: false) { ids.appendOther(row.pointee.id) }
                                }
                                guard fixed else { continue }
                                var done = true
                                if case .value(let text) = row.pointee.text {
                                    done = texts.appendIfSmallASCII(text, lowercased: true)
                                } else {
                                    fixed = false
                                }
                                if !done { appendSlowly(&texts, row) }
                            }
                        }
                    }
                    (madeEntries, madeNumbers, madeNumbered) = (n, n, number)
                }
            }
        }
        (self.entries, self.numbers, self.numbered, next) = (entries, numbers, numbered, (sections.count, 0))
        self.ids = ids.finish()
        let made = texts.finish()
        rowTexts = fixed ? made : nil
        self.hidden = hidden
    }

    /// Appends the text of the row at `row` the slower ways (see `FlatStrings.Builder`).
    @inline(never)
    private func appendSlowly(_ texts: inout FlatStrings.Builder, _ row: UnsafePointer<Row>) {
        guard case .value(let text) = row.pointee.text else { return }
        texts.makeRoom()
        if !texts.appendIfShortASCII(text, lowercased: true) { texts.appendOther(text) }
    }

    /// The entry of the first visible row with this id.
    func entry(id: String, _ sections: [Section]) -> Int? {
        if let last = lastID, last.id.sameBytes(as: id) { return last.entry }
        if ids == nil { makeStrings(sections) }
        let entry = ids?.first(id)
        lastID = (id, entry)
        return entry
    }

    /// The entry of the row a reference names by its text, when that needs no scan of the
    /// evaluated screen (see `RowTextIndex`).
    func entry(text reference: String, _ sections: [Section], translate: ((String) -> String)?) -> Int? {
        texts(sections, translate: translate)?.entry(reference)
    }

    /// The rows by text, made on first use; nil when some text is a function.
    func texts(_ sections: [Section], translate: ((String) -> String)?) -> RowTextIndex? {
        if textIndex == nil {
            if ids == nil { makeStrings(sections) }
            if let rowTexts {
                textIndex = .some(RowTextIndex(self, sections, lowered: translate == nil ? rowTexts : nil,
                                               hidden: hidden, translate: translate))
            } else {
                textIndex = .some(nil)
            }
        }
        return textIndex!
    }

    /// How many rows are numbered in all (scans to the end).
    func numberedCount(_ sections: [Section]) -> Int {
        extend(toEntries: visibleCount, sections)
        return numbered.count
    }
}

/// One page of a screen: the rows shown and where they are in the whole.
/// `Sendable`: a plain value.
package struct ScreenPage: Sendable {
    /// The rows of the page as a screen, ready to render.
    public var screen: ResolvedScreen
    /// The page's number, from 1.
    public var index: Int
    /// How many pages the screen has.
    public var count: Int
}

extension Session {
    /// The index of the current screen, made once per change of its structure; nil when
    /// its visibility depends on values (it is then evaluated whole).
    package func currentIndex() -> (RowIndex, [Section])? {
        guard let live = navigation.last, live.picker == nil, let sections = live.sections else { return nil }
        // Rows of an app with symbols are shown as the rules say (`symbolRowVisible`), which the
        // index, counting the rows' `visible` fields, cannot know: such a screen is evaluated whole.
        guard symbols == nil else { return nil }
        if let index = caches.rowIndex, index.structure == caches.structureGeneration, index.depth == navigation.count {
            return index.isStatic ? (index, sections) : nil
        }
        let index = RowIndex(structure: caches.structureGeneration, depth: navigation.count, sections: sections)
        caches.rowIndex = index
        return index.isStatic ? (index, sections) : nil
    }

    /// One row of the current screen by number, id or text, evaluating that row only (nil:
    /// the screen must be evaluated whole to answer).
    func quickLookup(_ reference: String) -> ResolvedRow? {
        guard !reference.isEmpty, let (index, sections) = currentIndex() else { return nil }
        let entry: Int
        if reference.allSatisfy(\.isNumber), let n = Int(reference) {
            index.extend(toNumber: n, sections)
            guard n >= 1, n <= index.numbered.count else { return nil }
            entry = Int(index.numbered[n - 1])
        } else if let e = index.entry(id: reference, sections) {
            entry = e
        } else if let e = index.entry(text: reference, sections, translate: localisation.translations.isEmpty ? nil : tr) {
            entry = e
        } else {
            return nil
        }
        return resolveEntry(entry, index, sections)
    }

    /// The visible row at `entry` of the current screen's index, evaluated alone.
    func resolveEntry(_ entry: Int, _ index: RowIndex, _ sections: [Section]) -> ResolvedRow {
        let (si, ri) = index.entries[entry]
        var number = max(0, Int(index.numbers[entry]) - 1)
        let row = sections[Int(si)].rows[Int(ri)]
        caches.lastLookedUp = (caches.structureGeneration, navigation.count, row)
        return resolveRow(row, sectionVisible: true, number: &number)
    }

    /// Page `index` (from 1) of the current screen with at most `rowsPerPage` rows; a screen
    /// that fits is returned whole. Evaluates only the rows of that page when it can.
    package func page(_ pageIndex: Int, rowsPerPage: Int) -> ScreenPage {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let perPage = max(1, rowsPerPage)
        if let live = navigation.last, let list = live.list { return listPage(live, list, pageIndex, perPage) }
        guard let (index, sections) = currentIndex(), let live = navigation.last else {
            return slice(currentScreen(), pageIndex, perPage)
        }
        let total = index.visibleCount
        if total <= perPage { return ScreenPage(screen: currentScreen(), index: 1, count: 1) }
        let count = (total + perPage - 1) / perPage
        let page = min(max(1, pageIndex), count)
        let start = (page - 1) * perPage
        let end = min(total, start + perPage)
        return ScreenPage(screen: resolvedEntries(start, end, index, sections, live), index: page, count: count)
    }

    /// Entries `begin..<end` of a static screen's index as a screen: each section part with
    /// its header, and its footer when no row after the part is visible; the title, headers
    /// and footers evaluated and translated as a whole screen's are.
    private func resolvedEntries(_ begin: Int, _ end: Int, _ index: RowIndex, _ sections: [Section],
                                 _ live: LiveScreen) -> ResolvedScreen {
        index.extend(toEntries: end, sections)
        var resolved = ResolvedScreen(id: live.id, title: title(of: live), sections: [])
        var entry = begin
        while entry < end {
            let si = Int(index.entries[entry].section)
            let section = sections[si]
            var rows: [ResolvedRow] = []
            var lastRow = -1
            while entry < end, Int(index.entries[entry].section) == si {
                rows.append(resolveEntry(entry, index, sections))
                lastRow = Int(index.entries[entry].row)
                entry += 1
            }
            // (the index is static: a row's visibility is a constant)
            let showsEnd = !section.rows[(lastRow + 1)...].contains { $0.visible.value != false }
            resolved.sections.append(ResolvedSection(id: section.id, header: header(of: section),
                                                     footer: showsEnd ? footer(of: section) : nil, rows: rows))
        }
        return resolved
    }

    /// The visible rows of the current screen from position `start` (from 0), at most `count`
    /// of them, as a screen (each section's header with its first row shown, its footer after
    /// its last), and how many rows are visible in all. Evaluates only those rows when it can.
    public func rows(from start: Int, count: Int) -> (screen: ResolvedScreen, total: Int) {
        guard let (index, sections) = currentIndex(), let live = navigation.last else {
            let screen = currentScreen()
            let entries: [(section: Int, row: Int)]
            if let known = caches.visibleIndex, known.generation == caches.generation, known.depth == navigation.count {
                entries = known.entries
            } else {
                var list: [(section: Int, row: Int)] = []
                for (si, section) in screen.sections.enumerated() where section.visible {
                    for (ri, row) in section.rows.enumerated() where row.visible { list.append((si, ri)) }
                }
                caches.visibleIndex = (caches.generation, navigation.count, list)
                entries = list
            }
            let begin = min(max(0, start), entries.count)
            let end = begin + min(max(0, count), entries.count - begin)  // no overflow for any count
            var out = ResolvedScreen(id: screen.id, title: screen.title, sections: [])
            var i = begin
            while i < end {
                let si = entries[i].section
                let section = screen.sections[si]
                var rows: [ResolvedRow] = []
                var lastRow = -1
                while i < end, entries[i].section == si {
                    rows.append(section.rows[entries[i].row])
                    lastRow = entries[i].row
                    i += 1
                }
                var part = section
                part.rows = rows
                if section.rows[(lastRow + 1)...].contains(where: \.visible) { part.footer = nil }
                out.sections.append(part)
            }
            return (out, entries.count)
        }
        let total = index.visibleCount
        let begin = min(max(0, start), total)
        let end = begin + min(max(0, count), total - begin)  // no overflow for any count
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        return (resolvedEntries(begin, end, index, sections, live), total)
    }

    /// The position (from 0) among the current screen's visible rows of the row with this id.
    public func visiblePosition(ofRow id: String) -> Int? {
        if let (index, sections) = currentIndex() { return index.entry(id: id, sections) }
        return currentScreen().visibleRows.firstIndex { $0.id == id }
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
