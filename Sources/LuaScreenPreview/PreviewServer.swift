@preconcurrency import Glibc
import LuaScreen
import LuaScreenCore
import ScreenModel

/// `luascreen preview` (SPEC §17): one `Session` served to a browser over HTTP on
/// 127.0.0.1. Connection threads check each request (`RequestGuard`) and hand what passes
/// to the session's thread (`SessionQueue`), which runs it on the session as the REPL
/// would, and between requests reloads the script when it changes on disk.
///
/// Not `Sendable`: made, served and stopped on the thread that owns the session; the
/// connection threads reach only its queue and guard, which are `Sendable`.
public final class PreviewServer {
    /// The session the page drives.
    public let session: Session
    private let queue = SessionQueue()
    /// The secret of this run: the URL's fragment, and what every API request presents.
    public let token: String
    private var server: HTTPServer?
    private var watch: SourceWatch
    /// The diagnostics of the last reload that failed (nil once the script loads again).
    private var diagnostics: [String]?
    /// What the last reload said (a path it could not keep).
    private var note: String?

    /// A preview of `session`, with a fresh token.
    public init(session: Session) {
        self.session = session
        self.token = RequestGuard.makeToken()
        self.watch = SourceWatch(session: session)
    }

    /// Listens on 127.0.0.1:`port` (0: a free one); the URL to open, token in its fragment.
    public func start(port: Int) throws -> String {
        let queue = self.queue
        // The guard needs the port, known once bound: the handler reads it from the box.
        let box = GuardBox()
        let server = HTTPServer { request in
            guard let rules = box.rules else { return .text(503, "starting") }
            return PreviewServer.route(request, rules: rules, work: box.work.map { work in
                Routes(wait: { since in queue.waitForChange(since: since, seconds: 20) },
                       session: { path, request in queue.submit { work(path, request) } })
            })
        }
        try server.start(port: port)
        box.rules = RequestGuard(port: server.port, token: token)
        let me = UncheckedServer(self)
        box.work = { kind, request in
            // Runs on the session's thread (through the queue): the session is used there only.
            me.server.answer(kind, request)
        }
        self.server = server
        return "http://127.0.0.1:\(server.port)/#\(token)"
    }

    /// The port it listens on (0 before `start`).
    public var port: Int { server?.port ?? 0 }

    /// Serves on this thread (the session's) until `stop`, or for at most `seconds` when given.
    public func serve(seconds: Double? = nil) {
        let started = PreviewServer.now()
        queue.serve(tick: 0.25) {
            if watch.changed() { reloadFromDisk() }
            if let seconds, PreviewServer.now() - started > seconds { queue.stop() }
        }
    }

    /// Ends `serve` and the server (from any thread: a signal handler's flag, a test).
    public func stop() {
        queue.stop()
        server?.stop()
        server = nil
    }

    /// The seconds of the monotonic clock.
    private static func now() -> Double { Double(monotonicNanoseconds()) / 1e9 }

    // MARK: routing (connection threads)

    /// Answers one request on this thread as the server would (the guard, the routes, the
    /// session's answer) but without sockets or the queue, for the fuzzer and tests: call it
    /// on the session's thread. The guard expects the Host `127.0.0.1:port` and this
    /// server's `token`; `/api/events` answers at once.
    package func respond(_ request: HTTPRequest, port: Int) -> HTTPResponse {
        let rules = RequestGuard(port: port, token: token)
        let me = UncheckedServer(self)
        let queue = self.queue
        return PreviewServer.route(request, rules: rules, work: Routes(
            wait: { _ in queue.currentVersion },
            session: { path, request in me.server.answer(path, request) }))
    }

    /// How `route` reaches what lies behind the guard: the wait of `/api/events`, and the
    /// session (on its thread). `Sendable`: two `Sendable` closures.
    private struct Routes: Sendable {
        let wait: @Sendable (Int) -> Int
        let session: @Sendable (String, HTTPRequest) -> HTTPResponse
    }

    private static func route(_ request: HTTPRequest, rules: RequestGuard, work: Routes?) -> HTTPResponse {
        let page: [String: (String, String)] = [
            "/": ("text/html; charset=utf-8", PageAssets.html),
            "/index.html": ("text/html; charset=utf-8", PageAssets.html),
            "/app.js": ("text/javascript; charset=utf-8", PageAssets.script),
            "/map.js": ("text/javascript; charset=utf-8", PageAssets.mapScript),
            "/app.css": ("text/css; charset=utf-8", PageAssets.style),
        ]
        let allowed: [String]
        switch request.path {
        case "/api/do": allowed = ["POST"]
        default: allowed = ["GET", "HEAD"]
        }
        if let refusal = rules.refusal(request, allowed: allowed) { return refusal }
        if let (type, text) = page[request.path] {
            return HTTPResponse(status: 200, contentType: type, body: Array(text.utf8))
        }
        if request.path == "/favicon.ico" { return HTTPResponse(status: 204, contentType: "image/x-icon", body: []) }
        switch request.path {
        case "/api/events":
            guard let work else { return .text(503, "starting") }
            let version = work.wait(request.integer("since", default: -1, in: -1...Int(Int32.max)))
            return json(.object([("version", .integer(Int64(version)))]))
        case "/api/state", "/api/do", "/api/graph":
            guard let work else { return .text(503, "starting") }
            return work.session(request.path, request)
        default:
            return .text(404, "not found")
        }
    }

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(value.serialized().utf8))
    }

    // MARK: answers (the session's thread)

    private func answer(_ path: String, _ request: HTTPRequest) -> HTTPResponse {
        switch path {
        case "/api/state":
            let from = request.integer("from", default: 0, in: PreviewState.fromRange)
            let count = request.integer("count", default: 100, in: PreviewState.countRange)
            return PreviewServer.json(state(from: from, count: count, hidden: request.query["hidden"] == "1"))
        case "/api/graph":
            let graph = session.graph()
            return PreviewServer.json(GraphJSON.json(graph))
        default:
            return perform(request)
        }
    }

    private func state(from: Int, count: Int, hidden: Bool) -> JSONValue {
        PreviewState.json(session, version: queue.currentVersion, from: from, count: count, hidden: hidden,
                          diagnostics: diagnostics, note: note)
    }

    /// `POST /api/do`: runs the operation; the answer says how it went and holds the new state.
    private func perform(_ request: HTTPRequest) -> HTTPResponse {
        let body: JSONValue
        let operation: PreviewOperation
        do {
            body = try JSONValue.parse(request.body)
            operation = try PreviewOperation(json: body)
        } catch {
            return PreviewServer.json(.object([("ok", .bool(false)), ("error", .string("bad request: \(error)"))]), status: 400)
        }
        let before = session.messages.count
        var members: [(key: String, value: JSONValue)] = []
        do {
            let result = try operation.run(on: session)
            members.append(("ok", .bool(true)))
            if result != .null { members.append(("result", result)) }
        } catch let error as SessionError {
            members.append(("ok", .bool(false)))
            if case .needsConfirmation(let question) = error.kind {
                members.append(("confirm", .string(sanitize(question))))
            } else {
                members.append(("error", .string(sanitize(error.description))))
                members.append(("kind", .string(PreviewServer.kindName(error.kind))))
            }
        } catch {
            members.append(("ok", .bool(false)))
            members.append(("error", .string(sanitize("\(error)"))))
        }
        members.append(("alerts", .array(session.messages(since: before).map { .string(sanitize($0)) })))
        queue.bump()
        let from = PreviewState.clamped(body["window_from"], default: 0, in: PreviewState.fromRange)
        let count = PreviewState.clamped(body["window_count"], default: 100, in: PreviewState.countRange)
        let hidden = body["hidden"] == .bool(true)
        members.append(("state", state(from: from, count: count, hidden: hidden)))
        return PreviewServer.json(.object(members))
    }

    private static func kindName(_ kind: SessionError.Kind) -> String {
        switch kind {
        case .script: return "script"
        case .refused: return "refused"
        case .needsConfirmation: return "confirm"
        case .needsValue: return "needs_value"
        case .invalid: return "invalid"
        case .store: return "store"
        }
    }

    /// The script or a module changed on disk: read it again, keeping the path and values;
    /// when it no longer loads, the last good version keeps running and the page shows why.
    private func reloadFromDisk() {
        do {
            note = try session.action { try session.reloadScript() }
            diagnostics = nil
        } catch let error as LoadError {
            diagnostics = error.diagnostics.map(\.description)
        } catch {
            diagnostics = ["\(error)"]
        }
        watch.rebase()
        queue.bump()
    }
}

/// What the connection threads need once the server is bound: the guard (it knows the port)
/// and the way to the session's thread. `@unchecked Sendable`: both are set once, before the
/// first request can reach them (a request arriving earlier is answered 503).
private final class GuardBox: @unchecked Sendable {
    var rules: RequestGuard?
    var work: (@Sendable (String, HTTPRequest) -> HTTPResponse)?
}

/// The preview as the session's thread reaches it from a job. `@unchecked Sendable`: the
/// connection threads only carry it to the queue; it is used on the session's thread.
private struct UncheckedServer: @unchecked Sendable {
    let server: PreviewServer
    init(_ server: PreviewServer) { self.server = server }
}
