import LuaScreen
import ScreenModel

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
            mark.kind = (try? session.lookup(ref))?.kind
        case .set(let rest):
            if let (ref, value) = splitSet(rest, quiet: true) { mark.call = .set(ref, value) } else { mark.call = .note(line) }
        case .accessory(let ref): mark.call = .accessory(ref)
        case .back: mark.call = .back
        case .home: mark.call = .home
        case .reset(let ref): mark.call = .reset(ref)
        case .resetAll: mark.call = .resetAll
        case .reload: mark.call = .reload
        case .find, .go, .lua, .expression, .usage: mark.call = .note(line)
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
        recording.recorder.record(call, typed: mark.line, failed: failures > mark.failures, session: session)
    }
}
