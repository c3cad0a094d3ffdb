import ScreenModel

extension TextRenderer {
    /// One row's lines (two for the subtitle style), each exactly fitting the width:
    ///
    ///     value1     ` 3 @ Text                      Detail ›`
    ///     value2     ` 3 @      Detail Text                 ›`   (label column: RowColumns)
    ///     subtitle   ` 3 @ Text                             ›`
    ///                `       Detail`
    ///
    /// The right-hand part ends where the accessory begins (at the width when there is
    /// none). A toggle draws its switch (`● on`, `○ off`) there; a disabled row adds
    /// `(disabled)` there too, and is dimmed with colour; a row whose field failed puts
    /// `✗` before its text and the error where the detail goes. When text and detail do not
    /// fit, the detail is cut first, down to about a third of the room, then the text.
    /// Every text drawn is the row's presentation's (`RowPresentation`), made safe here.
    func rowLines(_ row: ResolvedRow, _ columns: RowColumns) -> [StyledLine] {
        let width = options.width
        let g = glyphs
        let shown = presentation(row)

        var line = StyledLine(columns.number(row.number))
        line.pad(to: columns.iconColumn)
        if columns.iconWidth > 0, let icon = row.icon {
            line.append(prefix(clean(icon), width: columns.iconWidth))
        }
        line.pad(to: columns.textColumn)

        let accessory = g.accessory(shown.accessory)
        let accessoryWidth = displayWidth(accessory)
        let end = accessory.isEmpty ? width : width - accessoryWidth - 1

        let mark = shown.error == nil ? "" : g.error + " "
        let detail = detailOrError(shown)
        let detailStyle: TextStyle = shown.error != nil ? .red : shown.detailIsPlaceholder ? .dim : (shown.detailStyle == .value2 ? .blue : [])

        var text = clean(shown.text)
        let textWidth = displayWidth(text)
        var room = end - columns.textColumn - displayWidth(mark)
        var label: String?
        if shown.detailStyle == .value2 && columns.labelWidth > 0 {
            label = cut(detail ?? "", columns.labelWidth)
            room -= columns.labelWidth + 1
        }
        var inlineDetail = shown.detailStyle == .value1 ? (detail ?? "") : ""

        // The state parts, never cut while something else can be: a toggle's switch (its
        // word dropped first when space is short) and the disabled marker.
        let switchMark = row.isOn.map { $0 ? g.switchOnShort : g.switchOffShort }
        var switchGlyph = switchMark.map { mark in shown.switchWord.map { mark + " " + clean($0) } ?? mark }
        let switchStyle: TextStyle = row.isOn == true ? .green : []
        let disabled = shown.disabledWord.map { "(" + clean($0) + ")" } ?? ""
        func rightPart() -> StyledLine {
            var right = StyledLine()
            let parts = [(inlineDetail, detailStyle), (switchGlyph ?? "", switchStyle),
                         (disabled, .dim)]
            for (part, style) in parts where !part.isEmpty {
                if right.width > 0 { right.append(" ") }
                right.append(part, style)
            }
            return right
        }
        var right = rightPart()
        let gap = 1
        if textWidth + gap + right.width > room, let selected = shown.selectedWord, shown.error == nil,
           shown.detailStyle == .value1, !inlineDetail.isEmpty {
            // A multiple choice's joined texts that do not fit: how many are chosen.
            inlineDetail = clean(selected)
            right = rightPart()
        }
        if textWidth + gap + right.width > room {
            // Give up, in this order: the detail beyond a third of the room, the text beyond
            // a few columns, the rest of the detail, the switch's word; only then cut the state.
            let textMinimum = min(textWidth, 4)
            if !inlineDetail.isEmpty {
                let detailWidth = displayWidth(inlineDetail)
                let others = right.width - detailWidth  // the state parts and their separator
                let space = room - gap - others
                let minimum = min(detailWidth, max(5, space / 3))
                var share = min(detailWidth, max(minimum, space - textWidth))
                share = min(share, space - textMinimum)
                inlineDetail = share >= 2 ? cut(inlineDetail, share) : ""
                right = rightPart()
            }
            if textMinimum + gap + right.width > room, let switchMark {
                switchGlyph = switchMark
                right = rightPart()
            }
            let keep = min(textWidth, max(textMinimum, room - gap - right.width))
            right = right.truncated(to: max(0, room - gap - keep), ellipsis: g.ellipsis)
            text = cut(text, room - (right.width > 0 ? gap + right.width : 0))
        }

        line.append(mark, .red)
        if let label {
            line.pad(to: line.width + columns.labelWidth - displayWidth(label))
            line.append(label, detailStyle)
            line.append(" ")
        }
        line.append(text, row.destructive ? .red : [])
        if right.width > 0 {
            line.pad(to: end - right.width)
            for span in right.spans { line.append(span.text, span.style) }
        }
        if !accessory.isEmpty {
            line.pad(to: width - accessoryWidth)
            line.append(accessory, shown.accessory == .checkmark ? .blue : .dim)
        }
        var lines = [line]

        if shown.detailStyle == .subtitle, let detail, !detail.isEmpty {
            let indent = columns.textColumn + displayWidth(mark)
            var second = StyledLine(repeated(" ", count: indent))
            second.append(cut(detail, width - indent), shown.error != nil ? .red : .dim)
            lines.append(second)
        }
        if !row.enabled {
            for i in lines.indices { lines[i].add(.dim) }
        }
        return lines
    }

    /// What a row shows as its detail (beside, beneath or before its text, by style): the
    /// error of a failed field, else its presentation's detail, made safe for the terminal.
    func detailOrError(_ shown: RowPresentation) -> String? {
        if let error = shown.error { return clean(error) }
        guard let detail = shown.detail.map({ clean($0) }), !detail.isEmpty else { return nil }
        // A placeholder is dim with colour; without colour, it is set in ‹ › instead.
        if shown.detailIsPlaceholder && !options.color { return glyphs.placeholderOpen + detail + glyphs.placeholderClose }
        return detail
    }
}
