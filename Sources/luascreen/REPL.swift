@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

/// `luascreen run SCRIPT`: the REPL on a terminal, batch mode otherwise (SPEC §4).
enum REPL {
    static func start(_ options: Options) -> Int32 {
        let path = options.paths[0]
        // The store is opened once the script is loaded, so an app's `store` name can choose
        // the file; a store that cannot be opened (a damaged file) ends the run.
        var sessionOptions = Commands.sessionOptions(options, store: nil)
        sessionOptions.storeProvider = { name in
            try StoreChoice.open(options, scriptPath: path, readOnly: false, storeName: name)
        }
        let session: Session
        do {
            session = try Session.open(path: path, options: sessionOptions)
        } catch let error as LoadError {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            return 1
        } catch {
            printError(sanitize("error: \(error)"))
            return 1
        }
        defer { session.close() }
        for warning in session.loadWarnings { printError(warning.description) }
        if let file = options.record {
            shellRecording = ShellRecording(SessionRecorder(session: session, testFile: file, width: options.width ?? 80))
        }
        let status: Int32
        if Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            status = interactive(Shell(session: session, options: options, interactive: true))
        } else {
            status = batch(Shell(session: session, options: options, interactive: false))
        }
        if let recording = shellRecording {
            do {
                try recording.recorder.write(session: session)
            } catch {
                printError("error: cannot write the recorded test to \(recording.recorder.testFile): \(error)")
                return 1
            }
        }
        return status
    }

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
        let watch = shell.options.watch ? Watch(session: shell.session) : nil
        if let watch { LineEditor.watch = { watch.changed() } }
        shell.start()
        reading: while true {
            let raw: String
            switch LineEditor.input(prompt: shell.prompt()) {
            case .line(let line): raw = line
            case .end, .cancelled:
                print("")  // Ctrl-D: leave on a fresh line
                break reading
            case .changed:
                if let watch {
                    shell.reload(changed: watch.changedFiles())
                    watch.rebase()
                }
                continue
            }
            let line = ReplText.trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if shell.remembers(line) { LineEditor.remember(line) }
            if !shell.run(line) { break }
        }
        LineEditor.save()
        LineEditor.signalsToDefault()
        return 0
    }

    /// One command a line, each echoed as `> COMMAND`; exit 1 when any failed.
    static func batch(_ shell: Shell) -> Int32 {
        let input = BatchInput()
        // A button's question is answered by a y or n line right after the command.
        shell.ask = { question, _ in
            print(ReplText.trimmed(question))
            guard let next = input.peek(), Shell.isAnswer(next) else { return nil }
            input.advance()
            print(sanitize("> \(next)"))
            return next
        }
        shell.readTextLine = { input.next() }
        shell.start()
        while let line = input.next() {
            print(sanitize("> \(line)"))
            if !shell.run(line) { break }
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
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            printError("warning: cannot keep the history in \(folder): \(String(describing: error))")
            return nil
        }
        return folder + "/history"
    }
}

/// Lines of standard input for batch mode: blank lines and `#` comments skipped, trimmed.
final class BatchInput {
    private var pending: String?

    /// The next command line, consumed.
    func next() -> String? {
        let line = peek()
        pending = nil
        return line
    }

    /// The next command line, left for `next`.
    func peek() -> String? {
        if let pending { return pending }
        while let raw = readLine(strippingNewline: true) {
            let line = ReplText.trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            pending = line
            return line
        }
        return nil
    }

    func advance() { pending = nil }
}
