@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenCore
import ScreenModel

/// The read-eval-print loops of `run`: readline on a terminal, lines of stdin in batch mode.
enum ReplLoop {
    /// readline: prompt with the path, history, Tab, Ctrl-C clears the line, Ctrl-D leaves.
    static func interactive(_ shell: Shell) -> Int32 {
        LineEditor.setUp(historyPath: historyPath())
        LineEditor.completer = { before in
            Completion.candidates(before: before, names: shell.session.completionNames(for:),
                                  values: shell.valueChoices)
        }
        shell.ask = { question, secret in
            secret ? LineEditor.readSecret(prompt: question) : LineEditor.answer(prompt: question)
        }
        shell.readTextLine = { LineEditor.read(prompt: "") }
        shell.askValueLine = { question, current in LineEditor.value(prompt: question, current: current) }
        let watch = shell.options.watch ? SourceWatch(session: shell.session) : nil
        if let watch { LineEditor.watch = { watch.changed() } }
        shell.start()
        reading: while true {
            let raw: String
            switch LineEditor.input(prompt: shell.prompt()) {
            case .line(let line): raw = line
            case .end, .cancelled:
                print("")  // Ctrl-D: leave on a fresh line
                break reading
            case .refused(let why):
                shell.fail(why)
                continue
            case .changed:
                if let watch {
                    shell.reload(changed: watch.changedFiles())
                    watch.rebase()
                }
                continue
            }
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if shell.remembers(line) { LineEditor.remember(line) }
            if !CommandTiming.run(line, { shell.run(line) }) { break }
        }
        LineEditor.save()
        LineEditor.signalsToDefault()
        return 0
    }

    /// One command a line, each echoed as `> COMMAND`; exit 1 when any failed.
    static func batch(_ shell: Shell) -> Int32 {
        let input = BatchInput()
        input.refused = { [unowned input] why in
            shell.inputLine = (input.lineNumber, "")  // the refused line: stdin:N: error: ...
            shell.fail(why)
        }
        // A button's question is answered by a y or n line right after the command.
        shell.ask = { question, _ in
            print(question.trimmingSpaces)
            guard let next = input.peek(), Shell.isAnswer(next) else { return nil }
            input.advance()
            print(sanitize("> \(next)"))
            return next
        }
        shell.readTextLine = { input.next() }
        shell.start()
        while let line = input.next() {
            shell.inputLine = (input.lineNumber, line)
            print(sanitize("> \(line)"))
            if !CommandTiming.run(line, { shell.run(line) }) { break }
        }
        return shell.failures > 0 ? 1 : 0
    }

    /// `$XDG_STATE_HOME/luascreen/history` (`~/.local/state` when unset), its folder created.
    static func historyPath() -> String? {
        let env = ProcessInfo.processInfo.environment
        let base: String
        if let state = env["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = env["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let folder = base + "/luascreen"
        do {
            try Files.makeFolders(folder, mode: 0o700)
        } catch {
            printError("warning: cannot keep the history in \(folder): \(String(describing: error))")
            return nil
        }
        return folder + "/history"
    }
}
