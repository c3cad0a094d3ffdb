import ScreenModel

/// The rows of a long screen by their shown text, so that a reference by text (`select
/// "Wi-Fi"`) finds its row without evaluating the whole screen. Made from a `RowIndex` (a
/// screen whose visibility is fixed in the script) on the first reference by text, and only
/// when every row's text is fixed too. It answers only when the answer cannot differ from
/// `Session.lookup`'s scan of the evaluated screen, hidden rows included or not; otherwise
/// (a hidden row that could match, several matches, no match) it answers nil and the
/// lookup scans, so which row wins and every error message stay the scan's.
final class RowTextIndex {
    /// Visible rows by shown text: the first entry (visible position) with that text.
    private var firstEntry: [String: Int32] = [:]
    /// Shown texts of the visible rows, by entry.
    private var texts: [String] = []
    /// Their lowercased forms, made on the first reference that needs them.
    private var lowered: [String]?
    /// Ids and shown texts of hidden rows: a reference that could match one is left to the scan.
    private var hiddenIDs: Set<String> = []
    private var hiddenTexts: [String] = []

    /// nil when some row's text is a function (the text is known only by evaluating it).
    init?(_ index: RowIndex, _ sections: [Section], translate: (String) -> String) {
        for section in sections {
            for row in section.rows {
                guard case .value = row.text else { return nil }
            }
        }
        index.extend(toEntries: index.visibleCount, sections)
        texts.reserveCapacity(index.entries.count)
        firstEntry.reserveCapacity(index.entries.count)
        var visible = Set<Int64>()  // (section << 32 | row) of every visible row
        visible.reserveCapacity(index.entries.count)
        for (n, e) in index.entries.enumerated() {
            let row = sections[Int(e.section)].rows[Int(e.row)]
            let text = translate(row.text.value ?? row.id)
            texts.append(text)
            if firstEntry[text] == nil { firstEntry[text] = Int32(n) }
            visible.insert(Int64(e.section) << 32 | Int64(e.row))
        }
        if visible.count < sections.reduce(0, { $0 + $1.rows.count }) {
            for (si, section) in sections.enumerated() {
                for (ri, row) in section.rows.enumerated() where !visible.contains(Int64(si) << 32 | Int64(ri)) {
                    hiddenIDs.insert(row.id)
                    hiddenTexts.append(translate(row.text.value ?? row.id))
                }
            }
        }
    }

    /// The entry (visible position) of the row `reference` names by text, as `lookup`'s
    /// scan would find it: the first row whose text is the reference, else the only row
    /// whose text is it in any case, else the only row whose text starts with it in any
    /// case. nil: the scan must answer (no match, several, or a hidden row that could match).
    /// The reference is trimmed, not empty, and no visible row has it as its id.
    func entry(_ reference: String) -> Int? {
        if hiddenIDs.contains(reference) { return nil }
        if let n = firstEntry[reference] {
            return hiddenTexts.contains(reference) ? nil : Int(n)
        }
        let lower = reference.lowercased()
        if hiddenTexts.contains(where: { $0.lowercased().hasPrefix(lower) }) { return nil }
        if lowered == nil { lowered = texts.map { $0.lowercased() } }
        let lowered = self.lowered!
        if let only = single(lowered, { $0 == lower }) { return only }
        return single(lowered, { $0.hasPrefix(lower) })
    }

    /// The one position whose item passes `test`; nil when none or several do.
    private func single(_ items: [String], _ test: (String) -> Bool) -> Int? {
        var found: Int? = nil
        for (n, item) in items.enumerated() where test(item) {
            if found != nil { return nil }
            found = n
        }
        return found
    }
}
