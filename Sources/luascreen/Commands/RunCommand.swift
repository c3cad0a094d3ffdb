@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

/// `luascreen run SCRIPT`: the REPL on a terminal, batch mode otherwise (SPEC §4).
enum RunCommand {
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        // The store is opened once the script is loaded, so an app's `store` name can choose
        // the file; a store that cannot be opened (a damaged file) ends the run.
        var sessionOptions = CommandSupport.sessionOptions(options, store: nil)
        sessionOptions.storeProvider = { name in
            try CommandSupport.openStore(options, scriptPath: path, readOnly: false, storeName: name)
        }
        let session: Session
        do {
            session = try Session.open(path: path, options: sessionOptions)
        } catch let error as LoadError {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            return 1
        } catch {
            printError(CommandSupport.errorLine(error))
            return 1
        }
        defer { session.close() }
        for warning in session.loadWarnings { printError(warning.description) }
        if let file = options.record {
            let recorder = SessionRecorder(session: session, testFile: file, width: options.width ?? 80)
            // Refused before the session runs: never over the script, a module, a device or through a link.
            do { try recorder.checkOutputs(inputs: session.sources.paths) } catch {
                printError("\(error)")
                return 1
            }
            shellRecording = ShellRecording(recorder)
        }
        let status: Int32
        if Terminal.stdinIsTerminal && Terminal.stdoutIsTerminal {
            status = ReplLoop.interactive(Shell(session: session, options: options, interactive: true))
        } else {
            status = ReplLoop.batch(Shell(session: session, options: options, interactive: false))
        }
        if let recording = shellRecording {
            do {
                try recording.recorder.write(session: session)
            } catch {
                printError("\(error)")
                return 1
            }
        }
        return status
    }
}
