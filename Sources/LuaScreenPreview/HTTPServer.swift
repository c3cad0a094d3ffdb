@preconcurrency import Glibc
import CMicroHTTPD

/// One HTTP request as the preview handles it: method, path, query, the headers it asks
/// about, and the body (at most `HTTPServer.maxBody` bytes). `Sendable`: a plain value.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The path without the query (`/api/state`).
    public var path: String
    /// The query's parameters (MHD decodes them).
    public var query: [String: String]
    /// Header values by lower-cased name.
    public var headers: [String: String]
    /// The body (empty for a GET).
    public var body: [UInt8]

    /// A request as the server hands it on (also what the tests make).
    package init(method: String, path: String, query: [String: String], headers: [String: String], body: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

extension HTTPRequest {
    /// The query parameter `name` as an integer clamped into `range`, before any arithmetic
    /// is done with it: digits past `Int`'s range give the nearer bound, anything that is not
    /// an integer gives `fallback`.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        guard let text = query[name] else { return fallback }
        let value: Int
        if let n = Int(text) {
            value = n
        } else {
            let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return fallback }
            value = text.hasPrefix("-") ? Int.min : Int.max
        }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

/// What the preview answers: a status, headers, a body. `Sendable`: a plain value.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// `Content-Type`.
    public var contentType: String
    /// The body.
    public var body: [UInt8]
    /// Headers besides the ones every response carries.
    public var headers: [(String, String)] = []

    /// A response of `status` with this body.
    public init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// Every header the response is sent with: the security headers, its type, `Connection:
    /// close` (one request a connection: each next one comes through the front and its
    /// checks), then its own.
    public var allHeaders: [(String, String)] {
        SecurityHeaders.all + [("Content-Type", contentType), ("Connection", "close")] + headers
    }

    /// A plain-text response (errors).
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }
}

/// GNU libmicrohttpd serving on 127.0.0.1 only, one thread a connection; every request is
/// handed whole (its body capped) to `handler` on that connection's thread.
/// `@unchecked Sendable`: its state is set before the daemon starts and only read after;
/// the handler is `Sendable`.
public final class HTTPServer: @unchecked Sendable {
    /// The most bytes a request body may hold (413 beyond).
    public static let maxBody = 64 * 1024
    /// The port it listens on (chosen by the system when 0 was asked for).
    public private(set) var port: Int = 0
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private var daemon: OpaquePointer?
    private var front: ConnectionFront?
    /// The connections libmicrohttpd serves now (kept as long as the server: the daemon's callback reads it).
    private let served = ServedConnections()
    /// The most connections served at once (the front keeps to it; libmicrohttpd's own limit,
    /// at which it stops noticing closed connections, is set above it).
    static let maxConnections = 256
    /// The seconds a connection may stay silent once its head is in (a stalled body).
    static let idleSeconds = 10
    private var socket: Int32 = -1

    /// A server that answers with `handler` once started.
    public init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handler = handler
    }

    /// Why the server could not start. `Sendable`: a plain value.
    public struct StartError: Error, CustomStringConvertible, Sendable {
        /// What went wrong, and what to do.
        public var description: String
    }

    /// Binds 127.0.0.1:`port` (0: a free port), listens, starts the daemon.
    public func start(port requested: Int) throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartError(description: "cannot make a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(requested).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian  // 127.0.0.1: loopback only
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "cannot listen on 127.0.0.1:\(requested): \(reason) (choose another --port, or leave it out for a free one)")
        }
        guard listen(fd, 512) == 0 else {
            close(fd)
            throw StartError(description: "cannot listen on 127.0.0.1:\(requested): \(String(cString: strerror(errno)))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: actual.sin_port))
        socket = fd
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)  // the front accepts until EAGAIN
        let me = Unmanaged.passUnretained(self).toOpaque()
        // libmicrohttpd does not listen: the front (ConnectionFront) accepts, checks each head
        // within its time and hands the connection on. One thread a connection; an idle one
        // (a body that stalls) is closed after `idleSeconds`.
        let flags = UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
                           | MHD_USE_NO_LISTEN_SOCKET.rawValue | MHD_USE_ITC.rawValue)
        let completed = unsafeBitCast(requestCompleted as MHD_RequestCompletedCallback, to: UnsafeRawPointer.self)
        let notified = unsafeBitCast(notifyConnection as MHD_NotifyConnectionCallback, to: UnsafeRawPointer.self)
        let counter = OpaquePointer(Unmanaged.passUnretained(served).toOpaque())
        let arguments: [CVarArg] = [
            Int32(MHD_OPTION.NOTIFY_COMPLETED.rawValue), OpaquePointer(completed), OpaquePointer(me),
            Int32(MHD_OPTION.NOTIFY_CONNECTION.rawValue), OpaquePointer(notified), counter,
            Int32(MHD_OPTION.CONNECTION_LIMIT.rawValue), UInt32(HTTPServer.maxConnections * 2),  // never reached: the front keeps to maxConnections
            Int32(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), UInt32(HTTPServer.idleSeconds),
            Int32(MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue), Int(256 * 1024),
            Int32(MHD_OPTION.END.rawValue),
        ]
        daemon = withVaList(arguments) { list in
            MHD_start_daemon_va(flags, 0, nil, nil, accessHandler, me, list)
        }
        guard let daemon else {
            close(fd)
            throw StartError(description: "libmicrohttpd could not start on 127.0.0.1:\(port)")
        }
        let front = ConnectionFront(listener: fd, daemon: daemon, served: served)
        guard front.start() else {
            MHD_stop_daemon(daemon)
            self.daemon = nil
            close(fd)
            throw StartError(description: "cannot start the thread that accepts connections on 127.0.0.1:\(port)")
        }
        self.front = front
    }

    /// Stops the front and the daemon (waiting for their threads) and closes the socket.
    public func stop() {
        front?.stop()
        front = nil
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
        if socket >= 0 { close(socket) }
        socket = -1
    }

    fileprivate func handle(_ request: HTTPRequest) -> HTTPResponse { handler(request) }
}

/// What MHD keeps for one request between the calls of the access handler: the body read so far.
private final class PendingRequest {
    var body: [UInt8] = []
    var tooLarge = false
}

private func header(_ connection: OpaquePointer?, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name).map { String(cString: $0) }
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
    guard let cls, let state, let uploadSize else { return MHD_Result.NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if state.pointee == nil {
        // The first call: headers only. Refuse a body that says it is too large at once.
        let pending = PendingRequest()
        if let length = header(connection, "Content-Length").flatMap({ Int($0) }), length > HTTPServer.maxBody {
            pending.tooLarge = true
        }
        state.pointee = Unmanaged.passRetained(pending).toOpaque()
        if !pending.tooLarge { return MHD_Result.YES }
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(state.pointee!).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        if !pending.tooLarge, let uploadData {
            if pending.body.count + uploadSize.pointee > HTTPServer.maxBody {
                pending.tooLarge = true
                pending.body = []
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                    pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                }
            }
        }
        uploadSize.pointee = 0
        return MHD_Result.YES
    }
    let response: HTTPResponse
    if pending.tooLarge {
        response = .text(413, "request body larger than \(HTTPServer.maxBody) bytes")
    } else {
        var headers: [String: String] = [:]
        for name in ["host", "origin", "cookie", "content-type", "x-luascreen-token", "sec-fetch-site"] {
            if let value = header(connection, name) { headers[name] = value }
        }
        var query: [String: String] = [:]
        for name in ["from", "count", "since", "hidden"] {
            if let value = MHD_lookup_connection_value(connection, MHD_ValueKind.GET_ARGUMENT_KIND, name) {
                query[name] = String(cString: value)
            }
        }
        let request = HTTPRequest(method: method.map { String(cString: $0) } ?? "",
                                  path: url.map { String(cString: $0) } ?? "/",
                                  query: query, headers: headers, body: pending.body)
        response = server.handle(request)
    }
    return queue(response, on: connection)
}

private func queue(_ response: HTTPResponse, on connection: OpaquePointer?) -> MHD_Result {
    let made = response.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
    }
    guard let made else { return MHD_Result.NO }
    defer { MHD_destroy_response(made) }
    for (name, value) in response.allHeaders { MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

private let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<PendingRequest>.fromOpaque(pointer).release()
    state.pointee = nil
}
