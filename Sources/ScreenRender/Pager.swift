/// Splits rendered lines into pages for a terminal shorter than the screen (`next`, `prev`).
/// Sendable: no state, only static functions; safe to use from any thread.
public struct Pager: Sendable {
    /// `lines` in pages of `height` lines each (the last one possibly shorter); a height
    /// below 1 counts as 1. There is always at least one page, empty when `lines` is.
    public static func pages(of lines: [String], height: Int) -> [[String]] {
        let height = max(1, height)
        guard !lines.isEmpty else { return [[]] }
        return stride(from: 0, to: lines.count, by: height).map {
            Array(lines[$0..<min($0 + height, lines.count)])
        }
    }

    /// Page `index` (from 0, clamped to the pages there are) of `lines`.
    public static func page(_ index: Int, of lines: [String], height: Int) -> [String] {
        let all = pages(of: lines, height: height)
        return all[min(max(0, index), all.count - 1)]
    }
}

extension Pager {
    /// How many rows from `start` fill a page of at most `lines` lines: the most rows for
    /// which `measure(start, count)` (the lines those rows take, headers and footers with
    /// them) fits, never fewer than one, never more than `total - start`. `guess` (the
    /// rows of the page before) is tried first, so a screen of even rows measures each page
    /// about twice; otherwise a binary search (lines never shrink as rows are added).
    public static func fill(from start: Int, total: Int, lines: Int, guess: Int? = nil,
                            measure: (_ start: Int, _ count: Int) -> Int) -> Int {
        let most = max(1, min(total - start, max(1, lines)))  // a row takes at least one line
        if most <= 1 { return 1 }
        if let guess, guess >= 1, guess <= most, measure(start, guess) <= lines {
            if guess == most || measure(start, guess + 1) > lines { return guess }
            var low = guess + 1, high = most  // low fits
            while low < high {
                let mid = (low + high + 1) / 2
                if measure(start, mid) <= lines { low = mid } else { high = mid - 1 }
            }
            return low
        }
        var low = 1, high = guess.map { min(most, max(1, $0 - 1)) } ?? most
        if measure(start, high) <= lines { return high }
        high -= 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(start, mid) <= lines { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
