import LuaScreen
import LuaScreenCore
import ScreenRender

/// `store` (every value, changed ones marked) and `reset all`.
extension Shell {
    /// `store [PATTERN]`: every value, or those whose key contains PATTERN (case-insensitive).
    /// A listing taller than the terminal (in batch mode: of more than `batchPagedRows`
    /// keys) is shown a page at a time, as the screen is: only the keys of the page shown
    /// are read and laid out, and `next` and `prev` page it until another command runs.
    func printStore(matching pattern: String? = nil) {
        var matched: [String]? = nil
        var total = 0
        if let pattern {
            let all = session.storeKeys(first: Int.max)
            let needle = pattern.lowercased()
            matched = all.filter { $0.lowercased().contains(needle) }
            total = matched!.count
            if total == 0 {
                printStoreHeading()
                if !all.isEmpty {
                    print("  no key contains \"\(clean(pattern, keepNewlines: false))\" (of \(all.count) keys)")
                } else {
                    print("  none: this script has no toggle, choice, input or number rows")
                }
                return
            }
        } else {
            total = session.storeKeyCount
        }
        let height = interactive ? Terminal.height() : total > Shell.batchPagedRows ? Shell.batchPageLines : nil
        // A page's key lines: the terminal's less the heading, the footnote, the page line and the hint.
        let listing = StoreListing(pattern: pattern, matched: matched, total: total, lines: height.map { max(1, pageLines($0) - 4) })
        showStorePage(listing)
    }

    /// `next` and `prev` after a `store` listing of several pages.
    func turnStorePage(_ listing: StoreListing, by delta: Int) {
        storeListing = listing
        let target = listing.page + delta
        guard target >= 0 else { print("Already on the first page."); return }
        listing.layOut(through: target, self)
        guard target < listing.pages.count else { print("Already on the last page."); return }
        listing.page = target
        showStorePage(listing)
    }

    private func printStoreHeading() {
        let location = session.store.location
        print(location == "memory" ? "Values (kept in memory, not saved):" : "Values (saved in \(clean(location, keepNewlines: false))):")
        // A `.config`'s lines that were not used (SPEC §18: never dropped silently).
        for warning in session.storeWarnings { print("  warning: \(clean(warning, keepNewlines: false))") }
    }

    private func showStorePage(_ listing: StoreListing) {
        printStoreHeading()
        if listing.total == 0 {
            print("  none: this script has no toggle, choice, input or number rows")
            return
        }
        let range: Range<Int>
        if listing.lines == nil {
            range = 0..<listing.total
        } else {
            listing.layOut(through: listing.page, self)
            let (start, count) = listing.pages[min(listing.page, listing.pages.count - 1)]
            range = start..<start + count
        }
        let (rows, changedRows) = storeRows(listing.keys(range, session))
        for (i, lines) in storeLines(rows).enumerated() {
            for line in lines { print(changedRows.contains(i) ? style.bold(line) : line) }
        }
        if !changedRows.isEmpty { print(style.dim("* changed from the default")) }
        guard listing.lines != nil, !(listing.page == 0 && listing.complete && listing.pages.count == 1) else { return }
        storeListing = listing
        let (index, count) = (listing.page + 1, listing.pageCount)
        let moves = index == 1 ? "next" : index == count.pages && !count.estimated ? "prev" : "next, prev"
        print(style.dim("-- page \(index)/\(count.estimated ? "~" : "")\(count.pages): \(moves) --"))
        if listing.pattern == nil, interactive {
            // Longer than the terminal: how to see fewer.
            print(style.dim("\(listing.total) keys: `store PATTERN` shows those whose key contains PATTERN"))
        }
    }

    /// The listing's lines of `keys`: each key with its value (`* ` when changed from the
    /// default), and which of them changed.
    func storeRows(_ keys: ArraySlice<String>) -> (rows: [(left: String, right: String)], changed: Set<Int>) {
        var rows: [(left: String, right: String)] = []
        var changedRows: Set<Int> = []
        for key in keys {
            guard let value = session.value(for: key) else { continue }
            let defaultValue = session.defaultValue(for: key)
            let changed = defaultValue.map { !$0.sameValue(as: value) } ?? false
            let hidden = isSecure(key)
            var right = "= " + (hidden ? mask : shown(value))
            if changed {
                changedRows.insert(rows.count)
                right += hidden ? "   (changed)" : defaultValue.map { "   (default: \(shown($0)))" } ?? ""
            } else if defaultValue == nil {
                right += "   (no row uses this key; kept)"
            }
            rows.append(((changed ? "* " : "  ") + clean(key, keepNewlines: false), right))
        }
        return (rows, changedRows)
    }

    /// Each key's lines, aligned: the keys in a column as wide as the widest that leaves the
    /// values room; a longer key puts its value on the next line.
    func storeLines(_ rows: [(left: String, right: String)]) -> [[String]] {
        let width = Terminal.width(options)
        let maxKey = max(8, min(rows.map { displayWidth($0.left) }.max() ?? 0, width / 2))
        return Columns.grouped(rows, width: width, indent: 0, gap: 1, maxLeft: maxKey, minRight: 12)
    }

    /// A secure input's value as shown (the library's mask, folded to ASCII with --ascii).
    var mask: String { clean(Binding.secureMask, keepNewlines: false) }

    /// A value as Lua would write it: strings as the library's Lua literals (escaped, so one
    /// line and nothing raw), folded to ASCII with --ascii.
    func shown(_ value: StoreValue) -> String {
        switch value {
        case .string(let s): return clean(LuaLiteral.string(s), keepNewlines: false)
        // A list as a Lua table: items quoted, an empty list `{}`.
        case .list(let items): return items.isEmpty ? "{}" : "{ " + items.map(shown).joined(separator: ", ") + " }"
        default: return value.description
        }
    }

    func resetAll() {
        let changed = session.storeValues().filter { entry in
            session.defaultValue(for: entry.key).map { !$0.sameValue(as: entry.value) } ?? false
        }.count
        if changed > 0 {
            let question = changed == 1 ? "Put 1 changed value back to its default?" : "Put \(changed) changed values back to their defaults?"
            guard askYesNo(question) else { return }
        }
        do {
            try session.resetAll()
            render()
            print(changed == 0 ? "Every value was already its default." :
                  "\(changed) value\(changed == 1 ? "" : "s") back to the default.")
        } catch {
            report(error)
        }
    }
}

/// A `store` listing laid out a page at a time: its keys (those a pattern matched, or the
/// session's, read only as far as the pages shown need) and the pages laid out so far (the
/// first key and the number of keys of each). Kept only while it is the last thing shown,
/// when nothing can change the values. Not `Sendable`: the REPL's, on its thread.
final class StoreListing {
    let pattern: String?
    let total: Int
    /// Lines a page's keys may take; nil: the whole listing at once.
    let lines: Int?
    var page = 0
    private(set) var pages: [(start: Int, count: Int)] = []
    private(set) var complete = false
    private var fetched: [String]
    private var allFetched: Bool

    init(pattern: String?, matched: [String]?, total: Int, lines: Int?) {
        self.pattern = pattern
        self.total = total
        self.lines = lines
        fetched = matched ?? []
        allFetched = matched != nil
    }

    /// The keys at `range`, reading more of the session's keys when needed (twice as many
    /// as read so far, so paging to the end reads them a bounded number of times).
    func keys(_ range: Range<Int>, _ session: Session) -> ArraySlice<String> {
        if range.upperBound > fetched.count, !allFetched {
            let wanted = total <= Shell.batchPagedRows ? total : max(range.upperBound, 2 * fetched.count)
            fetched = session.storeKeys(first: wanted)
            allFetched = fetched.count >= total || fetched.count < wanted
        }
        return fetched[min(range.lowerBound, fetched.count)..<min(range.upperBound, fetched.count)]
    }

    /// Lays pages out until page `index` (from 0) is, or the listing ends; a listing of at
    /// most `batchPagedRows` keys to its end, so its page count is exact.
    func layOut(through index: Int, _ shell: Shell) {
        guard let lines else { return }
        while !complete, pages.count <= index || total <= Shell.batchPagedRows {
            let start = pages.last.map { $0.start + $0.count } ?? 0
            // The keys that could fit (a key takes a line at least), read once; each
            // measure lays out a prefix of them.
            let candidates = shell.storeRows(keys(start..<min(total, start + lines), shell.session)).rows
            if candidates.isEmpty {
                complete = true
                if pages.isEmpty { pages = [(0, 0)] }
                break
            }
            let count = LinePager.fill(from: 0, total: candidates.count, lines: lines, guess: pages.last?.count) { _, n in
                shell.storeLines(Array(candidates.prefix(n))).reduce(0) { $0 + $1.count }
            }
            pages.append((start, count))
            if start + count >= total { complete = true }
        }
    }

    /// How many pages the listing has, and whether that is an estimate (a long listing not
    /// laid out to its end counts the keys a page held so far).
    var pageCount: (pages: Int, estimated: Bool) {
        if complete || pages.isEmpty { return (max(1, pages.count), false) }
        let end = pages[pages.count - 1].start + pages[pages.count - 1].count
        let perPage = max(1, end / pages.count)
        return (max(pages.count, page + 1, pages.count + (total - end + perPage - 1) / perPage), true)
    }
}
