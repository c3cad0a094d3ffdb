import LuaScreen

/// `run --record FILE`: what the shell needs to turn each command into a session call for
/// the library's `SessionRecorder` (the recorder itself lives in the library).
final class ShellRecording {
    let recorder: SessionRecorder
    /// The shell's `ask` and `askValueLine` are wrapped once, to see the answers a command was given.
    var wrapped = false
    var asked = false
    var answer: String?

    init(_ recorder: SessionRecorder) { self.recorder = recorder }
}

/// The recording of this process's REPL session, if `--record` was given.
nonisolated(unsafe) var shellRecording: ShellRecording?

extension Shell {
    /// A command about to run, as it will be recorded.
    struct RecordMark {
        var line: String
        var call: SessionRecorder.Call?
        var kind: RowKind?
        /// The bound key of the row the command names: an input's value is recorded as stored.
        var key: String?
        /// The row is a secure input: what is typed for it is not written to the file.
        var secure = false
        var failures: Int
    }

    /// Before a command runs: what it is (the screen it names rows on is the one before it).
    func recordBefore(_ line: String) -> RecordMark? {
        guard let recording = shellRecording else { return nil }
        if !recording.wrapped {
            let inner = ask
            ask = { question, secret in
                recording.asked = true
                recording.answer = inner(question, secret)
                return recording.answer
            }
            let innerValue = askValueLine
            askValueLine = { question, current in
                recording.asked = true
                recording.answer = innerValue(question, current)
                return recording.answer
            }
            recording.wrapped = true
        }
        recording.asked = false
        recording.answer = nil
        var mark = RecordMark(line: line, call: nil, kind: nil, failures: failures)
        switch ReplCommand.parse(line, resolves: resolves) {
        case .select(let ref):
            mark.call = .verb(.select(row: ref, answer: nil))
            noteRow(ref, in: &mark)
        case .set(let rest):
            if let ref = listToClear(rest) {
                mark.call = .verb(.set(row: ref, text: ""))  // `set REF` alone clears a list: so does s:set(REF, "")
            } else if let (ref, value) = splitSet(rest, quiet: true) {
                mark.call = .verb(.set(row: ref, text: value))
                noteRow(ref, in: &mark)
            } else {
                mark.call = .note(line)
            }
        case .inc(let ref): mark.call = .verb(.inc(row: ref))
        case .dec(let ref): mark.call = .verb(.dec(row: ref))
        case .add(let rest):
            mark.call = addArguments(rest, quiet: true).map { .verb(.add(row: $0.ref, text: $0.text)) } ?? .note(line)
        case .remove(let rest):
            mark.call = Shell.listEditArguments(rest, positions: 1).map { .verb(.remove(row: $0.ref, at: $0.numbers[0])) } ?? .note(line)
        case .move(let rest):
            mark.call = Shell.listEditArguments(rest, positions: 2).map { .verb(.move(row: $0.ref, from: $0.numbers[0], to: $0.numbers[1])) } ?? .note(line)
        case .action(let rest):
            // `action REF` only lists the actions: nothing to replay.
            if resolves(ReplSyntax.unquoted(rest)) { return nil }
            mark.call = Shell.actionArguments(rest).map { .verb(.action(row: $0.ref, id: $0.id, answer: nil)) } ?? .note(line)
        case .edit(let ref):
            // Recorded after it ran as a set of the text the editor produced.
            mark.call = .verb(.setValue(row: ref, value: .string("")))
            noteRow(ref, in: &mark)
        case .accessory(let ref): mark.call = .verb(.accessory(row: ref))
        case .back: mark.call = .verb(.back)
        case .home: mark.call = .verb(.home)
        case .reset(let ref): mark.call = .verb(.reset(row: ref))
        case .resetAll: mark.call = .verb(.resetAll)
        case .reload: mark.call = .verb(.reload)
        case .go:
            // Replayed as the way it went, once it went (`recordAfter`).
            wentThrough = []
            mark.call = .note(line)
        case .find, .lua, .expression, .usage: mark.call = .note(line)
        case .show, .next, .prev, .help, .why, .store, .quit: break
        }
        // A row named by its position or text is written by its id (the typed line is the
        // comment above the call): the test keeps naming that row when rows move.
        if case .verb(let verb)? = mark.call, let ref = verb.row {
            mark.call = .verb(verb.naming(row: rowID(ref)))
        }
        return mark
    }

    /// The id of the row `ref` names on the screen shown, when that id names the same row
    /// back; else `ref` as typed.
    private func rowID(_ ref: String) -> String {
        guard let row = try? session.lookup(ref), row.id != ref,
              let back = try? session.lookup(row.id), back.id == row.id, back.number == row.number else { return ref }
        return row.id
    }

    /// The kind, key and secrecy of the row `ref` names on the screen shown.
    private func noteRow(_ ref: String, in mark: inout RecordMark) {
        guard let row = try? session.lookup(ref) else { return }
        mark.kind = row.kind
        mark.key = row.key
        mark.secure = row.key.map(isSecure) ?? false
    }

    /// After the command ran: recorded with its outcome, its answer and its alerts.
    func recordAfter(_ mark: RecordMark?) {
        guard let mark, let recording = shellRecording, var call = mark.call else { return }
        let failed = failures > mark.failures
        if !failed, case .go = ReplCommand.parse(mark.line, resolves: resolves) {
            // `go N` went from the root through rows a person selects: the test does the same.
            recording.recorder.record(.verb(.home), typed: mark.line, failed: false, session: session, alerts: wentThrough.isEmpty)
            for (n, row) in wentThrough.enumerated() {
                recording.recorder.record(.verb(.select(row: row, answer: nil)), typed: "\(mark.line): select \(row)", failed: false,
                                          session: session, alerts: n == wentThrough.count - 1)
            }
            return
        }
        if case .verb(.setValue(let ref, _)) = call {
            // `edit`: the text the editor produced, as stored; an edit that failed or
            // changed nothing it can name is a note.
            guard !failed, let key = mark.key, let value = session.store.value(for: key) else {
                return recording.recorder.record(.note(mark.line), typed: mark.line, failed: failed, session: session)
            }
            call = .verb(.setValue(row: ref, value: value))
        }
        if case .verb(.action(let ref, let id, _)) = call, recording.asked {
            if let answer = recording.answer {
                call = .verb(.action(row: ref, id: id, answer: Shell.isYes(answer)))
            } else if interactive {
                call = .verb(.action(row: ref, id: id, answer: false))  // cancelled
            } else {
                call = .note("\(mark.line): its question had no answer")
            }
        }
        if case .verb(.select(let ref, _)) = call, recording.asked {
            if mark.kind == .input || mark.kind == .number {
                // The REPL asked for the new value.
                guard let value = recording.answer, !value.isEmpty else { return }
                call = .verb(.set(row: ref, text: value))
            } else if let answer = recording.answer {
                call = .verb(.select(row: ref, answer: Shell.isYes(answer)))
            } else if interactive {
                call = .verb(.select(row: ref, answer: false))  // cancelled
            } else {
                call = .note("\(mark.line): its question had no answer")
            }
        }
        if !mark.secure, !failed, mark.kind == .input, case .verb(.set(let ref, _)) = call, let key = mark.key,
           let value = session.store.value(for: key) {
            // An input's text as stored: REPL text reads `\n` as a newline in a multiline
            // input, a Lua string in a test does not.
            call = .verb(.setValue(row: ref, value: value))
        }
        // A secret typed for a secure input stays out of the file: the recorder writes "xxxx".
        recording.recorder.record(call, typed: mark.line, failed: failed, session: session, secure: mark.secure)
    }
}
