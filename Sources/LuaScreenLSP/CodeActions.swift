import LuaRuntime
import LuaScreen
import LuaScreenCore
import LuaScreenTooling
import ScreenModel

/// The default id SPEC §1 makes of a text (`slug`), `row` when nothing is left.
private func slugOrRow(_ text: String) -> String {
    let s = slug(text)
    return s.isEmpty ? "row" : s
}

/// `textDocument/codeAction`: each did-you-mean as a quick fix (the edit `SyntaxEdits` made
/// of the token it is about when it was published), and "add an `id`" to a row built inside a function (a helper) that has none.
enum CodeActions {
    static func actions(_ document: inout OpenDocument, range: LSPRange, diagnostics: [LSPDiagnostic]) -> [CodeAction] {
        let outline = document.currentOutline()
        let doc = document.doc
        var out: [CodeAction] = []
        for d in diagnostics where d.source == "luascreen" {
            // The edit made from the syntax when the diagnostic was published; none: no fix.
            guard let data = d.data, let edit = data.edit else { continue }
            out.append(CodeAction(title: "Change to \"\(sanitize(data.replacement, lineBreaks: .escape))\"", kind: "quickfix", diagnostics: [d], isPreferred: true,
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
                value = text.kind == .string ? LuaLiteral.string(slugOrRow(text.text)) : (text.kind == .name ? text.text : value)
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
