@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenPreview

/// `luascreen preview SCRIPT [--port N]` (SPEC §17): the library's `PreviewServer` on one
/// session; prints the URL as soon as it listens and serves until interrupted (or, when
/// `LUASCREEN_PREVIEW_SECONDS` is set, for that many seconds: the tests' servers stop by
/// themselves).
enum PreviewCommand {
    static func run(_ options: Options) -> Int32 {
        let path = options.paths[0]
        var sessionOptions = CommandSupport.sessionOptions(options, store: nil)
        sessionOptions.storeProvider = { name in
            try CommandSupport.openStore(options, scriptPath: path, readOnly: false, storeName: name)
        }
        let session: Session
        do {
            session = try Session.open(path: path, options: sessionOptions)
        } catch {
            CommandSupport.printLoadError(error, path: path)
            return 1
        }
        defer { session.close() }
        for warning in session.loadWarnings { printError(warning.description) }
        let preview = PreviewServer(session: session)
        let url: String
        do {
            url = try preview.start(port: options.port ?? 0)
        } catch {
            printError("error: preview: \(error)")
            return 1
        }
        print(url)
        fflush(stdout)
        let seconds = ProcessInfo.processInfo.environment["LUASCREEN_PREVIEW_SECONDS"].flatMap(Double.init)
        preview.serve(seconds: seconds)
        preview.stop()
        return 0
    }
}
