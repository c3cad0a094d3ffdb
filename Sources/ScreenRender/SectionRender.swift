import ScreenModel

/// Drawing a screen piece by piece, for checks that look at every line (`luascreen
/// explore`): a row draws the same in any screen whose rows share its columns, so a
/// checker that keeps the rows it has seen draws only the ones that changed.
extension TextRenderer {
    /// The columns every row of a screen shares when drawn (number, icon, text, label).
    /// A plain value (not marked Sendable: it is used on the thread that drew it).
    public struct Columns {
        let columns: RowColumns
        /// Equal keys (at one width) draw an equal row alike.
        public let key: [Int]
    }

    /// The columns of `screen` at this renderer's width.
    public func columns(of screen: ResolvedScreen) -> Columns {
        let c = RowColumns(rows: screen.visibleRows, width: options.width,
                           icon: { $0.icon.map { self.clean($0) } }, label: { self.detailOrError(self.presentation($0)) })
        return Columns(columns: c, key: [options.width, c.numberWidth, c.iconColumn, c.iconWidth, c.textColumn, c.labelWidth])
    }

    /// `columns(of:)` of renderers whose options are this one's but for their width, one a
    /// width of `widths`: the rows are measured once for all of them (explore draws each new
    /// screen at four widths).
    public func columns(of screen: ResolvedScreen, atWidths widths: [Int]) -> [Columns] {
        let measures = RowColumns.measure(rows: screen.visibleRows, icon: { $0.icon.map { self.clean($0) } }, label: { self.detailOrError(self.presentation($0)) })
        return widths.map { asked in
            let width = RenderOptions(width: asked).width  // clamped as a renderer's is
            let c = RowColumns(measures, width: width)
            return Columns(columns: c, key: [width, c.numberWidth, c.iconColumn, c.iconWidth, c.textColumn, c.labelWidth])
        }
    }

    /// The title lines of a screen (title and rule), as `render` draws them.
    public func renderTitle(_ screen: ResolvedScreen) -> [String] {
        let title = cut(clean(screen.title), options.width)
        var lines = [StyledLine(title, .bold)]
        let titleWidth = displayWidth(title)
        if titleWidth > 0 { lines.append(StyledLine(repeated(glyphs.rule, count: titleWidth))) }
        return finished(lines)
    }

    /// A section's header and footer lines (without its rows), as `render` draws them.
    public func renderFrame(_ section: ResolvedSection, _ columns: Columns) -> [String] {
        var frame = section
        frame.rows = []
        return finished(sectionLines(frame, columns.columns))
    }

    /// A visible row's lines, as `render` draws it among rows sharing `columns`.
    public func renderRow(_ row: ResolvedRow, _ columns: Columns) -> [String] {
        finished(rowLines(row, columns.columns))
    }

    private func finished(_ lines: [StyledLine]) -> [String] {
        let ellipsis = glyphs.ellipsis
        return lines.map { $0.truncated(to: options.width, ellipsis: ellipsis).rendered(color: options.color) }
    }
}
