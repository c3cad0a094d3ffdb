import ScreenModel

/// The rows of a long screen by their shown text, so that a reference by text (`select
/// "Wi-Fi"`) finds its row without evaluating the whole screen. Made from a `RowIndex` (a
/// screen whose visibility is fixed in the script) on the first reference by text, and only
/// when every row's text is fixed too. It answers only when the answer cannot differ from
/// `Session.lookup`'s scan of the evaluated screen, hidden rows included or not; otherwise
/// (a hidden row that could match, several matches, no match) it answers nil and the
/// lookup scans, so which row wins and every error message stay the scan's.
final class RowTextIndex {
    /// Shown texts of the visible rows, by entry, each found by its value (the first entry
    /// with that text).
    private let texts: TextPositions
    /// Their lowercased forms and those of the hidden rows, made on the first reference
    /// that needs them (searched byte by byte: a miss costs what a hit does).
    private var lowered: (visible: LoweredTexts, hidden: LoweredTexts)?
    /// Ids and shown texts of hidden rows: a reference that could match one is left to the scan.
    private let hiddenIDs: Set<String>
    /// Ids of the hidden rows, in the script's order (beside `hiddenTexts`).
    private let hiddenIDList: [String]
    private let hiddenTexts: [String]

    /// nil when some row's text is a function (the text is known only by evaluating it).
    /// Built in locals (a class's stored properties cost an exclusivity check at each
    /// access); of equal texts, `TextPositions` finds the first.
    init?(_ index: RowIndex, _ sections: [Section], translate: ((String) -> String)?) {
        // By index: `for row in rows` would copy every row.
        for s in sections.indices {
            for r in sections[s].rows.indices {
                guard case .value = sections[s].rows[r].text else { return nil }
            }
        }
        index.extend(toEntries: index.visibleCount, sections)
        let entries = index.entries
        let texts = TextPositions(count: entries.count) { n in
            let (s, r) = (Int(entries[n].section), Int(entries[n].row))
            let text = sections[s].rows[r].text.value ?? sections[s].rows[r].id
            return translate?(text) ?? text
        }
        // The index is made only when visibility is fixed: hidden is what the script says.
        var hiddenIDs: Set<String> = []
        var hiddenIDList: [String] = []
        var hiddenTexts: [String] = []
        if entries.count < sections.reduce(0, { $0 + $1.rows.count }) {
            for s in sections.indices {
                let sectionHidden = sections[s].visible.value == false
                for r in sections[s].rows.indices where sectionHidden || sections[s].rows[r].visible.value == false {
                    let id = sections[s].rows[r].id
                    hiddenIDs.insert(id)
                    hiddenIDList.append(id)
                    let text = sections[s].rows[r].text.value ?? id
                    hiddenTexts.append(translate?(text) ?? text)
                }
            }
        }
        self.texts = texts
        self.hiddenIDs = hiddenIDs
        self.hiddenIDList = hiddenIDList
        self.hiddenTexts = hiddenTexts
    }

    /// The entry (visible position) of the row `reference` names by text, as `lookup`'s
    /// scan would find it: the first row whose text is the reference, else the only row
    /// whose text is it in any case, else the only row whose text starts with it in any
    /// case. nil: the scan must answer (no match, several, or a hidden row that could match).
    /// The reference is trimmed, not empty, and no visible row has it as its id.
    func entry(_ reference: String) -> Int? {
        if hiddenIDs.contains(reference) { return nil }
        if let n = texts.first(reference) {
            return hiddenTexts.contains(reference) ? nil : n
        }
        let lower = reference.lowercased()
        let (lowered, hiddenLowered) = loweredTexts()
        if hiddenLowered.matches(lower, keep: 0).count > 0 { return nil }
        let found = lowered.matches(lower, keep: 1)
        // The only row equal to it in any case, else the only one starting with it.
        if found.exactCount == 1 { return found.exact }
        if found.exactCount == 0, found.count == 1 { return found.first[0] }
        return nil
    }

    private func loweredTexts() -> (visible: LoweredTexts, hidden: LoweredTexts) {
        if let lowered { return lowered }
        let made = (LoweredTexts(texts), LoweredTexts(hiddenTexts))
        lowered = made
        return made
    }

    /// What `lookup`'s scan of the visible rows finds by text for a reference that no
    /// visible row has as its number or id, answered from the texts alone (no row copied,
    /// no row evaluated): a miss costs what a hit does.
    func match(_ reference: String) -> TextMatch {
        if let n = texts.first(reference) { return .entry(n) }
        let lower = reference.lowercased()
        let (lowered, hiddenLowered) = loweredTexts()
        let found = lowered.matches(lower, keep: 8)
        if found.exactCount == 1, let exact = found.exact { return .entry(exact) }
        if found.count == 1 { return .entry(found.first[0]) }
        if found.count > 1 { return .several(first: found.first, count: found.count) }
        // The first hidden row (script order) with the reference as its id or text prefix.
        let byText = hiddenLowered.matches(lower, keep: 1).first.first
        let byID = hiddenIDList.firstIndex(of: reference)
        if let n = [byText, byID].compactMap({ $0 }).min() {
            return .hidden(id: hiddenIDList[n], text: hiddenTexts[n])
        }
        return .none
    }

    /// Shown texts of the visible rows, by entry (for a suggestion on a short screen).
    var visibleTexts: [String] { (0..<texts.count).map(texts.text(at:)) }

    /// The shown text of the visible row at `entry`.
    func text(ofEntry entry: Int) -> String { texts.text(at: entry) }

    /// What a reference by text names (see `match`).
    enum TextMatch {
        /// The row of this entry (visible position).
        case entry(Int)
        /// Several visible rows start with it: the first eight entries and how many.
        case several(first: [Int], count: Int)
        /// No visible row, but this hidden one (the first in the script's order).
        case hidden(id: String, text: String)
        /// No row at all.
        case none
    }
}
