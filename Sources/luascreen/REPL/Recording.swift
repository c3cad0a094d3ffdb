import LuaScreen

/// `run --record FILE`: what the shell needs to turn each command into a session call for
/// the library's `SessionRecorder` (the recorder itself lives in the library).
final class ShellRecording {
    let recorder: SessionRecorder
    /// The shell's `ask` is wrapped once, to see the answers a command was given.
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
            recording.wrapped = true
        }
        recording.asked = false
        recording.answer = nil
        var mark = RecordMark(line: line, call: nil, kind: nil, failures: failures)
        switch ReplCommand.parse(line, resolves: resolves) {
        case .select(let ref):
            mark.call = .select(ref, answer: nil)
            let row = try? session.lookup(ref)
            mark.kind = row?.kind
            mark.secure = row?.key.map(secureKeys().contains) ?? false
        case .set(let rest):
            if let (ref, value) = splitSet(rest, quiet: true) {
                mark.call = .set(ref, value)
                mark.secure = (try? session.lookup(ref))?.key.map(secureKeys().contains) ?? false
            } else {
                mark.call = .note(line)
            }
        case .accessory(let ref): mark.call = .accessory(ref)
        case .back: mark.call = .back
        case .home: mark.call = .home
        case .reset(let ref): mark.call = .reset(ref)
        case .resetAll: mark.call = .resetAll
        case .reload: mark.call = .reload
        case .find, .go, .lua, .expression, .usage: mark.call = .note(line)
        // Not replayed yet: kept in the file as a note.
        case .inc, .dec, .add, .remove, .move, .edit, .action: mark.call = .note(line)
        case .show, .next, .prev, .help, .why, .store, .quit: break
        }
        return mark
    }

    /// After the command ran: recorded with its outcome, its answer and its alerts.
    func recordAfter(_ mark: RecordMark?) {
        guard let mark, let recording = shellRecording, var call = mark.call else { return }
        if case .select(let ref, _) = call, recording.asked {
            if mark.kind == .input || mark.kind == .number {
                // The REPL asked for the new value.
                guard let value = recording.answer, !value.isEmpty else { return }
                call = .set(ref, value)
            } else if let answer = recording.answer {
                call = .select(ref, answer: Shell.isYes(answer))
            } else if interactive {
                call = .select(ref, answer: false)  // cancelled
            } else {
                call = .note("\(mark.line): its question had no answer")
            }
        }
        var line = mark.line
        if mark.secure, case .set(let ref, let value) = call {
            // A secret typed for a secure input stays out of the file: as many x's instead.
            call = .set(ref, String(repeating: "x", count: value.count))
            if case .set = ReplCommand.parse(line, resolves: { _ in false }) { line = "set \(ref) (a secure value, not recorded)" }
        }
        recording.recorder.record(call, typed: line, failed: failures > mark.failures, session: session)
    }
}
