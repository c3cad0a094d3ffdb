import LuaScreen
import ScreenRender

/// The prompt: the path of titles, kept to a part of the width.
extension Shell {
    /// The path of titles and "> ", kept to about three fifths of the width (the first titles give
    /// way to "…").
    func prompt() -> String {
        let room = max(24, Terminal.width(options) * 3 / 5)
        var titles = session.titles.map { clean($0, keepNewlines: false) }
        var cut = false
        func joined() -> String { ((cut ? [ascii ? "..." : "…"] : []) + titles).joined(separator: separator) }
        while titles.count > 1, displayWidth(joined()) > room {
            titles.removeFirst()
            cut = true
        }
        let path = truncate(joined(), toWidth: room, ellipsis: ascii ? "..." : "…")
        return style.promptPaint(path, [.bold, .blue]) + "> "
    }
}
