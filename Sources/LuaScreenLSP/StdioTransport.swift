#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a server on file descriptors (standard input and output): reads with `poll` so a
/// body whose `Content-Length` promised more than came is handed over after `stallSeconds`
/// without input, writes each framed reply whole. A namespace.
public enum StdioTransport {
    /// Serves until `exit` or the end of input; the exit status (0 after `shutdown` then
    /// `exit`, or when the input ends; 1 for `exit` without `shutdown`).
    public static func serve(_ server: LanguageServer, input: Int32 = 0, stallSeconds: Double = 1.0) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        server.startChecker()
        defer { server.stop() }
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var events: [MessageFramer.Event] = []
        func deliver() -> Int32? {
            var queue = events[...]
            events = []
            while let event = queue.popFirst() {
                switch event {
                case .body(let body):
                    server.handle(body: body)
                    if let status = server.exitStatus { return status }
                case .problem(let text):
                    server.respondError(nil, ResponseError(code: ResponseError.parseError, message: text))
                }
            }
            return nil
        }
        while true {
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, Int32(stallSeconds * 1000))
            if ready < 0 {
                if errno == EINTR { continue }
                return 0
            }
            if ready == 0 {
                events += framer.stalled()
                if let status = deliver() { return status }
                continue
            }
            let n = read(input, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                events += framer.stalled()
                return deliver() ?? 0
            }
            events += framer.feed(buffer[0..<n])
            if let status = deliver() { return status }
        }
    }

    /// Writes all of `data` to `fd` (standard output).
    public static func writer(fd: Int32 = 1) -> @Sendable (Data) -> Void {
        { data in
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += n
                }
            }
        }
    }
}
