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
        guard let session = CommandSupport.openWritable(options) else { return 1 }
        defer { session.close() }
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
