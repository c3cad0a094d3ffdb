/// Splits rendered lines into pages for a terminal shorter than the screen (`next`, `prev`).
public struct Pager {
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
