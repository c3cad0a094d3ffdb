@preconcurrency import Glibc
import CMicroHTTPD
import LuaScreenCore

/// The front of the preview's server: one thread accepts every connection and looks at what
/// it sends (peeking, so nothing is consumed) until its head is whole (`RequestHead`), then
/// hands it to libmicrohttpd (`MHD_add_connection`). So:
/// - a connection gets `headerSeconds` in all to send its head (a slow or stalled client,
///   slowloris, is answered 408 and closed), however it trickles bytes;
/// - at most `maxWaiting` connections wait for their head; one more closes the oldest, so
///   a client holding many half-sent heads cannot stop the page being answered;
/// - a head libmicrohttpd would refuse with an error page of its own (400, 431, 505: pages
///   without the security headers) is refused here, with them.
/// `@unchecked Sendable`: the waiting list is the front thread's alone; `running` is under `gate`.
final class ConnectionFront: @unchecked Sendable {
    /// The seconds a connection has to send its whole head.
    static let headerSeconds = 10.0
    /// The most connections waiting for their head at once.
    static let maxWaiting = 256
    /// How often heads that have arrived in part are looked at again.
    private static let sweepMilliseconds: Int32 = 25

    private struct Waiting {
        var fd: Int32
        var address: sockaddr_in
        var deadline: Double
        /// Bytes seen at the last look (0: nothing yet; poll then waits for the first).
        var seen: Int
    }
    private struct Closing {
        var fd: Int32
        var deadline: Double
    }

    private let listener: Int32
    private let daemon: OpaquePointer
    private let served: ServedConnections
    private let gate = Gate()
    private var running = true
    private var finished = false
    private var waiting: [Waiting] = []
    private var closing: [Closing] = []
    private var thread = pthread_t()

    /// A front accepting on `listener` (a listening socket) for `daemon`, which serves the
    /// connections `served` counts; call `start`.
    init(listener: Int32, daemon: OpaquePointer, served: ServedConnections) {
        self.listener = listener
        self.daemon = daemon
        self.served = served
    }

    /// Starts the front's thread.
    func start() -> Bool {
        let me = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            let front = Unmanaged<ConnectionFront>.fromOpaque(context!).takeRetainedValue()
            front.loop()
            return nil
        }, me)
        if made != 0 { Unmanaged<ConnectionFront>.fromOpaque(me).release() }
        return made == 0
    }

    /// Stops the thread and waits for it; connections still waiting are closed.
    func stop() {
        gate.locked { running = false }
        pthread_join(thread, nil)
    }

    private var isRunning: Bool { gate.locked { running } }

    private static func now() -> Double { Double(monotonicNanoseconds()) / 1e9 }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: RequestHead.maxBytes + 1)
        while isRunning {
            // Wait for a new connection or the first bytes of an idle one; heads that arrived
            // in part (their bytes are there already, poll would not wait) are swept on a timer.
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for entry in waiting where entry.seen == 0 { fds.append(pollfd(fd: entry.fd, events: Int16(POLLIN), revents: 0)) }
            let partial = waiting.contains { $0.seen > 0 } || !closing.isEmpty
            _ = poll(&fds, nfds_t(fds.count), partial ? Self.sweepMilliseconds : 250)
            if fds[0].revents & Int16(POLLIN) != 0 { acceptAll() }
            sweep(&buffer)
        }
        for entry in waiting { close(entry.fd) }
        for entry in closing { close(entry.fd) }
        waiting = []
        closing = []
    }

    private func acceptAll() {
        while true {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(listener, $0, &length)
                }
            }
            if fd < 0 { return }  // EAGAIN (the listener is non-blocking), or an error to retry on the next poll
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if waiting.count >= Self.maxWaiting {
                // The oldest waiting connection makes room: a flood of half-sent heads ages out.
                refuse(waiting.removeFirst().fd, status: 503, reason: "too many connections are waiting to send their request")
            }
            waiting.append(Waiting(fd: fd, address: address, deadline: Self.now() + Self.headerSeconds, seen: 0))
        }
    }

    private func sweep(_ buffer: inout [UInt8]) {
        let now = Self.now()
        var kept: [Waiting] = []
        kept.reserveCapacity(waiting.count)
        for var entry in waiting {
            // Nothing new since the last look (the count of bytes waiting, without copying
            // them): only the deadline is checked, so many slow heads cost little.
            var available: Int32 = 0
            if entry.seen > 0, ioctl(entry.fd, UInt(FIONREAD), &available) == 0, Int(available) == entry.seen {
                if now > entry.deadline {
                    refuse(entry.fd, status: 408, reason: "the request's head did not arrive within \(Int(Self.headerSeconds)) seconds")
                } else {
                    kept.append(entry)
                }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) }
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                close(entry.fd)  // the client went away
                continue
            }
            let verdict = n > 0 ? RequestHead.check(Array(buffer[..<n])) : .incomplete
            switch verdict {
            case .pass:
                hand(entry)
            case .refuse(let status, let reason):
                refuse(entry.fd, status: status, reason: reason)
            case .incomplete where now > entry.deadline:
                refuse(entry.fd, status: 408, reason: "the request's head did not arrive within \(Int(Self.headerSeconds)) seconds")
            case .incomplete:
                entry.seen = max(0, n)
                kept.append(entry)
            }
        }
        waiting = kept
        // Refused connections: their answer is sent and their side shut; close them once the
        // client has closed too (or after a second), so the answer is not cut by a reset.
        closing = closing.filter { entry in
            var scratch = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = scratch.withUnsafeMutableBytes { recv(entry.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n > 0 { continue }
                if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) || now > entry.deadline {
                    close(entry.fd)
                    return false
                }
                return true
            }
        }
    }

    /// A whole head: libmicrohttpd reads the connection from here on (blocking, on its own thread).
    private func hand(_ entry: Waiting) {
        // libmicrohttpd would close a connection past its limit without a word: answered here.
        guard served.current < HTTPServer.maxConnections else {
            refuse(entry.fd, status: 503, reason: "the server is serving \(HTTPServer.maxConnections) connections; try again")
            return
        }
        let flags = fcntl(entry.fd, F_GETFL)
        if flags >= 0 { _ = fcntl(entry.fd, F_SETFL, flags & ~O_NONBLOCK) }
        var address = entry.address
        let added = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                MHD_add_connection(daemon, entry.fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // On failure libmicrohttpd has closed the socket already.
        _ = added
    }

    /// Answers `status` with the security headers (`RequestHead.response`), then closes.
    private func refuse(_ fd: Int32, status: Int, reason: String) {
        // What the client sent is read first, so closing does not turn into a reset that
        // could discard the answer before the client reads it.
        var scratch = [UInt8](repeating: 0, count: 4096)
        while scratch.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        let bytes = RequestHead.response(status: status, reason: reason)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) }
        shutdown(fd, Int32(SHUT_WR))
        closing.append(Closing(fd: fd, deadline: Self.now() + 1))
        if closing.count > Self.maxWaiting { close(closing.removeFirst().fd) }
    }
}

/// How many connections libmicrohttpd serves now, told by `MHD_OPTION_NOTIFY_CONNECTION`
/// (`notifyConnection`), so the front answers 503 itself rather than hand over a connection
/// libmicrohttpd would close unanswered. `@unchecked Sendable`: the count is under `gate`.
final class ServedConnections: @unchecked Sendable {
    private let gate = Gate()
    private var count = 0

    /// A connection started (+1) or closed (-1).
    func change(by delta: Int) { gate.locked { count += delta } }

    /// The connections served now.
    var current: Int { gate.locked { count } }
}

/// libmicrohttpd's notice of a connection started or closed, counted in the `ServedConnections` of `cls`.
let notifyConnection: MHD_NotifyConnectionCallback = { cls, _, _, toe in
    guard let cls else { return }
    Unmanaged<ServedConnections>.fromOpaque(cls).takeUnretainedValue().change(by: toe.rawValue == 0 ? 1 : -1)
}
