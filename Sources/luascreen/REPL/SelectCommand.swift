import LuaScreen
import LuaScreenCore

/// Selecting a row: a button's confirm, the value an input or number row asks for, and
/// the command a line that named no row may have meant.
extension Shell {
    func select(_ ref: String, typed line: String) {
        do {
            try session.select(ref)
            render()
        } catch let error as SessionError {
            switch error.kind {
            case .needsConfirmation(let question): confirm(ref, question)
            case .needsValue: askValue(ref, error)
            default:
                var error = error
                if case .noRow(_, let suggestion)? = error.cause, !line.hasPrefix("select ") {
                    error.message += Shell.commandHint(for: line, rowSuggested: suggestion != nil)
                }
                report(error)
            }
        } catch {
            report(error)
        }
    }

    /// A button's `confirm`: ask, and press it only on yes.
    func confirm(_ ref: String, _ question: String) {
        guard askYesNo(clean(question, keepNewlines: false)) else { return }
        act { try session.select(ref, answer: true) }
    }

    /// Asks a y/N question: true on yes. Otherwise says "Cancelled." (no, Ctrl-C, Ctrl-D),
    /// or in batch mode, when the next line is no answer, fails saying how to give one.
    func askYesNo(_ question: String) -> Bool {
        // A long question wraps at word boundaries: all but its last line printed, the last
        // one the prompt.
        var prompt = question + " [y/N] "
        if interactive {
            let lines = Columns.paragraph(question + " [y/N]", width: Terminal.width(options), hang: 0)
            for line in lines.dropLast() { print(line) }
            prompt = (lines.last ?? "") + " "
        }
        guard let answer = ask(prompt, false) else {
            if interactive {
                print("Cancelled.")
            } else {
                fail("\"\(question)\" needs an answer: put y or n on the line after the command")
            }
            return false
        }
        guard Shell.isYes(answer) else {
            print("Cancelled.")
            return false
        }
        return true
    }

    /// For a line that named no row: the command it may have meant, else where to look
    /// (unless the error already suggests a row: `rowSuggested`; then only a command one
    /// edit away, so `House nme` is not asked about `home` beside "House name").
    static func commandHint(for line: String, rowSuggested: Bool) -> String {
        let word = ReplSyntax.splitFirstWord(line).word.lowercased()
        if (3...24).contains(word.count), let close = ReplCommands.words.min(by: { Suggest.distance($0, word) < Suggest.distance($1, word) }),
           Suggest.distance(close, word) <= (word.count >= 4 && !rowSuggested ? 2 : 1) {
            return "; did you mean the command `\(close)`?"
        }
        return rowSuggested ? "" : " ('help' lists the commands)"
    }

    static func isYes(_ answer: String) -> Bool {
        ["y", "yes"].contains(answer.trimmingSpaces.lowercased())
    }

    static func isAnswer(_ line: String) -> Bool {
        ["y", "yes", "n", "no"].contains(line.trimmingSpaces.lowercased())
    }

    /// An input, number, date or time row was selected: ask for its new value (interactive),
    /// or say how to give it with `set` (batch). The prompt says the current value, the
    /// format and the bounds (`(now: 18; 8 to 40)`) and starts empty: what is typed replaces
    /// the value. A refused value is said and asked again, pre-filled with what was typed to
    /// be corrected, until it is taken or the person cancels (Ctrl-C, Ctrl-D, an empty line).
    func askValue(_ ref: String, _ error: SessionError) {
        guard interactive, let row = try? session.lookup(ref) else {
            report(error)
            return
        }
        let binding = row.key.flatMap(declaredBinding(for:))
        let secret = binding?.secure ?? false
        // The value itself: not the detail (which a script may set to anything, or to a
        // placeholder when the value is empty).
        let current = secret ? "" : clean(row.value?.description ?? "", keepNewlines: false)
        var notes: [String] = current.isEmpty ? [] : ["now: " + current]
        if let binding {
            switch row.kind {
            case .number:
                if let unit = binding.unit { notes.append("in " + clean(unit, keepNewlines: false)) }
                if let range = binding.rangeText { notes.append(range) }
            case .date, .time:
                notes.append(row.kind == .date ? "YYYY-MM-DD" : "HH:MM, 24-hour")
                switch (binding.earliest, binding.latest) {
                case let (lo?, hi?): notes.append("\(lo) to \(hi)")
                case let (lo?, nil): notes.append("from \(lo)")
                case let (nil, hi?): notes.append("until \(hi)")
                default: break
                }
            default:
                if let max = binding.maxLength { notes.append("at most \(max) characters") }
            }
        }
        let about = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        let question = "New value for \(clean(row.text, keepNewlines: false))\(about): "
        var offered = ""
        while true {
            let typed = secret ? ask(question, true) : askValueLine(question, offered)
            guard let answer = typed else {
                print("Cancelled.")  // Ctrl-C or Ctrl-D
                return
            }
            guard !answer.isEmpty else {
                print("Unchanged.")
                return
            }
            guard secret || answer != current else {
                print("Unchanged.")
                return
            }
            do {
                try session.set(ref, text: answer)
                render()
                return
            } catch {
                // Said, then asked again with what was typed, to be corrected.
                report(error)
                offered = answer
            }
        }
    }
}
