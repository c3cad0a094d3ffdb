import ScreenModel

/// How the REPL's lines name rows and values, read and written by the same code: the REPL
/// reads a reference with `unquoted`, and whatever writes REPL lines (`explore`'s
/// reproductions, `SessionVerb.replLines`) writes one with `reference`, so a written line
/// reads back as the row it names.
///
/// A namespace of functions that keep no state: callable from any thread.
public enum ReplSyntax {
    /// `"Font size"` -> `Font size`: a reference without its surrounding quotes (double or
    /// single); text without them unchanged.
    public static func unquoted(_ s: String) -> String {
        guard s.count >= 2, let first = s.first, first == "\"" || first == "'", s.last == first else { return s }
        return String(s.dropFirst().dropLast())
    }

    /// The first word of `line` (up to whitespace) and the rest, trimmed.
    public static func splitFirstWord(_ line: String) -> (word: String, rest: String) {
        guard let space = line.firstIndex(where: { $0.isWhitespace }) else { return (line, "") }
        return (String(line[..<space]), line[space...].trimmingSpaces)
    }

    /// A row id as the REPL reads it: quoted when it could be read as something else (a
    /// number, a command, text with spaces), or always when `quoteAlways` (where a value or
    /// a position follows it). `unquoted` gives `id` back.
    public static func reference(_ id: String, quoteAlways: Bool = false) -> String {
        let plain = !id.isEmpty && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
            && !id.allSatisfy(\.isNumber)
        if plain && !quoteAlways { return id }
        if !id.contains("\"") { return "\"\(id)\"" }
        return "'\(id)'"
    }

    /// A value's text after `set REF` or `add REF`: `""` for the empty text.
    static func value(_ text: String) -> String { text.isEmpty ? "\"\"" : text }

    /// A stored value as `set REF VALUE` reads it: text as it is, a boolean as on/off, a
    /// number in Lua's notation, a list's items joined by ", ".
    static func value(_ value: StoreValue) -> String {
        switch value {
        case .string(let text): return self.value(text)
        case .bool(let on): return on ? "on" : "off"
        case .list(let items): return self.value(items.map { itemText($0) }.joined(separator: ", "))
        default: return value.description
        }
    }

    private static func itemText(_ item: StoreValue) -> String {
        if case .string(let text) = item { return text }
        return item.description
    }

    /// A command line, and its confirm's answer as the next line when there is one.
    static func withAnswer(_ line: String, _ answer: Bool?) -> [String] {
        guard let answer else { return [line] }
        return [line, answer ? "y" : "n"]
    }
}
