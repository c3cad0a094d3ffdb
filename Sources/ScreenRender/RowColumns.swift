import ScreenModel

/// The columns every row of a screen shares, so numbers, icons and texts line up:
///
///     ` 9 @ Profile`  `12   Version`
///
/// a number right-aligned to the widest number on the screen, at least two columns so rows
/// sit in from their header (blank for rows that cannot be selected), then an icon column
/// when some row has an icon, then the text. Value2 rows share one label column too.
struct RowColumns {
    /// Columns of the number column, without the space after it.
    let numberWidth: Int
    /// Where the icon column starts: after the number and one space.
    let iconColumn: Int
    /// Columns kept for icons (0: no icon column); longer icons are cut.
    let iconWidth: Int
    /// Where the row's text starts.
    let textColumn: Int

    /// Columns of the value2 label column: its widest label, at most about a quarter of
    /// the line (0 when no value2 row has a label).
    let labelWidth: Int

    static let maximumIconWidth = 4

    /// `icon` and `label` give a row's icon and value2 label as they will be drawn.
    init(rows: [ResolvedRow], width: Int, icon: (ResolvedRow) -> String?, label: (ResolvedRow) -> String?) {
        self.init(RowColumns.measure(rows: rows, icon: icon, label: label), width: width)
    }

    /// What the columns of some rows are made from at any width: their widest number, icon
    /// and value2 label. `Sendable`: a plain value.
    struct Measures: Sendable {
        let numberWidth: Int
        let iconWidth: Int
        let widestLabel: Int
    }

    /// The rows measured (`icon` and `label` as in `init(rows:width:icon:label:)`).
    static func measure(rows: [ResolvedRow], icon: (ResolvedRow) -> String?, label: (ResolvedRow) -> String?) -> Measures {
        let widest = rows.compactMap(\.number).max()
        let iconWidths = rows.compactMap(icon).map(displayWidth)
        let labels = rows.filter { $0.style == .value2 }.compactMap(label).map(displayWidth)
        return Measures(numberWidth: max(2, widest.map { String($0).count } ?? 0),
                        iconWidth: min(iconWidths.max() ?? 0, RowColumns.maximumIconWidth),
                        widestLabel: labels.max() ?? 0)
    }

    /// The columns of rows measured as `measures` at `width`.
    init(_ measures: Measures, width: Int) {
        numberWidth = measures.numberWidth
        iconColumn = numberWidth + 1
        iconWidth = measures.iconWidth
        textColumn = iconColumn + (iconWidth > 0 ? iconWidth + 1 : 0)
        labelWidth = min(measures.widestLabel, max(4, (width - textColumn) / 4))
    }

    /// The number as it is drawn in its column ("" for none).
    func number(_ n: Int?) -> String {
        guard let n else { return "" }
        let s = String(n)
        return repeated(" ", count: numberWidth - s.count) + s
    }
}
