import LuaRuntime
import LuaScreen
import LuaScreenTooling

/// The default id SPEC §1 makes of a text (`slug`), `row` when nothing is left.
private func slugOrRow(_ text: String) -> String {
    let s = slug(text)
    return s.isEmpty ? "row" : s
}

/// `textDocument/codeAction`: each did-you-mean as a quick fix (the suggestion replaces the
/// word), and "add an `id`" to a row built inside a function (a helper) that has none.
enum CodeActions {
    static func actions(_ document: inout OpenDocument, range: LSPRange, diagnostics: [LSPDiagnostic]) -> [CodeAction] {
        let outline = document.currentOutline()
        let doc = document.doc
        var out: [CodeAction] = []
        for d in diagnostics where d.source == "luascreen" {
            guard let suggestion = d.data?.replacement ?? Diagnostic.suggestion(inErrorText: d.message) else { continue }
            let start = doc.offset(of: d.range.start)
            var edit = TextEdit(range: d.range, newText: suggestion)
            if let i = outline.token(at: start), outline.tokens[i].kind == .string, outline.tokens[i].start == start, outline.tokens[i].quote != 0 {
                let t = outline.tokens[i]
                edit = TextEdit(range: doc.range(t.start + 1, max(t.start + 1, t.end - 1)), newText: suggestion)
            }
            out.append(CodeAction(title: "Change to \"\(suggestion)\"", kind: "quickfix", diagnostics: [d], isPreferred: true,
                                  edit: WorkspaceEdit(changes: [doc.uri: [edit]])))
        }
        // Rows built by a helper, without an id, that the range touches.
        let rowKinds = Set(EditorDocs.constructors.map(\.name)).subtracting(["app", "screen", "section"])
        for node in outline.nodes where node.inFunction && node.constructor.map(rowKinds.contains) == true && !node.fields.contains(where: { $0.name == "id" }) {
            let nodeRange = doc.range(node.nameStart, min(node.close, doc.bytes.count))
            guard nodeRange.overlaps(range) else { continue }
            // The id from the text: a literal made an id, or the expression it is (a helper's parameter).
            var value = "\"row\""
            if let text = node.fields.first(where: { $0.name == "text" })?.value {
                value = text.kind == .string ? "\"\(slugOrRow(text.text))\"" : (text.kind == .name ? text.text : value)
            }
            if let key = node.fields.first(where: { $0.name == "key" })?.value, key.kind == .name { value = key.text }
            let insert = doc.position(of: node.open + 1)
            out.append(CodeAction(title: "Add an id to this \(node.constructor!) (built by a helper, it needs one unique in its screen)",
                                  kind: "quickfix", diagnostics: nil, isPreferred: false,
                                  edit: WorkspaceEdit(changes: [doc.uri: [TextEdit(range: LSPRange(start: insert, end: insert), newText: " id = \(value),")]])))
        }
        return out
    }
}
