import LuaScreen

/// `action REF` lists a row's actions; `action REF ID` runs one (asking its confirm first).
extension Shell {
    func action(_ rest: String) {
        let whole = ReplSyntax.unquoted(rest)
        if resolves(whole) {
            do {
                let actions = try session.actions(whole)
                for (i, a) in actions.enumerated() {
                    print("  \(i + 1). \(clean(a.id, keepNewlines: false))  \(clean(a.text, keepNewlines: false))\(a.destructive ? " (destructive)" : "")")
                }
                print("Run one with: action \(whole) ID")
            } catch {
                report(error)
            }
            return
        }
        guard let (ref, id) = Shell.actionArguments(rest) else {
            do { _ = try session.lookup(whole) } catch { report(error) }
            return
        }
        do {
            try session.runAction(ref, id: id)
            render()
        } catch let error as SessionError {
            guard case .needsConfirmation(let question) = error.kind else { return report(error) }
            guard let answer = ask(clean(question, keepNewlines: false) + " [y/N] ", false) else {
                if interactive { print("Cancelled.") } else {
                    fail("\"\(clean(question, keepNewlines: false))\" needs an answer: put y or n on the line after the command")
                }
                return
            }
            guard Shell.isYes(answer) else { return print("Cancelled.") }
            act { try session.runAction(ref, id: id, answer: true) }
        } catch {
            report(error)
        }
    }

    /// REF and ID of `action REF ID` (the last word is the id); nil for one word.
    static func actionArguments(_ rest: String) -> (ref: String, id: String)? {
        guard let space = rest.lastIndex(where: \.isWhitespace) else { return nil }
        return (ReplSyntax.unquoted(rest[..<space].trimmingSpaces), ReplSyntax.unquoted(rest[rest.index(after: space)...].trimmingSpaces))
    }
}
