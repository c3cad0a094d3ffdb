/// A row a helper function built from its arguments (`function M.temp(key, text, default)
/// return number { key = key, default = default, ... } end`), read from the syntax: which
/// argument of a call of the helper a field of the row came from, so a problem of the row is
/// shown on that argument at the call, in the file being typed. A namespace.
enum HelperCalls {
    /// The first token of the argument at the call on line `callLine` (1-based) of `caller`
    /// that gave field `field` of the row built on line `rowLine` of `helper`; nil when the
    /// field is no parameter of the function around the row or the call is not on that line.
    static func argument(field: String, helper: Outline, helperDoc: TextDocument, rowLine: Int,
                         caller: Outline, callerDoc: TextDocument, callLine: Int) -> LuaTokens.Token? {
        guard rowLine >= 1, rowLine <= helperDoc.lineStarts.count, callLine >= 1, callLine <= callerDoc.lineStarts.count else { return nil }
        let start = helperDoc.lineStarts[rowLine - 1]
        let end = rowLine < helperDoc.lineStarts.count ? helperDoc.lineStarts[rowLine] : helperDoc.bytes.count
        guard let node = helper.nodes.first(where: { $0.constructor != nil && $0.nameStart >= start && $0.nameStart < end }),
              let value = node.fields.first(where: { $0.name == field })?.value, value.kind == .name,
              let (name, index) = parameter(value.text, before: node.nameStart, helper.tokens) else { return nil }
        return argument(index, ofCallTo: name, onLine: callLine, caller, callerDoc)
    }

    /// The function around byte `offset` that has parameter `param`: its name (the last part
    /// of `M.temp`, or the name assigned `= function`) and the parameter's index.
    private static func parameter(_ param: String, before offset: Int, _ t: [LuaTokens.Token]) -> (String, Int)? {
        var i = t.lastIndex { $0.start < offset } ?? -1
        while i >= 0 {
            defer { i -= 1 }
            guard t[i].kind == .keyword, t[i].text == "function" else { continue }
            var j = i + 1
            var name: String?
            while j < t.count, t[j].kind == .name || t[j].text == "." || t[j].text == ":" {
                if t[j].kind == .name { name = t[j].text }
                j += 1
            }
            if name == nil, i >= 2, t[i - 1].text == "=", t[i - 2].kind == .name { name = t[i - 2].text }
            guard let name, j < t.count, t[j].text == "(" else { continue }
            var params: [String] = []
            j += 1
            while j < t.count, t[j].text != ")" {
                if t[j].kind == .name || t[j].text == "..." { params.append(t[j].text) }
                j += 1
            }
            if let k = params.firstIndex(of: param) { return (name, k) }
        }
        return nil
    }

    /// The first token of argument `index` of the call `NAME(...)` on line `line` (1-based).
    private static func argument(_ index: Int, ofCallTo name: String, onLine line: Int, _ outline: Outline, _ doc: TextDocument) -> LuaTokens.Token? {
        let start = doc.lineStarts[line - 1]
        let end = line < doc.lineStarts.count ? doc.lineStarts[line] : doc.bytes.count
        let t = outline.tokens
        guard var i = DiagnosticRanges.firstToken(at: start, outline) else { return nil }
        while i + 1 < t.count, t[i].start < end {
            defer { i += 1 }
            guard t[i].kind == .name, t[i].text == name, t[i + 1].text == "(" else { continue }
            var j = i + 2
            var depth = 0
            var argument = 0
            var first = true
            while j < t.count {
                let s = t[j].text
                if t[j].kind == .symbol, depth == 0, s == ")" { return nil }
                if t[j].kind == .symbol, depth == 0, s == "," {
                    argument += 1
                    first = true
                } else {
                    if first, argument == index { return t[j] }
                    first = false
                    if t[j].kind == .symbol, ["(", "{", "["].contains(s) { depth += 1 }
                    if t[j].kind == .symbol, [")", "}", "]"].contains(s) { depth -= 1 }
                }
                j += 1
            }
            return nil
        }
        return nil
    }
}
