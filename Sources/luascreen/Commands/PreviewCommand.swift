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
        guard let session = CommandSupport.openWritable(options) else { return 1 }
        defer { session.close() }
        let preview = PreviewServer(session: session)
        let url: String
        do {
            url = try preview.start(port: options.port ?? 0)
        } catch {
            printError("error: preview: \(error)")
            return 1
        }
        print(url)
        flushOutput()
        let seconds = ProcessInfo.processInfo.environment["LUASCREEN_PREVIEW_SECONDS"].flatMap(Double.init)
        preview.serve(seconds: seconds)
        preview.stop()
        return 0
    }
}
