import LuaScreen
import LuaScreenCore
import ScreenModel

/// Hover on a row (its constructor's name, or the call of a helper that builds it): the row
/// as a person sees it, read from the core's presentation (`Session.presentations(ofScreen:)`,
/// `RowPresentation`), never derived here. The app the document belongs to (its last check's
/// entry) is loaded on demand from the open texts, then closed. A namespace.
enum RowHover {
    /// The constructors that make a row.
    static let rowConstructors: Set<String> = Set(RowKind.allCases.map(\.rawValue)).union(["row", "button"])

    /// The presentation of the row made at `line` (1-based) of `document`, by a constructor
    /// there or by a call there of a helper (the `ordinal`-th such row of the line), nil when none is.
    static func presentation(server: LanguageServer, document: OpenDocument, line: Int, ordinal: Int) -> PlacedPresentation? {
        AppSession.with(server: server, document: document) { session in
            let here = { (place: SourceLocation) in AppSession.place(place, is: document.path, line: line) }
            var found: [PlacedPresentation] = []
            for id in session.screenIDs {
                for placed in session.presentations(ofScreen: id) {
                    if let l = placed.location, here(l) || placed.callers.contains(where: here) { found.append(placed) }
                }
                if found.count > ordinal { break }
            }
            return found.count > ordinal ? found[ordinal] : found.first
        } ?? nil
    }

    /// The hover's text: the row's shown texts, as the presentation holds them.
    static func markdown(_ placed: PlacedPresentation) -> String {
        let p = placed.presentation
        var lines = ["**\(escape(p.text))** — \(placed.kind.rawValue) `\(placed.rowID)`" + (placed.key.map { ", key `\($0)`" } ?? "")]
        if let error = p.error { lines.append("error: \(escape(error))") }
        if let value = p.value { lines.append("value: \(escape(value))") }
        if let detail = p.detail, detail != p.value || p.detailIsPlaceholder {
            lines.append((p.detailIsPlaceholder ? "placeholder: " : "detail: ") + escape(detail) + (p.detailStyle == .value1 ? "" : " (\(p.detailStyle.rawValue))"))
        } else if p.detail == nil, let placeholder = p.placeholder {
            lines.append("placeholder: \(escape(placeholder))")
        }
        if let word = p.switchWord { lines.append("switch: \(escape(word))") }
        if let word = p.selectedWord { lines.append(escape(word)) }
        if p.accessory != .none { lines.append("accessory: \(p.accessory.rawValue)") }
        if let word = p.disabledWord { lines.append(escape(word) + (p.whyWord.map { " (\(escape($0)))" } ?? "")) }
        if let confirm = p.confirm {
            lines.append("asks: \(escape(confirm.question ?? "(a function's question)")) [\(escape(confirm.cancel)) / \(escape(confirm.ok))]")
        }
        for action in p.actions ?? [] {
            lines.append("action: \(escape(action.text))" + (action.destructive ? " (destructive)" : "")
                         + (action.confirm.map { " asks: \(escape($0.question ?? "(a function's question)"))" } ?? ""))
        }
        if p.hasHelp { lines.append("has help") }
        return "Shown as:\n\n" + lines.map { "- " + $0 }.joined(separator: "\n")
    }

    /// Text shown as it is in Markdown (its marks escaped, one line).
    private static func escape(_ text: String) -> String {
        var out = ""
        for c in sanitize(text, lineBreaks: .escape) {
            if "\\`*_[]<>#|".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
