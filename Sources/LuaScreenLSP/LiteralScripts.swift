import LuaScreen

/// What a script of literals only binds (`RowRecheck.literalScript`). A value: `Sendable`.
struct LiteralScript: Sendable {
    /// Each key a table gives (`key = "..."`), and how many give it.
    var keys: [String: Int]
    /// The strings the app's own fields give (`modules = "MODULES"`, `root`): keys it names.
    var named: Set<String>
}

/// Scripts and rows written as literals (`RowRecheck`): tables, strings, numbers and the
/// host's constructors, nothing computed; what such a script binds; the constructors a
/// script never rebinds.
extension RowRecheck {
    /// The constructors the table from token `first` (a constructor's name) to byte `close`
    /// calls, when it is made of literals only: strings, numbers, `true`, `false`, `nil`,
    /// `-` before a number, tables, `name =` fields and constructor calls on tables; else nil.
    static func literalCalls(_ tokens: [LuaTokens.Token], from first: Int, close: Int, names: Set<String> = nested) -> Set<String>? {
        if first > 0, [".", ":", "function"].contains(tokens[first - 1].text) { return nil }
        var called = Set<String>()
        var i = first
        while i < tokens.count, tokens[i].start < close {
            let token = tokens[i]
            let next = i + 1 < tokens.count && tokens[i + 1].start < close ? tokens[i + 1] : nil
            switch token.kind {
            case .string, .number: break
            case .keyword:
                guard ["true", "false", "nil"].contains(token.text) else { return nil }
            case .name:
                if next?.text == "=", i > first, ["{", ",", ";"].contains(tokens[i - 1].text) { break }
                guard next?.text == "{", names.contains(token.text) else { return nil }
                called.insert(token.text)
            case .symbol:
                switch token.text {
                case "{", "}", ",", ";", "=": break
                case "-": guard next?.kind == .number else { return nil }
                default: return nil
                }
            }
            i += 1
        }
        return called
    }

    /// What a script made of literals only binds: each key and how many tables give it; nil
    /// when the script is not one `return` of literals and constructor calls (`return app { }`)
    /// or its app has `strings` (translations read from files).
    static func literalScript(_ outline: Outline) -> LiteralScript? {
        let tokens = outline.tokens
        guard tokens.first?.text == "return", tokens.count > 1,
              literalCalls(tokens, from: 1, close: Int.max, names: nested.union(["app"])) != nil,
              !outline.nodes.contains(where: { $0.constructor == "app" && $0.fields.contains { $0.name == "strings" } }) else { return nil }
        var keys: [String: Int] = [:]
        var named = Set<String>()
        for node in outline.nodes {
            if let key = node.string("key")?.value?.text { keys[key, default: 0] += 1 }
            if node.constructor == "app" {
                for field in node.fields where field.value?.kind == .string { named.insert(field.value!.text) }
            }
        }
        return LiteralScript(keys: keys, named: named)
    }

    /// The constructors the tokens never rebind: each spelled only where it is called on a
    /// table, a string or arguments (not declared: `function row(`, `local row`), or as a
    /// field (`{ row = ...`, `x.row`); none of them when the script reaches the globals
    /// another way (`_ENV`, `rawset`, `require`, ...).
    static func unshadowedNames(_ tokens: [LuaTokens.Token]) -> Set<String> {
        var shadowed = Set<String>()
        var open: [String] = []  // the brackets the token is inside, innermost last
        for (i, token) in tokens.enumerated() {
            if token.kind == .symbol {
                switch token.text {
                case "{", "(", "[": open.append(token.text)
                case "}", ")", "]": _ = open.popLast()
                default: break
                }
                continue
            }
            guard token.kind == .name else { continue }
            if globalsReach.contains(token.text) { return [] }
            guard nested.contains(token.text) else { continue }
            let next = i + 1 < tokens.count ? tokens[i + 1].text : ""
            let before = i > 0 ? tokens[i - 1].text : ""
            if before == "function" || before == "local" { shadowed.insert(token.text); continue }
            if next == "{" || next == "(" || (next.isEmpty == false && tokens[i + 1].kind == .string) { continue }
            // `{ row = ...`: a field of a table (`a, row = 1, 2` outside one is an assignment).
            if next == "=", open.last == "{", ["{", ",", ";"].contains(before) { continue }
            if before == "." || before == ":", next != "=" { continue }
            shadowed.insert(token.text)
        }
        return nested.subtracting(shadowed)
    }
}
