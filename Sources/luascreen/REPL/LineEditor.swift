#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@preconcurrency import CReadline
import Synchronization
import LuaScreen
#if canImport(Glibc)
@preconcurrency import Glibc
import LuaRuntime
import LuaScreenCore
#endif

/// GNU readline for the interactive REPL: prompt, history, Tab completion, Ctrl-C.
///
/// Ctrl-C: readline is told not to catch signals; our SIGINT handler (installed without
/// SA_RESTART) only raises a flag, so readline's read() is interrupted and it calls its
/// signal event hook, which clears the line and draws a fresh prompt.
enum LineEditor {
    /// Given the line up to the cursor, what may replace the word before the cursor.
    nonisolated(unsafe) static var completer: ((String) -> [String])?
    nonisolated(unsafe) static var historyPath: String?

    static let interrupted = Atomic<Int32>(0)
    static let terminating = Atomic<Int32>(0)
    /// Whether readline is waiting for a line (signals are then handled through its hook).
    static let reading = Atomic<Bool>(false)

    /// What a read ended with.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-D on an empty line, or the end of input.
        case end
        /// Ctrl-C at a question: the question is cancelled.
        case cancelled
        /// A line that is not UTF-8, refused (`why` says so); at a question it cancels it.
        case refused(why: String)
        /// `watch` said the script changed; `pending` is what was typed so far (given back
        /// to the next read).
        case changed(pending: String)
    }

    /// Called between keys while readline waits (about ten times a second): true when the
    /// script changed on disk (`run --watch`); the read then ends with `.changed`.
    nonisolated(unsafe) static var watch: (() -> Bool)?
    /// Whether the read under way is a question (Ctrl-C cancels it instead of clearing it).
    nonisolated(unsafe) private static var asking = false
    nonisolated(unsafe) private static var ended: Input?
    /// Text typed before a reload interrupted the read, put back in the next line.
    nonisolated(unsafe) private static var pending: String?
    /// The bytes of the read under way, checked as readline reads them (it drops a byte that
    /// is not UTF-8 from the line, which would store something else than was typed).
    nonisolated(unsafe) private static var typed = UTF8Check()

    static func setUp(historyPath: String?) {
        rl_readline_name = UnsafePointer(strdup("luascreen"))
        rl_catch_signals = 0
        rl_basic_word_break_characters = UnsafePointer(strdup(" \t"))
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t"))
        rl_attempted_completion_function = { _, _, _ in LineEditor.complete() }
        rl_signal_event_hook = { LineEditor.signalEvent() }
        rl_getc_function = { stream in LineEditor.getc(stream) }
        // With an event hook readline waits in select() with a timeout and calls it between
        // keys; a signal then arrives there too.
        rl_event_hook = { LineEditor.idle() }
        rl_startup_hook = { LineEditor.restorePending() }
        installSignalHandlers()
        using_history()
        stifle_history(1000)
        self.historyPath = historyPath.flatMap { HistoryFile.usable($0) ? $0 : nil }
        if let path = self.historyPath { HistoryFile.load(path) }
    }

    /// One line, without its newline; nil at end of input (Ctrl-D on an empty line).
    static func read(prompt: String) -> String? {
        switch input(prompt: prompt) {
        case .line(let line): return line
        case .refused(let why): refuse(why)
        default: break
        }
        return nil
    }

    /// One line of a question (a confirm, a new value): nil when Ctrl-C cancelled it or
    /// the input ended.
    static func answer(prompt: String) -> String? {
        switch input(prompt: prompt, question: true) {
        case .line(let line): return line
        case .refused(let why): refuse(why)
        default: break
        }
        return nil
    }

    /// One line of a value prompt, pre-filled with `current` (empty when first asked, the
    /// prompt saying the value; what was typed, to correct it, after a refusal). Up and Down recall the values typed at value prompts of this run, never the
    /// command history. nil when Ctrl-C cancelled it or the input ended.
    static func value(prompt: String, current: String) -> String? {
        let commands = history_get_history_state()
        history_set_history_state(&valueHistory)
        defer {
            if let state = history_get_history_state() {
                valueHistory = state.pointee
                free(state)
            }
            if let commands {
                history_set_history_state(commands)
                free(commands)
            }
        }
        pending = current.isEmpty ? nil : current
        let line = answer(prompt: prompt)
        pending = nil
        if let line, !line.isEmpty, line != current { add_history(line) }
        return line
    }

    /// The values typed at value prompts (their own history, apart from the commands').
    nonisolated(unsafe) private static var valueHistory = HISTORY_STATE()

    /// Says on stderr that a typed line was refused.
    static func refuse(_ why: String) {
        flushOutput()
        printError("error: \(why)")
    }

    /// One line, or how the read ended instead. A question is not interrupted by `watch`.
    static func input(prompt: String, question: Bool = false) -> Input {
        interrupted.store(0, ordering: .relaxed)
        fflush(stdout)
        asking = question
        ended = nil
        typed = UTF8Check()
        reading.store(true, ordering: .sequentiallyConsistent)
        let line = readline(prompt)
        reading.store(false, ordering: .sequentiallyConsistent)
        LuaInterrupt.clear()  // a Ctrl-C from before this command is not for its Lua code
        asking = false
        defer { ended = nil }
        guard let raw = line else { return ended ?? .end }
        defer { free(raw) }
        if let ended { return ended }
        if let byte = typed.firstBad { return .refused(why: TypedLine.refusal(byte: byte, at: nil)) }
        guard let text = TypedLine.decode(cString: raw) else {
            return .refused(why: TypedLine.refusal(UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))))
        }
        return .line(text)
    }

    /// readline's key reader: readline's own, each byte also given to `typed`.
    static func getc(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
        let c = rl_getc(stream)
        if c == 0x0A || c == 0x0D { typed.end() } else if c >= 0 { typed.feed(UInt8(truncatingIfNeeded: c)) }
        return c
    }

    /// readline's startup hook: puts back what a reload interrupted.
    static func restorePending() -> Int32 {
        if let text = pending {
            pending = nil
            _ = rl_insert_text(text)
        }
        return 0
    }

    /// readline's event hook, called while it waits for a key: Ctrl-C and `watch`.
    static func idle() -> Int32 {
        if interrupted.load(ordering: .relaxed) != 0 || terminating.load(ordering: .relaxed) != 0 {
            return signalEvent()
        }
        if !asking, ended == nil, let watch, watch() {
            let typed = rl_line_buffer.map { String(cString: $0) } ?? ""
            pending = typed.isEmpty ? nil : typed
            ended = .changed(pending: typed)
            rl_replace_line("", 0)
            rl_point = 0
            rl_redisplay()
            rl_done = 1
        }
        return 0
    }

    /// Adds a line to the history (not a repeat of the last one) and saves the history.
    static func remember(_ line: String) {
        if history_length > 0, let last = history_get(history_base + history_length - 1),
           let text = last.pointee.line, String(cString: text) == line {
            return
        }
        add_history(line)
        save()
    }

    static func save() {
        guard let historyPath else { return }
        HistoryFile.save(historyPath)
    }

    /// Reads a secret from the terminal without echo (for a secure input); nil when
    /// interrupted or at end of input.
    static func readSecret(prompt: String) -> String? {
        interrupted.store(0, ordering: .relaxed)
        print(prompt, terminator: "")
        fflush(stdout)
        var saved = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if isTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        reading.store(true, ordering: .sequentiallyConsistent)
        defer {
            reading.store(false, ordering: .sequentiallyConsistent)
            if isTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            print("")
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = Glibc.read(STDIN_FILENO, &byte, 1)
            if n == 1 {
                if byte == 0x0A || byte == 0x0D { break }
                bytes.append(byte)
            } else if n < 0 && errno == EINTR {
                let signal = terminating.exchange(0, ordering: .relaxed)
                if signal != 0 {
                    if isTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
                    save()
                    exit(128 + signal)
                }
                if interrupted.exchange(0, ordering: .relaxed) != 0 {
                    print("^C", terminator: "")
                    return nil
                }
            } else {
                if bytes.isEmpty { return nil }
                break
            }
        }
        guard let text = TypedLine.decode(bytes) else {
            refuse(TypedLine.refusal(bytes))
            return nil
        }
        return text
    }

    // MARK: signals

    /// SIGINT while readline waits clears the line (see `signalEvent`). While a command
    /// runs, the first Ctrl-C stops its Lua code (`LuaInterrupt`: the callback fails at its
    /// line and the action is rolled back, as in `lua5.4`); Swift work cannot be stopped
    /// half-way, so a second one says so and a third ends the program. SIGTERM and SIGHUP end
    /// it at once, through readline's hook (to restore the terminal) when it is waiting.
    static func installSignalHandlers() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            if LineEditor.reading.load(ordering: .sequentiallyConsistent) {
                LineEditor.interrupted.store(1, ordering: .relaxed)
                return
            }
            switch LineEditor.interrupted.add(1, ordering: .relaxed).newValue {
            case 1:
                LuaInterrupt.request()
            case 2:
                let note: StaticString = "\n(busy: press Ctrl-C again to quit luascreen)\n"
                _ = Glibc.write(STDERR_FILENO, note.utf8Start, note.utf8CodeUnitCount)
            default:
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: read() must return EINTR
        sigaction(SIGINT, &action, nil)

        var terminate = sigaction()
        terminate.__sigaction_handler.sa_handler = { signal in
            if LineEditor.reading.load(ordering: .sequentiallyConsistent) {
                LineEditor.terminating.store(signal, ordering: .relaxed)
            } else {
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
        }
        sigemptyset(&terminate.sa_mask)
        terminate.sa_flags = 0
        sigaction(SIGTERM, &terminate, nil)
        sigaction(SIGHUP, &terminate, nil)
    }

    /// Called by readline when a read was interrupted by a signal.
    static func signalEvent() -> Int32 {
        let signal = terminating.exchange(0, ordering: .relaxed)
        if signal != 0 {
            // Put the terminal back the way it was, keep the history, and go.
            rl_free_line_state()
            rl_cleanup_after_signal()
            save()
            exit(128 + signal)
        }
        if interrupted.exchange(0, ordering: .relaxed) != 0 {
            if asking {
                // A question: Ctrl-C cancels it (readline ends the read with the empty line).
                fputs("^C", rl_outstream ?? stdout)
                rl_replace_line("", 0)
                rl_point = 0
                ended = .cancelled
                rl_done = 1
                return 0
            }
            fputs("^C", rl_outstream ?? stdout)
            rl_crlf()
            rl_replace_line("", 0)
            rl_on_new_line()
            rl_redisplay()
        }
        return 0
    }

    /// Leaves the terminal as readline found it when the REPL ends another way.
    static func signalsToDefault() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
    }

    // MARK: completion

    static func complete() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1  // never fall back to file names
        guard let completer, let buffer = rl_line_buffer else { return nil }
        let point = Int(max(0, rl_point))
        let before = buffer.withMemoryRebound(to: UInt8.self, capacity: point) {
            String(decoding: UnsafeBufferPointer(start: $0, count: point), as: UTF8.self)
        }
        let candidates = completer(before)
        guard !candidates.isEmpty else { return nil }
        // readline's format: the text to insert, then every match, then NULL.
        let entries = candidates.count == 1 ? candidates : [Completion.commonPrefix(candidates)] + candidates
        let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)
        guard let raw = malloc(size) else { return nil }
        let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (i, entry) in entries.enumerated() { array[i] = strdup(entry) }
        array[entries.count] = nil
        return array
    }
}
