import LuaScreen
import ScreenRender

/// Text laid out to the terminal's width for `help`, `why` and `store`.
enum Columns {
    /// Two columns: each `left` in a column as wide as the widest one (at most `maxLeft`),
    /// then `gap` spaces and `right` wrapped beside it. A left part wider than the column,
    /// or a right part that would get fewer than `minRight` columns, goes on its own line,
    /// with the right part under it: in the right column when the other rows have theirs
    /// beside them, else indented by `indent + 4`.
    static func lines(_ rows: [(left: String, right: String)], width: Int, indent: Int = 2, gap: Int = 2,
                      maxLeft: Int, minRight: Int = 16) -> [String] {
        grouped(rows, width: width, indent: indent, gap: gap, maxLeft: maxLeft, minRight: minRight).flatMap { $0 }
    }

    /// `lines`, kept apart row by row (so each row can be styled).
    static func grouped(_ rows: [(left: String, right: String)], width: Int, indent: Int = 2, gap: Int = 2,
                        maxLeft: Int, minRight: Int = 16) -> [[String]] {
        let width = max(16, width)
        let pad = String(repeating: " ", count: indent)
        let widest = rows.map { displayWidth($0.left) }.filter { $0 <= maxLeft }.max() ?? 0
        let column = indent + widest + gap
        let besideRoom = width - column
        var all: [[String]] = []
        for (left, right) in rows {
            var out: [String] = []
            defer { all.append(out) }
            let leftWidth = displayWidth(left)
            if leftWidth <= widest, besideRoom >= minRight {
                let wrapped = displayWidth(right) <= besideRoom ? [right] : wrap(right, width: besideRoom)
                for (i, piece) in wrapped.enumerated() {
                    let head = i == 0 ? pad + left + String(repeating: " ", count: widest - leftWidth) : ""
                    out.append((head + String(repeating: " ", count: column - displayWidth(head)) + piece).trimmingTrailingSpace)
                }
            } else {
                out += indent + leftWidth <= width ? [pad + left] : paragraph(left, width: width, indent: indent, hang: indent + 2)
                // under the other rows' right parts when they are beside their left parts
                let under = besideRoom >= minRight ? column : indent + 4
                if displayWidth(right) <= width - under {
                    out.append(String(repeating: " ", count: under) + right)
                } else if !right.isEmpty {
                    out += paragraph(right, width: width, indent: under, hang: under)
                }
            }
        }
        return all
    }

    /// `text` wrapped to `width`, each of its lines: the first line of each indented by
    /// `indent`, the lines a long one wraps onto by `hang`.
    static func paragraph(_ text: String, width: Int, indent: Int = 0, hang: Int = 2) -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let first = String(repeating: " ", count: indent)
            let rest = String(repeating: " ", count: hang)
            // Wrap to the narrower room so every piece fits after either indent.
            let room = max(8, width - max(indent, hang))
            let pieces = wrap(String(line), width: room)
            for (i, piece) in pieces.enumerated() { out.append(((i == 0 ? first : rest) + piece).trimmingTrailingSpace) }
        }
        return out
    }
}
