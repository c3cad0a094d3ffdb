import ScreenModel

/// The members of `ctx` are a closed set (SPEC §7): its fields and its methods. A name
/// outside it (`ctx:alret("x")`) is an error, with the member it may have meant: at run time
/// when it is read (`Session.ctxIndex`), and in `check` from the script's text (`scan`).
package enum ContextMember {
    /// ctx's fields (read with a dot).
    static let fields = ["store", "row", "screen", "locale"]

    /// ctx's methods (called with a colon), as `Session.contextMethods` names them.
    static let methods: [String] = Session.contextMethods.map(\.0)

    /// Every member's name (read on each method call of a callback: a set made once).
    private static let members = Set(fields + methods)

    /// Whether `name` is a member of ctx.
    static func isMember(_ name: String) -> Bool { members.contains(name) }

    /// What is said of `ctx:NAME` (`called`) or `ctx.NAME` that ctx does not have.
    static func unknown(_ name: String, called: Bool) -> (message: String, suggestion: String?) {
        let candidates = called ? methods : fields + methods
        let closest = Suggest.closest(to: name, in: candidates)
        let shown = "ctx\(called ? ":" : ".")\(Diagnostic.quote(String(name.prefix(200))))"
        let hint = closest.map { " (did you mean \(methods.contains($0) ? "ctx:" : "ctx.")\($0)?)" }
            ?? "; its methods are \(methods.joined(separator: ", ")) and its fields \(fields.joined(separator: ", "))"
        return ("\(shown): ctx has no such \(called ? "method" : "member")\(hint)", closest)
    }

    // The patterns, each made once (a regex literal is parsed each time it is evaluated).
    /// A quoted string.
    nonisolated(unsafe) static let quoted = #/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/#
    /// `ctx:NAME` or `ctx.NAME`.
    nonisolated(unsafe) static let member = #/(?:^|[^A-Za-z0-9_.:])ctx\s*([:.])\s*([A-Za-z_][A-Za-z0-9_]*)/#

    /// Every `ctx:NAME` and `ctx.NAME` of one line, outside its quoted strings and its `--`
    /// comment, whose NAME ctx does not have, as errors at that line.
    static func scan(_ line: String, file: String, line number: Int) -> [Diagnostic] {
        guard line.holdsBytes("ctx") else { return [] }
        let unquoted = line.replacing(quoted, with: "\"\"")
        let code = unquoted.firstRange(of: "--").map { unquoted[..<$0.lowerBound] } ?? unquoted[...]
        return code.matches(of: member).compactMap { match in
            let name = String(match.output.2)
            guard !isMember(name) else { return nil }
            let (message, suggestion) = unknown(name, called: match.output.1 == ":")
            return Diagnostic(.error, file: file, line: number, path: "", message: message,
                              code: .unknownField, subject: name, suggestion: suggestion)
        }
    }
}
