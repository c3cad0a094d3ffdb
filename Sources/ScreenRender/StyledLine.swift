/// One output line as styled spans, measured as it is built, so layout works in columns and
/// colour codes are added only when the line is finally turned into text.
struct StyledLine {
    struct Span {
        var text: String
        var style: TextStyle
        var width: Int
    }

    private(set) var spans: [Span] = []
    private(set) var width = 0

    init() {}

    init(_ text: String, _ style: TextStyle = []) {
        append(text, style)
    }

    /// Appends `text` (already sanitized; its width is measured here).
    mutating func append(_ text: String, _ style: TextStyle = []) {
        guard !text.isEmpty else { return }
        let w = displayWidth(text)
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
            spans[spans.count - 1].width += w
        } else {
            spans.append(Span(text: text, style: style, width: w))
        }
        width += w
    }

    /// Appends spaces up to `column` (nothing when already there).
    mutating func pad(to column: Int) {
        if column > width { append(repeated(" ", count: column - width)) }
    }

    /// Adds `style` to every span (a disabled row is dimmed as a whole).
    mutating func add(_ style: TextStyle) {
        for i in spans.indices { spans[i].style.formUnion(style) }
    }

    /// The line cut to `limit` columns with `ellipsis`, keeping each span's style. A safety
    /// net: the layout already fits what it builds.
    func truncated(to limit: Int, ellipsis: String) -> StyledLine {
        guard width > limit else { return self }
        let ellipsisWidth = displayWidth(ellipsis)
        var out = StyledLine()
        var room = max(0, limit - ellipsisWidth)
        var lastStyle: TextStyle = []
        for span in spans {
            if span.width <= room {
                out.append(span.text, span.style)
                room -= span.width
            } else {
                out.append(prefix(span.text, width: room), span.style)
                lastStyle = span.style
                break
            }
            lastStyle = span.style
        }
        out.append(ellipsisWidth <= limit ? ellipsis : prefix(ellipsis, width: limit), lastStyle)
        return out
    }

    /// The text to print: without trailing spaces, and with escape codes only when `color`
    /// (each styled span closed by a reset).
    func rendered(color: Bool) -> String {
        var out = ""
        for span in spans {
            if color && !span.style.isEmpty && span.text.contains(where: { $0 != " " }) {
                out += span.style.sgr + span.text + TextStyle.reset
            } else {
                out += span.text
            }
        }
        while out.last == " " { out.removeLast() }
        return out
    }
}

/// `unit` written `count` times ("" for a count below 1), its bytes copied in one pass:
/// `String(repeating:count:)` with a `String` appends a slice a repetition, 4.5 k
/// instructions for one row's padding (a fifth of `explore`'s render checks, issue 26).
func repeated(_ unit: String, count: Int) -> String {
    guard count > 0, !unit.isEmpty else { return "" }
    var unit = unit
    return unit.withUTF8 { source in
        let total = source.count * count
        return String(unsafeUninitializedCapacity: total) { target in
            var i = 0
            for _ in 0..<count {
                for byte in source {
                    target[i] = byte
                    i += 1
                }
            }
            return total
        }
    }
}
