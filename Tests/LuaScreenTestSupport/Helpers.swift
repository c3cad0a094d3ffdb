import Foundation
import LuaScreen
import ScreenModel

/// A temporary folder with scripts in it, removed at the end of the test.
package final class ScriptFolder {
    package let url: URL

    package init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("luascreen-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    package func write(_ name: String, _ source: String) -> String {
        let path = url.appendingPathComponent(name).path
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// The diagnostics of loading `source` (empty when it loads).
package func diagnostics(_ source: String, file: String = "t.lua", folder: ScriptFolder = ScriptFolder()) -> [Diagnostic] {
    let path = folder.write(file, source)
    do {
        let session = try Session.open(path: path, options: SessionOptions(print: { _ in }))
        defer { session.close() }
        return session.loadWarnings + session.evaluationProblems()
    } catch let error as LoadError {
        return error.diagnostics
    } catch {
        return [Diagnostic(file: path, line: nil, path: "", message: "\(error)")]
    }
}

/// A session of `source` (written to `s.lua` in `folder`) over a memory store seeded with
/// `store`; a script that does not load throws its `LoadError`, which fails the calling test.
package func openSession(_ source: String, folder: ScriptFolder = ScriptFolder(), store: [(String, StoreValue)] = [],
                         printed: ((String) -> Void)? = nil) throws -> Session {
    let path = folder.write("s.lua", source)
    return try Session.open(path: path, options: SessionOptions(store: MemoryStore(store.map { ($0.0, $0.1) }),
                                                                print: printed ?? { _ in }))
}
