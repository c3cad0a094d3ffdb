import LuaScreen
import LuaScreenTooling

/// `textDocument/hover`: the stub's doc of the constructor, field or method under the cursor
/// (the same text `luascreen stubs` writes); on a row's constructor or on the call of a helper
/// that makes a row, the row as shown first (`RowHover`).
enum Hovering {
    static func hover(_ document: inout OpenDocument, at position: Position, server: LanguageServer) -> Hover? {
        let outline = document.currentOutline()
        let doc = document.doc
        guard let i = outline.token(at: doc.offset(of: position)) else { return nil }
        let tokens = outline.tokens
        let t = tokens[i]
        guard t.kind == .name else { return nil }
        let range = doc.range(t.start, t.end)
        func show(_ entry: EditorDocs.Entry, _ heading: String) -> Hover {
            Hover(contents: MarkupContent(value: "```lua\n\(heading): \(entry.type)\n```\n\(entry.text)"), range: range)
        }
        if i >= 2, tokens[i - 1].text == ":", tokens[i - 2].kind == .name {
            let receiver = tokens[i - 2].text
            let methods = document.isTest && receiver != "ctx" ? EditorDocs.sessionMethods : EditorDocs.contextMethods
            if let m = methods.first(where: { $0.name == t.text }) { return show(m, "(method) \(receiver):\(t.text)") }
            return nil
        }
        if i >= 2, tokens[i - 1].text == ".", tokens[i - 2].text == "ctx",
           let f = EditorDocs.contextFields.first(where: { $0.name == t.text }) {
            return show(f, "(field) ctx.\(t.text)")
        }
        if i + 1 < tokens.count, tokens[i + 1].text == "=", let n = outline.enclosingConstructor(t.start),
           let constructor = outline.nodes[n].constructor,
           let f = EditorDocs.fields(of: constructor).first(where: { $0.name == t.text }) {
            return show(f, "(field) \(constructor).\(t.text)")
        }
        // A row made here: its presentation (the ordinal-th row made on this line).
        let line = doc.position(of: t.start).line
        let lineStart = doc.lineStarts[line]
        let isRowConstructor = RowHover.rowConstructors.contains(t.text) && outline.nodes.contains { $0.nameStart == t.start && $0.constructor != nil }
        let isCall = !isRowConstructor && i + 1 < tokens.count && (tokens[i + 1].text == "(" || tokens[i + 1].text == "{" || tokens[i + 1].kind == .string)
            && !(i >= 1 && tokens[i - 1].text == ":")
        if !document.isTest, isRowConstructor || isCall {
            let ordinal = outline.nodes.filter { $0.nameStart >= lineStart && $0.nameStart < t.start && $0.constructor.map(RowHover.rowConstructors.contains) == true }.count
            if let placed = RowHover.presentation(server: server, document: document, line: line + 1, ordinal: ordinal) {
                var text = RowHover.markdown(placed)
                if let c = EditorDocs.constructors.first(where: { $0.name == t.text }) { text += "\n\n---\n```lua\n(constructor) \(t.text): \(c.type)\n```\n\(c.text)" }
                return Hover(contents: MarkupContent(value: text), range: range)
            }
        }
        if let c = EditorDocs.constructors.first(where: { $0.name == t.text }) { return show(c, "(constructor) \(t.text)") }
        if document.isTest, let g = EditorDocs.testGlobals.first(where: { $0.name == t.text }) { return show(g, "(function) \(t.text)") }
        return nil
    }
}
