import ScreenModel

/// Draws a resolved screen as lines of text for a terminal:
///
///     Settings
///     ────────
///
///     Account
///      1 @ Profile                                      ›
///      2   Notifications                             ● on
///          Version                                  2.0.0
///
/// the title underlined, then each visible section: its header, its visible rows (see
/// `rowLines`) and its footer, with a blank line between sections. Every line fits in
/// `options.width` columns (escape codes aside), has no trailing spaces, and is pure ASCII
/// when `options.ascii`.
/// Sendable: a plain value, safe to share between threads.
public struct TextRenderer: Sendable {
    /// How to draw: width, ASCII, colour, the locale's words.
    public var options: RenderOptions {
        didSet { words = PresentationWords(translations: options.words) }
    }
    /// The words of the rows' presentations (`options.words`, English where it has none).
    private(set) var words: PresentationWords

    /// A renderer drawing with `options`.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
        words = PresentationWords(translations: options.words)
    }

    /// What the renderer draws of a row: its presentation in the options' words.
    public func presentation(_ row: ResolvedRow) -> RowPresentation {
        RowPresentation(row, words: words)
    }

    /// The screen's lines, without line terminators.
    public func render(_ screen: ResolvedScreen) -> [String] {
        let ellipsis = glyphs.ellipsis
        return layout(screen).map {
            $0.truncated(to: options.width, ellipsis: ellipsis).rendered(color: options.color)
        }
    }

    /// The screen as one text: its lines joined with "\n", with a final "\n".
    public func renderText(_ screen: ResolvedScreen) -> String {
        render(screen).joined(separator: "\n") + "\n"
    }

    var glyphs: Glyphs { options.ascii ? .ascii : .unicode }

    /// Script text made printable: control characters escaped (`sanitize`), line breaks
    /// kept only for paragraphs, ASCII when asked.
    func clean(_ s: String, keepNewlines: Bool = false) -> String {
        let s = sanitize(s, lineBreaks: keepNewlines ? .paragraph : .space)
        return options.ascii ? asciiFold(s) : s
    }

    /// `s` cut to `width` columns with the mode's ellipsis.
    func cut(_ s: String, _ width: Int) -> String {
        truncate(s, toWidth: width, ellipsis: glyphs.ellipsis)
    }

    func layout(_ screen: ResolvedScreen) -> [StyledLine] {
        let width = options.width
        var lines: [StyledLine] = []
        let title = cut(clean(screen.title), width)
        lines.append(StyledLine(title, .bold))
        let titleWidth = displayWidth(title)
        if titleWidth > 0 {
            lines.append(StyledLine(repeated(glyphs.rule, count: titleWidth)))
        }
        lines.append(StyledLine())

        let columns = RowColumns(rows: screen.visibleRows, width: width,
                                 icon: { $0.icon.map { self.clean($0) } }, label: { self.detailOrError(self.presentation($0)) })
        var firstBlock = true
        for section in screen.sections where section.visible {
            let block = sectionLines(section, columns)
            if block.isEmpty { continue }
            if !firstBlock { lines.append(StyledLine()) }
            lines += block
            firstBlock = false
        }
        while lines.count > 1, lines.last?.width == 0 { lines.removeLast() }
        return lines
    }

    /// A section's header, visible rows and footer; nothing when it has none of them.
    func sectionLines(_ section: ResolvedSection, _ columns: RowColumns) -> [StyledLine] {
        let width = options.width
        var lines: [StyledLine] = []
        if let header = paragraph(section.header) {
            lines += wrap(header, width: width).map { StyledLine($0, .bold) }
        }
        for row in section.rows where row.visible {
            lines += rowLines(row, columns)
        }
        if let footer = paragraph(section.footer) {
            // Under the rows' text, unless huge numbers or icons would leave it too little room.
            let indentWidth = min(columns.textColumn, width / 3)
            let indent = repeated(" ", count: indentWidth)
            for text in wrap(footer, width: width - indentWidth) {
                var line = StyledLine(indent)
                line.append(text, .dim)
                lines.append(line)
            }
        }
        return lines
    }

    /// How many lines `render(screen)` gives, worked out without drawing the rows (for
    /// laying out pages): the title and its rule, each visible section's header, rows (two
    /// lines for a subtitle row with a detail) and footer, and the blank lines between.
    public func lineCount(_ screen: ResolvedScreen) -> Int {
        let width = options.width
        var count = 1  // the title line (kept even when empty)
        if displayWidth(cut(clean(screen.title), width)) > 0 { count += 1 }
        var sections = 0
        var columns: RowColumns?
        for section in screen.sections where section.visible {
            var lines = 0
            if let header = paragraph(section.header) { lines += wrap(header, width: width).count }
            for row in section.rows where row.visible {
                // (the presentation made only for a subtitle row: the others take one line)
                lines += row.style == .subtitle && !(detailOrError(presentation(row)) ?? "").isEmpty ? 2 : 1
            }
            if let footer = paragraph(section.footer) {
                if columns == nil {
                    columns = RowColumns(rows: screen.visibleRows, width: width,
                                         icon: { $0.icon.map { self.clean($0) } }, label: { self.detailOrError(self.presentation($0)) })
                }
                let indentWidth = min(columns!.textColumn, width / 3)
                lines += wrap(footer, width: width - indentWidth).count
            }
            if lines == 0 { continue }
            count += lines + 1  // and the blank line before it
            sections += 1
        }
        return count
    }

    /// A header or footer ready to wrap, nil when absent or blank.
    private func paragraph(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = clean(text, keepNewlines: true)
        return cleaned.allSatisfy(\.isWhitespace) ? nil : cleaned
    }
}
