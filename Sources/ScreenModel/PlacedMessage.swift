/// An error message as editors and `make`-style tools read a diagnostic: the place first,
/// then the severity (`FILE:LINE: error: text`, `FILE:LINE:COL: error: text`), so vim's
/// quickfix, Emacs' compilation mode and editor problem matchers jump to the place.
/// Lua writes its errors with the place in front of the text (`FILE:LINE: text`); this
/// moves the severity between the two. Sendable: a plain value.
public struct PlacedMessage: Hashable, Sendable {
    /// `FILE:LINE`, `FILE:LINE:COL` or `FILE` the message is about; nil when it names no place.
    public var place: String?
    /// The message without its place.
    public var text: String

    /// `message` split into the place it begins with, when its first line begins with one
    /// (`FILE:LINE: text`, as Lua writes an error, the file possibly holding colons, or
    /// `FILE:LINE:COL: text`); else `fallback` (the file the message is about, cut from
    /// the front of the message when it begins with `FALLBACK: `) and the message.
    public init(_ message: String, fallback: String? = nil) {
        if let (place, rest) = PlacedMessage.leadingPlace(message) {
            self.place = place
            self.text = String(rest)
        } else if let fallback, !fallback.isEmpty {
            self.place = fallback
            self.text = message.hasPrefix(fallback + ": ") ? String(message.dropFirst(fallback.count + 2)) : message
        } else {
            self.place = nil
            self.text = message
        }
    }

    /// A message at a known place.
    public init(place: String?, text: String) {
        self.place = place
        self.text = text
    }

    /// `PLACE: LABEL: TEXT`, or `LABEL: TEXT` without a place; `label` is `error`, `warning`
    /// or `note`, written by `style` (colour on a terminal).
    public func line(_ label: String, style: (String) -> String = { $0 }) -> String {
        (place.map { "\($0): " } ?? "") + style(label + ":") + " " + text
    }

    /// The `FILE:LINE` or `FILE:LINE:COL` at the start of the first line of `message`, and
    /// the text after it (past `: `); nil when it begins with none. The leftmost `:DIGITS:`
    /// ends the file (a file name may hold colons, not a colon followed by digits and a colon).
    static func leadingPlace(_ message: String) -> (String, Substring)? {
        let firstLine = message.prefix { $0 != "\n" }
        var search = firstLine[...]
        while let colon = search.firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            search = firstLine[afterColon...]
            guard colon > message.startIndex else { continue }
            var end = afterColon
            guard let lineEnd = digitsThenColon(firstLine, from: end) else { continue }
            end = lineEnd
            if let columnEnd = digitsThenColon(firstLine, from: end) { end = columnEnd }
            // The place is followed by a space and the text (or nothing at all).
            guard end == firstLine.endIndex || firstLine[end] == " " else { continue }
            let place = message[..<message.index(before: end)]
            let rest = end == firstLine.endIndex ? message[end...] : message[message.index(after: end)...]
            return (String(place), rest)
        }
        return nil
    }

    /// The index just past `DIGITS:` starting at `start`, nil when the text there is not that.
    private static func digitsThenColon(_ text: Substring, from start: String.Index) -> String.Index? {
        var i = start
        while i < text.endIndex, text[i].isASCII, text[i].isNumber { i = text.index(after: i) }
        guard i > start, i < text.endIndex, text[i] == ":" else { return nil }
        return text.index(after: i)
    }
}
