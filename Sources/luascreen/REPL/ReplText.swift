import LuaScreen

/// Small text helpers of the REPL: script text made safe to print, quotes, styles.
enum ReplText {
    /// Script text (alerts, titles, values, help, printed output) through the one
    /// sanitizer, ScreenModel's `sanitize`: control and bidi characters escaped; line breaks
    /// kept when `keepNewlines`, else spaces; ASCII only when `ascii`.
    static func clean(_ s: String, ascii: Bool, keepNewlines: Bool = true) -> String {
        let out = sanitize(s, lineBreaks: keepNewlines ? .keep : .space)
        return ascii ? asciiFold(out) : out
    }

    /// `"Font size"` -> `Font size`; text without surrounding quotes unchanged.
    static func unquoted(_ s: String) -> String {
        guard s.count >= 2, let first = s.first, first == "\"" || first == "'", s.last == first else { return s }
        return String(s.dropFirst().dropLast())
    }

    /// The first word of `line` (up to whitespace) and the rest, trimmed.
    static func splitFirstWord(_ line: String) -> (word: String, rest: String) {
        guard let space = line.firstIndex(where: { $0.isWhitespace }) else { return (line, "") }
        return (String(line[..<space]), trimmed(line[space...]))
    }

    static func trimmed<S: StringProtocol>(_ s: S) -> String {
        var sub = Substring(s)
        while let c = sub.first, c.isWhitespace { sub = sub.dropFirst() }
        while let c = sub.last, c.isWhitespace { sub = sub.dropLast() }
        return String(sub)
    }
}

/// ANSI styles for the REPL's own lines (the renderer styles the screens).
struct ReplStyle {
    var color: Bool

    static let reset = "\u{1B}[0m"

    func paint(_ text: String, _ codes: String) -> String {
        color && !text.isEmpty ? "\u{1B}[\(codes)m" + text + ReplStyle.reset : text
    }

    func bold(_ s: String) -> String { paint(s, "1") }
    func dim(_ s: String) -> String { paint(s, "2") }
    func alert(_ s: String) -> String { paint(s, "1;33") }
    func error(_ s: String) -> String { paint(s, "1;31") }
    func accent(_ s: String) -> String { paint(s, "1;34") }

    /// The same, with the escape codes wrapped in \001 ... \002 so readline can measure a prompt.
    func promptPaint(_ text: String, _ codes: String) -> String {
        color && !text.isEmpty ? "\u{1}\u{1B}[\(codes)m\u{2}" + text + "\u{1}" + ReplStyle.reset + "\u{2}" : text
    }
}
