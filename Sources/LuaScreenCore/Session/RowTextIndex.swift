import ScreenModel

/// The rows of a long screen by their shown text, so that a reference by text (`select
/// "Wi-Fi"`) finds its row without evaluating the whole screen. Made from a `RowIndex` (a
/// screen whose visibility is fixed in the script) on the first reference by text, and only
/// when every row's text is fixed too. It answers only when the answer cannot differ from
/// `Session.lookup`'s scan of the evaluated screen, hidden rows included or not; otherwise
/// (a hidden row that could match, several matches, no match) it answers nil and the
/// lookup scans, so which row wins and every error message stay the scan's.
final class RowTextIndex {
    /// The shown texts of the visible rows, by entry, lowercased (the texts as written are
    /// the rows' own, or `translated`).
    private let lowered: FlatStrings
    /// The shown texts by entry when the screen is translated; nil: each row's own text.
    private let translated: [String]?
    /// The rows the texts are read from, and where each entry's row is in them.
    private let sections: [Section]
    private let entries: [(section: Int32, row: Int32)]
    /// Ids and shown texts of hidden rows: a reference that could match one is left to the scan.
    private let hiddenIDs: Set<String>
    /// Ids of the hidden rows, in the script's order (beside `hiddenTexts`).
    private let hiddenIDList: [String]
    private let hiddenTexts: [String]
    private let hiddenLowered: FlatStrings
    /// The last searches and what they found (a command asks the same twice: `quickLookup`,
    /// then `indexedLookup`). The index never changes, so neither can the answers.
    private var lastFirst: (reference: String, entry: Int?)?
    private var lastMatches: (lower: String, found: FlatStrings.Matches)?

    /// The index of the rows `index` lists (all of them, each visible one an entry), whose
    /// texts lowercased are `lowered` (nil: made here from `translate`'s texts); `hidden`:
    /// the hidden rows' places, in the script's order.
    init(_ index: RowIndex, _ sections: [Section], lowered: FlatStrings?, hidden: [(section: Int32, row: Int32)],
         translate: ((String) -> String)?) {
        let entries = index.entries
        func shown(_ s: Int32, _ r: Int32) -> String {
            let text = sections[Int(s)].rows[Int(r)].text.value ?? sections[Int(s)].rows[Int(r)].id
            return translate?(text) ?? text
        }
        if let lowered {
            self.lowered = lowered
            translated = nil
        } else {
            let texts = entries.map { shown($0.section, $0.row) }
            self.lowered = FlatStrings(texts, lowercased: true)
            translated = texts
        }
        self.sections = sections
        self.entries = entries
        hiddenIDList = hidden.map { sections[Int($0.section)].rows[Int($0.row)].id }
        hiddenTexts = hidden.map { shown($0.section, $0.row) }
        hiddenIDs = Set(hiddenIDList)
        hiddenLowered = FlatStrings(hiddenTexts, lowercased: true)
    }

    /// The entry (visible position) of the row `reference` names by text, as `lookup`'s
    /// scan would find it: the first row whose text is the reference, else the only row
    /// whose text is it in any case, else the only row whose text starts with it in any
    /// case. nil: the scan must answer (no match, several, or a hidden row that could match).
    /// The reference is trimmed, not empty, and no visible row has it as its id.
    func entry(_ reference: String) -> Int? {
        if hiddenIDs.contains(reference) { return nil }
        if let n = first(reference) {
            return hiddenTexts.contains(reference) ? nil : n
        }
        let lower = reference.lowercased()
        if hiddenLowered.matches(lower, keep: 0, original: { self.hiddenTexts[$0] }).count > 0 { return nil }
        let found = matches(lower)
        // The only row equal to it in any case, else the only one starting with it.
        if found.exactCount == 1 { return found.exact }
        if found.exactCount == 0, found.count == 1 { return found.first[0] }
        return nil
    }

    /// What `lookup`'s scan of the visible rows finds by text for a reference that no
    /// visible row has as its number or id, answered from the texts alone (no row copied,
    /// no row evaluated): a miss costs what a hit does.
    func match(_ reference: String) -> TextMatch {
        if let n = first(reference) { return .entry(n) }
        let lower = reference.lowercased()
        let found = matches(lower)
        if found.exactCount == 1, let exact = found.exact { return .entry(exact) }
        if found.count == 1 { return .entry(found.first[0]) }
        if found.count > 1 { return .several(first: found.first, count: found.count) }
        // The first hidden row (script order) with the reference as its id or text prefix.
        let byText = hiddenLowered.matches(lower, keep: 1, original: { self.hiddenTexts[$0] }).first.first
        let byID = hiddenIDList.firstIndex(of: reference)
        if let n = [byText, byID].compactMap({ $0 }).min() {
            return .hidden(id: hiddenIDList[n], text: hiddenTexts[n])
        }
        return .none
    }

    /// The first entry whose text `==` `reference`.
    private func first(_ reference: String) -> Int? {
        if let last = lastFirst, last.reference.sameBytes(as: reference) { return last.entry }
        let n = lowered.first(reference, original: text(ofEntry:))
        lastFirst = (reference, n)
        return n
    }

    /// The visible texts that start with or equal `lower` in any case (the first eight).
    private func matches(_ lower: String) -> FlatStrings.Matches {
        if let last = lastMatches, last.lower.sameBytes(as: lower) { return last.found }
        let found = lowered.matches(lower, keep: 8, original: text(ofEntry:))
        lastMatches = (lower, found)
        return found
    }

    /// Shown texts of the visible rows, by entry (for a suggestion on a short screen).
    var visibleTexts: [String] { (0..<lowered.count).map(text(ofEntry:)) }

    /// The shown text of the visible row at `entry`.
    func text(ofEntry entry: Int) -> String {
        if let translated { return translated[entry] }
        let (s, r) = (Int(entries[entry].section), Int(entries[entry].row))
        return sections[s].rows[r].text.value ?? sections[s].rows[r].id
    }

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
