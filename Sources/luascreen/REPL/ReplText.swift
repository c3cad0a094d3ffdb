import LuaScreen
import ScreenModel
import ScreenRender

/// Small text helpers of the REPL: script text made safe to print, quotes, styles.
enum ReplText {
    /// Script text (alerts, titles, values, help, printed output) through the one
    /// sanitizer, ScreenModel's `sanitize`: control and bidi characters escaped; line breaks
    /// kept when `keepNewlines`, else spaces; ASCII only when `ascii`.
    static func clean(_ s: String, ascii: Bool, keepNewlines: Bool = true) -> String {
        let out = sanitize(s, lineBreaks: keepNewlines ? .keep : .space)
        return ascii ? asciiFold(out) : out
    }
}

/// The REPL's own lines in colour (the renderer styles the screens), when `color`; the
/// escape codes are ScreenRender's `TextStyle`.
struct ReplStyle {
    var color: Bool

    /// `text` in `style` when colour is on.
    func paint(_ text: String, _ style: TextStyle) -> String { color ? style.paint(text) : text }

    func bold(_ s: String) -> String { paint(s, .bold) }
    func dim(_ s: String) -> String { paint(s, .dim) }
    func alert(_ s: String) -> String { paint(s, [.bold, .yellow]) }
    func error(_ s: String) -> String { paint(s, [.bold, .red]) }

    /// The same, with the escape codes wrapped in \001 ... \002 so readline can measure a prompt.
    func promptPaint(_ text: String, _ style: TextStyle) -> String {
        color && !text.isEmpty ? "\u{1}" + style.sgr + "\u{2}" + text + "\u{1}" + TextStyle.reset + "\u{2}" : text
    }
}
