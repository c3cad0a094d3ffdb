import ScreenModel
import ScreenRender

/// Pages of the current screen for a terminal of a given size: each page holds as many rows
/// as fit in its lines (a subtitle row takes two, wrapped headers and footers theirs), so a
/// page is filled. Pages are laid out from the first one, only as far as asked; a screen
/// of more than `exactLimit` rows counts its pages from the rows a page held so far (the
/// count is then an estimate). Kept by the REPL; worked out again when the screen, its
/// values or the terminal's size change.
///
/// Not `Sendable`: it keeps the pages laid out so far; use it on one thread, with the
/// session it pages (which is bound to its thread).
package final class LinePager {
    /// One page: the screen drawn on it and where it is. `Sendable`: a plain value.
    public struct Page: Sendable {
        /// The rows of the page as a screen, ready to render.
        public var screen: ResolvedScreen
        /// From 1.
        public var index: Int
        /// How many pages the screen has (see `estimated`).
        public var count: Int
        /// True when `count` is estimated (a long screen not laid out to its end).
        public var estimated: Bool
    }

    /// Screens of at most this many rows are laid out to the end to count their pages.
    public var exactLimit = 4000
    private var key: (path: [String], structure: Int, generation: Int, width: Int, lines: Int, ascii: Bool)?
    /// (first row, rows) of each page laid out so far.
    private var pages: [(start: Int, count: Int)] = []
    private var total = 0
    private var complete = false
    /// The first row of the page shown last: after a change of size or values, the page
    /// that shows it is shown again (not the page of the same number).
    private var shownStart: Int?
    private var anchor: Int?

    /// A pager with nothing laid out yet.
    public init() {}

    /// Page `index` (from 1, clamped) of the current screen when `lines` lines are free for
    /// it (including a line for the page marker): nil when the whole screen fits in `lines`.
    public func page(_ index: Int, of session: Session, renderer: TextRenderer, lines: Int) -> Page? {
        prepare(session, renderer, lines)
        let whole = session.rows(from: 0, count: 0).total
        if whole <= lines, renderer.lineCount(session.currentScreen()) <= lines {
            shownStart = nil
            return nil
        }
        let budget = max(1, lines - 1)  // the page marker
        var wanted = max(1, index)
        if let anchor {
            self.anchor = nil
            wanted = pageIndex(ofPosition: anchor, of: session, renderer: renderer, lines: lines)
        }
        layOut(until: { self.pages.count >= wanted }, session, renderer, budget)
        let i = min(wanted, pages.count) - 1
        let (start, count) = pages[i]
        shownStart = start
        let screen = LinePager.prefix(session.rows(from: start, count: count).screen, count)
        if !complete, total <= exactLimit { layOut(until: { false }, session, renderer, budget) }
        let counted: Int
        if complete {
            counted = pages.count
        } else {
            let end = pages[pages.count - 1].start + pages[pages.count - 1].count
            let perPage = max(1, end / pages.count)
            counted = pages.count + (total - end + perPage - 1) / perPage
        }
        return Page(screen: screen, index: i + 1, count: max(counted, i + 1), estimated: !complete)
    }

    /// The page (from 1) that shows the visible row at `position` (from 0).
    public func pageIndex(ofPosition position: Int, of session: Session, renderer: TextRenderer, lines: Int) -> Int {
        prepare(session, renderer, lines)
        let budget = max(1, lines - 1)
        layOut(until: { self.pages.last.map { $0.start + $0.count > position } ?? false }, session, renderer, budget)
        return (pages.firstIndex { position < $0.start + $0.count } ?? pages.count - 1) + 1
    }

    /// The first `count` visible rows of `screen` (a section's footer only when all of its
    /// rows are kept).
    static func prefix(_ screen: ResolvedScreen, _ count: Int) -> ResolvedScreen {
        var out = screen
        out.sections = []
        var left = count
        for section in screen.sections where left > 0 {
            guard section.visible else { continue }
            let visible = section.rows.filter(\.visible)
            if visible.count <= left {
                out.sections.append(section)
                left -= visible.count
            } else {
                var part = section
                part.rows = Array(visible.prefix(left))
                part.footer = nil
                out.sections.append(part)
                left = 0
            }
        }
        return out
    }

    private func prepare(_ session: Session, _ renderer: TextRenderer, _ lines: Int) {
        let now = (session.path, session.caches.structureGeneration, session.caches.generation, renderer.options.width, lines, renderer.options.ascii)
        if let key, key.path == now.0, key.structure == now.1, key.generation == now.2,
           key.width == now.3, key.lines == now.4, key.ascii == now.5 { return }
        if let key, key.path == now.0 { anchor = shownStart } else { anchor = nil; shownStart = nil }
        key = now
        pages = []
        complete = false
        total = session.rows(from: 0, count: 0).total
    }

    private func layOut(until done: () -> Bool, _ session: Session, _ renderer: TextRenderer, _ budget: Int) {
        while !complete, !done() {
            let start = pages.last.map { $0.start + $0.count } ?? 0
            if start >= total {
                complete = true
                if pages.isEmpty { pages = [(0, 0)] }
                break
            }
            // The rows that could fit (a row takes a line at least), evaluated once; each
            // measure renders a prefix of them.
            let candidate = session.rows(from: start, count: min(budget, total - start)).screen
            let count = LinePager.fill(from: start, total: total, lines: budget, guess: pages.last?.count) { _, n in
                renderer.lineCount(LinePager.prefix(candidate, n))
            }
            pages.append((start, count))
            if start + count >= total { complete = true }
        }
    }
}

extension LinePager {
    /// How many rows from `start` fill a page of at most `lines` lines: the most rows for
    /// which `measure(start, count)` (the lines those rows take, headers and footers with
    /// them) fits, never fewer than one, never more than `total - start`. `guess` (the
    /// rows of the page before) is tried first, so a screen of even rows measures each page
    /// about twice; otherwise a binary search (lines never shrink as rows are added).
    package static func fill(from start: Int, total: Int, lines: Int, guess: Int? = nil,
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
