import LuaScreen
import LuaScreenCore

/// The edits the server proposes (quick fixes, rename, completion inserts), built from the
/// document's tokens, never by searching a word: a string literal is replaced whole by one
/// the one Lua emitter (`LuaLiteral`) writes, a name by a name or, when the new text is no
/// Lua name (a keyword, a space, a quote), by an index (`["my key"]`, the dot included). So
/// applying any of them leaves text that parses. A namespace: callable from any thread.
enum SyntaxEdits {
    /// Replaces the string token `token` whole (quotes, long brackets) by a literal of `value`.
    static func string(_ token: LuaTokens.Token, to value: String, in doc: TextDocument) -> TextEdit {
        TextEdit(range: doc.range(token.start, token.end), newText: LuaLiteral.string(value))
    }

    /// Replaces the name after a `.` (`ctx.store.KEY`, `t.KEY`): by `value` when it is a Lua
    /// name, else `.KEY` by `[value]`. `dot` is the `.` token's index in `tokens`.
    static func member(dot: Int, _ tokens: [LuaTokens.Token], to value: String, in doc: TextDocument) -> TextEdit? {
        guard dot + 1 < tokens.count, tokens[dot].text == ".", tokens[dot + 1].kind == .name || tokens[dot + 1].kind == .keyword else { return nil }
        let name = tokens[dot + 1]
        if LuaLiteral.isName(value) { return TextEdit(range: doc.range(name.start, name.end), newText: value) }
        return TextEdit(range: doc.range(tokens[dot].start, name.end), newText: "[" + LuaLiteral.string(value) + "]")
    }

    /// Replaces a table field's name (`name =`) by `value`, or by `[value]` when it is no Lua name.
    static func fieldName(start: Int, end: Int, to value: String, in doc: TextDocument) -> TextEdit {
        TextEdit(range: doc.range(start, end), newText: LuaLiteral.key(value))
    }

    /// The index of the token that starts at byte `start`, if one does.
    static func tokenIndex(startingAt start: Int, _ outline: Outline) -> Int? {
        guard let i = DiagnosticRanges.firstToken(at: start, outline), outline.tokens[i].start == start else { return nil }
        return i
    }

    /// The quick fix of a did-you-mean: the token the problem is about, found from the
    /// syntax (the field its path names in the table built on its line, or the store key
    /// read there), replaced by the suggestion. Nil when that token is not there as the
    /// diagnostic says (then no fix is better than a wrong one).
    static func quickFix(for d: Diagnostic, doc: TextDocument, outline: Outline) -> TextEdit? {
        guard let suggestion = d.suggestion, let line = d.line, line >= 1, line - 1 < doc.lineStarts.count else { return nil }
        let subject = d.subject
        let lineStart = doc.lineStarts[line - 1]
        let lineEnd = line < doc.lineStarts.count ? doc.lineStarts[line] : doc.bytes.count
        let tokens = outline.tokens
        if d.code == .keyTypo {
            // `ctx.store.KEY` / `ctx.store["KEY"]` read on this line, or `key = "KEY"` there.
            for use in outline.storeUses where use.key == subject && use.start >= lineStart && use.start < lineEnd {
                guard let i = tokenIndex(startingAt: use.start, outline) else { continue }
                return use.quoted ? string(tokens[i], to: suggestion, in: doc) : member(dot: i - 1, tokens, to: suggestion, in: doc)
            }
            for field in outline.keyFields where field.key == subject && field.token.start >= lineStart && field.token.start < lineEnd {
                return string(field.token, to: suggestion, in: doc)
            }
            return nil
        }
        // The field the path names, in a table whose constructor is on this line.
        guard let last = d.path.split(separator: ".").last.map(String.init), !last.contains("[") else { return nil }
        let fields = outline.nodes.filter { $0.nameStart >= lineStart && $0.nameStart < lineEnd }.compactMap { node in
            node.fields.first { $0.name == last }
        }
        if d.code == .unknownField {
            guard let field = fields.first, field.name == subject else { return nil }
            return fieldName(start: field.nameStart, end: field.nameEnd, to: suggestion, in: doc)
        }
        // A value: the string token the field holds, the one the message names (when its maker
        // did not say which, the field must be the only one of its name there).
        let values = fields.compactMap(\.value).filter { $0.kind == .string && (subject == nil || $0.text == subject) }
        guard let value = values.first, subject != nil || values.count == 1 else { return nil }
        return string(value, to: suggestion, in: doc)
    }
}
