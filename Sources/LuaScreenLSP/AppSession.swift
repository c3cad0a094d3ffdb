import LuaScreen
import LuaScreenCore
import ScreenModel

/// The app an open document belongs to, loaded on demand as its checks load it (its last
/// check's entry, the open documents' texts before the files), for the requests that ask the
/// core what only a loaded app knows (a row's presentation, where a helper bound a key).
/// A namespace: the session lives only inside `with`, on the calling thread.
enum AppSession {
    /// `body`'s result on a session of `document`'s app; nil when the app does not load.
    static func with<T>(server: LanguageServer, document: OpenDocument, _ body: (Session) -> T) -> T? {
        var texts: [String: [UInt8]] = [:]
        for (_, d) in server.snapshot() { texts[d.path] = d.doc.bytes }
        texts[document.path] = document.doc.bytes
        var options = SessionOptions(limits: server.limits, trusted: false, store: MemoryStore(), print: { _ in })
        options.moduleSource = { texts[URIs.standard($0)] }
        let entry = document.entry ?? document.path
        guard let session = try? Session.open(path: entry, text: texts[entry], options: options) else { return nil }
        defer { session.close() }
        return body(session)
    }

    /// Whether a place the core names (a chunk name Lua may have cut to its last 60 bytes,
    /// `...` first) is line `line` (1-based) of the file `path`.
    static func place(_ place: SourceLocation, is path: String, line: Int? = nil) -> Bool {
        if let line, place.line != line { return false }
        if place.file.hasPrefix("...") { return path.hasSuffix(String(place.file.dropFirst(3))) }
        return URIs.standard(place.file) == path
    }
}
