import LuaScreen
import LuaScreenCore

/// Drawing the current screen: whole in batch mode, a page at a time on a short terminal
/// (`next`, `prev`).
extension Shell {
    var renderer: TextRenderer {
        var renderOptions = Terminal.renderOptions(options, color: style.color)
        renderOptions.words = session.rendererWords
        return TextRenderer(options: renderOptions)
    }



    /// Lines a page may take: the terminal's height less the blank line before it and the prompt.
    func pageLines(_ height: Int) -> Int { max(3, height - 2) }

    /// The page of the current screen to show (interactive, on a terminal): as many rows as
    /// fill the terminal, with a blank line before, the page line and the prompt. Only that
    /// page's rows are evaluated when the screen allows, so a screen of 100,000 rows stays
    /// quick. Nil in batch mode, which shows whole screens.
    func layoutPage() -> (lines: [String], index: Int, count: Int, estimated: Bool)? {
        guard let height = interactive ? Terminal.height() : batchPageHeight() else { return nil }
        let path = session.path
        if path != pagedPath {
            page = 0
            pagedPath = path
        }
        let renderer = self.renderer
        guard let shown = pager.page(page + 1, of: session, renderer: renderer, lines: pageLines(height)) else {
            page = 0
            pageCount = 1
            return (renderer.render(session.currentScreen()), 1, 1, false)
        }
        page = shown.index - 1
        pageCount = shown.count
        return (renderer.render(shown.screen), shown.index, shown.count, shown.estimated)
    }

    /// Batch mode shows a screen of more than this many rows a page at a time (a page of
    /// `batchPageLines`): each command's output stays the same size whatever the screen's.
    static let batchPagedRows = LinePager().exactLimit
    static let batchPageLines = 24

    /// The height batch mode pages the current screen at: nil (the screen is shown whole)
    /// unless it has more than `batchPagedRows` visible rows.
    func batchPageHeight() -> Int? {
        session.rows(from: 0, count: 0).total > Shell.batchPagedRows ? Shell.batchPageLines : nil
    }

    /// Shows the current screen: whole in batch mode (a page of it when it is longer than
    /// `batchPagedRows`), a page of it on a terminal shorter than the screen. Returns the
    /// number of lines it printed.
    @discardableResult
    func render(first: Bool = false) -> Int {
        guard let shown = layoutPage() else {
            page = 0
            pagedPath = session.path
            let lines = renderer.render(session.currentScreen())
            for line in lines { print(line) }
            return lines.count
        }
        // apart from the command above; the hint goes below the first
        if !first, interactive { print("") }
        for line in shown.lines { print(line) }
        var noted = 0
        if shown.count > 1 {
            printPageLine(shown)
            if !interactive, !toldBatchPaging {
                toldBatchPaging = true
                noted = 1
                print("(batch mode shows a screen of more than \(Shell.batchPagedRows) rows a page at a time; "
                      + "`luascreen render SCRIPT --screen ID` prints it whole)")
            }
        }
        return (first || !interactive ? 0 : 1) + shown.lines.count + (shown.count > 1 ? 1 : 0) + noted
    }

    /// `-- page 2/5: next, prev --` under a page.
    private func printPageLine(_ shown: (lines: [String], index: Int, count: Int, estimated: Bool)) {
        let moves = shown.index == 1 ? "next" : shown.index == shown.count ? "prev" : "next, prev"
        let count = shown.estimated ? "~\(shown.count)" : "\(shown.count)"
        print(style.dim("-- page \(shown.index)/\(count): \(moves) --"))
    }

    func turnPage(by delta: Int) {
        guard interactive ? Terminal.height() != nil : batchPageHeight() != nil else {
            print("(batch mode shows whole screens: nothing to page)")
            return
        }
        _ = layoutPage()
        guard pageCount > 1 else {
            print("The whole screen fits: nothing to page.")
            return
        }
        let target = page + delta
        guard target >= 0 else { print("Already on the first page."); return }
        guard target < pageCount else { print("Already on the last page."); return }
        page = target
        render()
    }

    /// Runs a command that changes a row's value; when the row is on another page than the
    /// one shown, says what changed (`Size is now 5 (page 2)`), since the page redrawn does
    /// not show it.
    func actOnRow(_ ref: String, _ body: () throws -> Void) {
        let before = failures
        let id = (try? session.lookup(ref))?.id
        act(body)
        guard failures == before, let id, interactive, let height = Terminal.height(), pageCount > 1,
              let position = session.visiblePosition(ofRow: id),
              // (that row alone evaluated, when the screen allows: not the whole screen)
              let row = session.rows(from: position, count: 1).screen.visibleRows.first(where: { $0.id == id }) else { return }
        let onPage = pager.pageIndex(ofPosition: position, of: session, renderer: renderer, lines: pageLines(height))
        guard onPage != page + 1 else { return }
        let value = row.detail.map { clean($0, keepNewlines: false) } ?? "changed"
        print("\(clean(row.text, keepNewlines: false)) is now \(value) (page \(onPage))")
    }

    /// Opens the page of the current screen that shows the row with this id.
    func turnToRow(_ id: String) {
        guard let height = interactive ? Terminal.height() : batchPageHeight(), layoutPage() != nil, pageCount > 1,
              let position = session.visiblePosition(ofRow: id) else { return }
        page = pager.pageIndex(ofPosition: position, of: session, renderer: renderer, lines: pageLines(height)) - 1
    }
}
