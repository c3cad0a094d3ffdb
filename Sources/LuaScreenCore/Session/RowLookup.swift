import LuaRuntime
import ScreenModel

/// Rows named by what a person types: a number, an id, a text or a unique text prefix.
extension Session {
    /// Finds a row of the current screen by number, id, text or unique text prefix.
    /// Hidden rows are found only with `includeHidden` (`row(REF)` in tests).
    public func lookup(_ reference: String, includeHidden: Bool = false) throws -> ResolvedRow {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        if let row = quickLookup(reference.trimmingSpaces) { return row }
        let ref = reference.trimmingSpaces
        guard !ref.isEmpty else { throw SessionError.refused("which row? give its number, id or text") }
        if !includeHidden, let row = try indexedLookup(ref) { return row }
        let screen = currentScreen()
        let all = screen.sections.flatMap(\.rows)
        let candidates = includeHidden ? all : all.filter(\.visible)
        if ref.allSatisfy(\.isNumber), let n = Int(ref) {
            if let row = candidates.first(where: { $0.number == n }) { return row }
            let count = candidates.compactMap(\.number).max() ?? 0
            throw SessionError.refused(count == 0 ? "no row \(n): this screen has no selectable rows"
                                                  : "no row \(n) on this screen (rows are numbered 1 to \(count))")
        }
        if let row = candidates.first(where: { $0.id == ref }) { return row }
        if let row = candidates.first(where: { $0.text == ref }) { return row }
        let lower = ref.lowercased()
        let exact = candidates.filter { $0.text.lowercased() == lower }
        if exact.count == 1 { return exact[0] }
        let prefixed = candidates.filter { $0.text.lowercased().hasPrefix(lower) }
        if prefixed.count == 1 { return prefixed[0] }
        if prefixed.count > 1 {
            let names = prefixed.prefix(8).map { r in r.number.map { "\(r.text) (\($0))" } ?? r.text }
            throw SessionError.refused("\"\(ref)\" matches \(prefixed.count) rows: \(names.joined(separator: ", ")); type more of the text, or the number")
        }
        if !includeHidden, let hidden = all.first(where: { !$0.visible && ($0.id == ref || $0.text.lowercased().hasPrefix(lower)) }) {
            throw SessionError(RowRefusal.hidden(text: hidden.text, reference: hidden.id))
        }
        let closest = ref.count <= 64 && candidates.count <= 1000
            ? Suggest.closestRow(to: ref, texts: candidates.map(\.text), ids: candidates.map(\.id)) : nil
        let shown = ref.count <= 64 ? ref : String(ref.prefix(61)) + "..."
        throw SessionError(.refused, "no row \"\(shown)\" on screen \"\(screen.title)\"\(Suggest.hint(closest: closest))",
                           cause: .noRow(reference: reference, suggestion: closest))
    }

    /// `lookup` of a visible row that `quickLookup` did not find, answered from the index
    /// of a screen whose visibility and texts are fixed: the row, or the error the scan of
    /// the evaluated screen gives, without evaluating or copying any row. nil: no index
    /// (the scan answers).
    private func indexedLookup(_ ref: String) throws -> ResolvedRow? {
        guard let (index, sections) = currentIndex(), let live = navigation.last,
              let texts = index.texts(sections, translate: localisation.translations.isEmpty ? nil : tr) else { return nil }
        if ref.allSatisfy(\.isNumber), let n = Int(ref) {
            let count = index.numberedCount(sections)
            if n >= 1, n <= count { return quickLookup(ref) }
            throw SessionError.refused(count == 0 ? "no row \(n): this screen has no selectable rows"
                                                  : "no row \(n) on this screen (rows are numbered 1 to \(count))")
        }
        if index.entry(id: ref, sections) != nil { return quickLookup(ref) }
        switch texts.match(ref) {
        case .entry(let entry):
            return resolveEntry(entry, index, sections)
        case .several(let first, let count):
            let names = first.map { e in
                let text = texts.text(ofEntry: e)
                let number = Int(index.numbers[e])
                return number > 0 ? "\(text) (\(number))" : text
            }
            throw SessionError.refused("\"\(ref)\" matches \(count) rows: \(names.joined(separator: ", ")); type more of the text, or the number")
        case .hidden(let id, let text):
            throw SessionError(RowRefusal.hidden(text: text, reference: id))
        case .none:
            var closest: String?
            if ref.count <= 64, index.visibleCount * 2 <= 2000 {
                let ids = index.entries.map { sections[Int($0.section)].rows[Int($0.row)].id }
                closest = Suggest.closestRow(to: ref, texts: texts.visibleTexts, ids: ids)
            }
            let shown = ref.count <= 64 ? ref : String(ref.prefix(61)) + "..."
            throw SessionError(.refused, "no row \"\(shown)\" on screen \"\(title(of: live))\"\(Suggest.hint(closest: closest))",
                               cause: .noRow(reference: ref, suggestion: closest))
        }
    }

    /// The declared row behind a resolved row of the current screen.
    package func declaredRow(_ resolved: ResolvedRow) -> Row? {
        guard let live = navigation.last else { return nil }
        if let picker = live.picker { return picker.row }
        if let list = live.list { return list.row }
        if let last = caches.lastLookedUp, last.structure == caches.structureGeneration, last.depth == navigation.count,
           last.row.id == resolved.id {
            return last.row
        }
        if let (index, sections) = currentIndex(), let entry = index.entry(id: resolved.id, sections) {
            let (si, ri) = index.entries[entry]
            return sections[Int(si)].rows[Int(ri)]
        }
        let (sections, _) = sections(of: live)
        for section in sections {
            if let row = section.rows.first(where: { $0.id == resolved.id }) { return row }
        }
        return nil
    }

    /// A row that may be acted on (found, evaluated, enabled) and the declared row behind it;
    /// in a picker or a list screen, the choice or list row itself.
    func usable(_ address: RowAddress) throws -> (ResolvedRow, Row) {
        let resolved = try lookup(address, includeHidden: false)
        if navigation.last?.picker != nil, let row = navigation.last?.picker?.row { return (resolved, row) }
        if let row = navigation.last?.list?.row { return (resolved, row) }
        guard let row = declaredRow(resolved) else { throw SessionError(.refused, "no row \"\(address.shown)\"", cause: .noRow(reference: address.shown)) }
        if let error = resolved.error {
            throw SessionError.refused("row \"\(resolved.text)\" could not be evaluated: \(error)")
        }
        if !resolved.enabled {
            throw SessionError(RowRefusal.disabled(text: resolved.text, reference: resolved.numberOrID))
        }
        return (resolved, row)
    }
}
