import LuaScreen
import ScreenModel

/// `check`'s diagnostics as the editor shows them: each on the token it is about (the
/// unknown field's name, the bad value, the constructor of the table), with its `code`
/// (the kind its maker gave it), its message with control characters escaped as `check` prints it, its `called from here` notes as related places, and a did-you-mean's
/// quick fix (the edit of its token, from the syntax) kept for the code action; the word and the suggestion are the ones the diagnostic's
/// maker set (`Diagnostic.subject`, `.suggestion`), never read back from its message. A namespace: callable from any thread.
package enum DiagnosticRanges {
    /// The editor's diagnostic for `d`, placed in `doc` (whose outline is `outline`);
    /// `uriOf` names the document of another file (a note in a module).
    static func lsp(_ d: Diagnostic, doc: TextDocument, outline: Outline, uriOf: (String) -> String) -> LSPDiagnostic {
        let range = self.range(of: d, doc: doc, outline: outline)
        let related = d.calledFrom.map { place -> RelatedInformation in
            let line = max(0, place.line - 1)
            let uri = uriOf(place.file)
            let range = uri == doc.uri ? doc.lineRange(line) : LSPRange(start: Position(line: line, character: 0), end: Position(line: line, character: 0))
            return RelatedInformation(location: Location(uri: uri, range: range), message: "called from here")
        }
        // Shown as `check` shows it: the one sanitizer, a diagnostic being one line (SPEC §7).
        let message = sanitize(d.path.isEmpty ? d.message : "\(d.path): \(d.message)", lineBreaks: .escape)
        return LSPDiagnostic(range: range, severity: d.severity == .error ? 1 : 2, code: d.code.rawValue, source: "luascreen",
                             message: message, relatedInformation: related.isEmpty ? nil : related,
                             data: SyntaxEdits.quickFix(for: d, doc: doc, outline: outline).map { DiagnosticData(replacement: d.suggestion ?? "", edit: $0) })
    }

    /// Where `d` is about: a token on its line (or in the table that starts there), else the line.
    static func range(of d: Diagnostic, doc: TextDocument, outline: Outline) -> LSPRange {
        guard let line = d.line, line >= 1 else { return LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)) }
        let lineIndex = min(line - 1, doc.lineStarts.count - 1)
        let lineStart = doc.lineStarts[lineIndex]
        let lineEnd = lineIndex + 1 < doc.lineStarts.count ? doc.lineStarts[lineIndex + 1] : doc.bytes.count
        // The table whose constructor is on this line: the diagnostic's fields are in it.
        let node = outline.nodes.first { $0.nameStart >= lineStart && $0.nameStart < lineEnd }
        let searchEnd = max(lineEnd, node?.close ?? lineEnd)
        func find(_ name: String, kind: LuaTokens.Token.Kind?) -> LSPRange? {
            guard var i = firstToken(at: lineStart, outline) else { return nil }
            while i < outline.tokens.count, outline.tokens[i].start < searchEnd {
                let t = outline.tokens[i]
                if t.text == name, kind == nil || t.kind == kind { return doc.range(t.start, t.end) }
                i += 1
            }
            return nil
        }
        let field = d.path.split(separator: ".").last.map(String.init) ?? ""
        // The word its maker said it is about: an unknown field is a name, an unknown value a
        // string, an unbound key either.
        if let word = d.subject {
            let kind: LuaTokens.Token.Kind? = d.code == .unknownField ? .name : d.code == .unknownValue ? .string : nil
            if let r = find(word, kind: kind) { return r }
        }
        if !field.isEmpty, !field.contains("["), LuaTokens.isNameStart(field.utf8.first ?? 0), let r = find(field, kind: .name) {
            return r
        }
        if let node { return doc.range(node.nameStart, node.nameEnd) }
        return doc.lineRange(lineIndex)
    }

    /// The first token starting at or after `offset`.
    static func firstToken(at offset: Int, _ outline: Outline) -> Int? {
        var lo = 0, hi = outline.tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if outline.tokens[mid].start < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < outline.tokens.count ? lo : nil
    }
}
