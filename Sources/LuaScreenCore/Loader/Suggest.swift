import ScreenModel
/// "did you mean" suggestions: the closest candidate within a small edit distance.
/// A namespace of functions that keep no state: callable from any thread.
package enum Suggest {
    /// Words and candidates longer than this get no suggestion (a name that long is not a
    /// typo of a field or an id), so a huge name costs nothing here.
    static let maxLength = 256

    /// The candidate closest to `word` (case-insensitive, a few edits at most), or nil.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        // The distance is at least the difference in length and the limit is at most 3.
        guard word.utf8.count <= maxLength else { return nil }
        let w = Array(word.lowercased().utf8)
        var best: (String, Int)? = nil
        for candidate in candidates where candidate.utf8.count <= maxLength {
            let limit = max(1, min(3, candidate.utf8.count / 3))
            if abs(w.count - candidate.utf8.count) > limit { continue }
            guard let d = distance(w, Array(candidate.lowercased().utf8), limit: limit) else { continue }
            // A suggestion shares something with the word: not every character replaced.
            if d < max(w.count, candidate.utf8.count), best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// The row text or id closest to a reference (`closest`), else the text whose first
    /// words are closest to it, as a row is named by the start of its text (`Notfication`
    /// suggests "Notification Sound"); nil when none is, or when two texts start alike.
    public static func closestRow(to reference: String, texts: [String], ids: [String]) -> String? {
        if let found = closest(to: reference, in: texts + ids) { return found }
        let words = reference.split(separator: " ").count
        guard words > 0 else { return nil }
        var starts: [String: [String]] = [:]
        for text in texts {
            let parts = text.split(separator: " ")
            guard parts.count > words else { continue }
            starts[parts.prefix(words).joined(separator: " "), default: []].append(text)
        }
        guard let start = closest(to: reference, in: starts.keys.sorted()), let owners = starts[start],
              Set(owners).count == 1 else { return nil }
        return owners[0]
    }

    /// The edit distance of two words (as `distance(_:_:limit:)`, without a limit).
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        return distance(x, y, limit: max(x.count, y.count)) ?? max(x.count, y.count)
    }

    /// Optimal string alignment distance (Levenshtein with adjacent transpositions), or nil
    /// when it is more than `limit`. Only the cells within `limit` of the diagonal are
    /// computed, and a row whose every cell is over the limit ends the search: linear in the
    /// length for the small limits suggestions use.
    package static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let over = limit + 1
        var previous2 = [Int](repeating: over, count: b.count + 1)
        var previous = [Int](repeating: over, count: b.count + 1)
        var current = [Int](repeating: over, count: b.count + 1)
        for j in 0...min(b.count, limit) { previous[j] = j }
        for i in 1...a.count {
            let lo = max(1, i - limit), hi = min(b.count, i + limit)
            current[lo - 1] = lo == 1 && i <= limit ? i : over
            var rowMinimum = current[lo - 1]
            if lo <= hi {
                for j in lo...hi {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        v = min(v, previous2[j - 2] + 1)
                    }
                    current[j] = min(v, over)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if hi < b.count { current[hi + 1] = over }
            if rowMinimum > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// ` (did you mean "x"?)` or nothing (the candidate cut as diagnostics cut script text).
    package static func hint(_ word: String, _ candidates: [String]) -> String {
        hint(closest: closest(to: word, in: candidates))
    }

    /// ` (did you mean "x"?)` for the closest candidate found, or nothing.
    package static func hint(closest: String?) -> String {
        closest.map { " (did you mean \"\(Diagnostic.quote($0))\"?)" } ?? ""
    }
}
