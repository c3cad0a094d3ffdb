/// The check of a request's head (its request line and headers) that the server's front
/// (`ConnectionFront`) makes on the bytes a connection sent, before libmicrohttpd reads them:
/// only a head libmicrohttpd will accept without an error page of its own passes, so every
/// refusal is answered by the front, with the security headers (`SecurityHeaders`), and
/// libmicrohttpd's own 400/431/505 pages (which carry none) are never sent.
/// `Sendable`: a namespace.
package enum RequestHead {
    /// The most bytes a head may take (request line, headers, the blank line): 431 beyond.
    package static let maxBytes = 16 * 1024
    /// The longest request target (the path and query).
    static let maxTarget = 8 * 1024

    /// What the front does with the bytes seen so far. `Sendable`: a plain value.
    package enum Verdict: Equatable, Sendable {
        /// The head is not whole yet and nothing in it is wrong so far: wait for more.
        case incomplete
        /// A whole head libmicrohttpd accepts: hand the connection on.
        case pass
        /// Answer `status` with `reason` and close.
        case refuse(status: Int, reason: String)
    }

    /// The verdict on `bytes`, the start of what a connection sent (its head may end inside).
    package static func check(_ bytes: [UInt8]) -> Verdict {
        let end = headEnd(bytes)
        let head = bytes[..<(end ?? min(bytes.count, maxBytes + 1))]
        if end == nil, bytes.count > maxBytes {
            return .refuse(status: 431, reason: "the request's headers are larger than \(maxBytes) bytes")
        }
        // Lines end in CRLF; a bare CR or LF, or a NUL, is refused at once.
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var i = head.startIndex
        while i < head.endIndex {
            let b = head[i]
            if b == 0 { return .refuse(status: 400, reason: "the request holds a NUL byte") }
            if b == 0x0A { return .refuse(status: 400, reason: "a line of the request ends in a bare LF (lines end in CRLF)") }
            if b == 0x0D {
                guard i + 1 < head.endIndex else { break }  // the LF may come next
                guard head[i + 1] == 0x0A else { return .refuse(status: 400, reason: "a bare CR in the request") }
                lines.append(head[start..<i])
                i += 2
                start = i
                continue
            }
            i += 1
        }
        if let first = lines.first {
            if let refusal = checkRequestLine(first) { return refusal }
        } else if let refusal = checkPartialRequestLine(head[start...]) {
            return refusal
        }
        guard end != nil else { return .incomplete }
        let version11 = lines[0].suffix(8).elementsEqual("HTTP/1.1".utf8)
        var hosts = 0
        var lengths = 0
        for line in lines.dropFirst().dropLast() {  // the last is the blank line
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .refuse(status: 400, reason: "a header line without a colon")
            }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .refuse(status: 400, reason: "a header name that is not a token (no spaces, no folding)")
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .refuse(status: 400, reason: "a header value holds a control character")
            }
            let lower = String(decoding: name.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }, as: UTF8.self)
            let trimmed = value.drop(while: { $0 == 0x20 || $0 == 0x09 }).reversed().drop(while: { $0 == 0x20 || $0 == 0x09 }).reversed()
            switch lower {
            case "host":
                hosts += 1
                guard !trimmed.isEmpty else { return .refuse(status: 400, reason: "an empty Host header") }
            case "content-length":
                lengths += 1
                guard !trimmed.isEmpty, trimmed.count <= 12, trimmed.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return .refuse(status: 400, reason: "a Content-Length that is not a number")
                }
            case "transfer-encoding":
                return .refuse(status: 400, reason: "Transfer-Encoding is not accepted; send a Content-Length")
            case "expect":
                // libmicrohttpd would answer `100 Continue`, a response without the security
                // headers; browsers never send Expect, curl only for bodies past `maxBody`.
                return .refuse(status: 417, reason: "Expect is not accepted; send the body with the request")
            default:
                break
            }
        }
        if hosts > 1 { return .refuse(status: 400, reason: "more than one Host header") }
        if lengths > 1 { return .refuse(status: 400, reason: "more than one Content-Length header") }
        if version11 && hosts == 0 { return .refuse(status: 400, reason: "an HTTP/1.1 request without a Host header") }
        return .pass
    }

    /// The index just past the blank line that ends the head, if it is within `maxBytes`.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        let limit = min(bytes.count, maxBytes)
        guard limit >= 4 else { return nil }
        var i = 0
        while i + 3 < limit {
            if bytes[i] == 0x0D && bytes[i + 1] == 0x0A && bytes[i + 2] == 0x0D && bytes[i + 3] == 0x0A { return i + 4 }
            i += 1
        }
        return nil
    }

    /// `METHOD SP TARGET SP HTTP/1.x`: a token, an origin-form target of visible ASCII, and
    /// HTTP/1.0 or HTTP/1.1 (another version is 505).
    private static func checkRequestLine(_ line: ArraySlice<UInt8>) -> Verdict? {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .refuse(status: 400, reason: "the request line is not METHOD PATH VERSION") }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard !method.isEmpty, method.count <= 20, method.allSatisfy(isTokenByte) else {
            return .refuse(status: 400, reason: "the method is not a token")
        }
        guard target.first == UInt8(ascii: "/"), target.count <= maxTarget, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .refuse(status: 400, reason: "the request target is not a path of visible ASCII")
        }
        if version.elementsEqual("HTTP/1.1".utf8) || version.elementsEqual("HTTP/1.0".utf8) { return nil }
        if version.starts(with: "HTTP/".utf8) {
            return .refuse(status: 505, reason: "HTTP version not supported (HTTP/1.0 and HTTP/1.1 are)")
        }
        return .refuse(status: 400, reason: "the request line does not end in an HTTP version")
    }

    /// The request line so far, not yet ended: wrong already when it starts with a space or
    /// holds a byte no request line may hold, or its target is too long.
    private static func checkPartialRequestLine(_ line: ArraySlice<UInt8>) -> Verdict? {
        guard let first = line.first else { return nil }
        if !isTokenByte(first) { return .refuse(status: 400, reason: "the request line does not start with a method") }
        if line.count > maxTarget + 64 { return .refuse(status: 414, reason: "the request target is longer than \(maxTarget) bytes") }
        if line.contains(where: { $0 < 0x20 && $0 != 0x0D || $0 == 0x7F }) {
            return .refuse(status: 400, reason: "the request line holds a control character")
        }
        return nil
    }

    /// A byte of an HTTP token (RFC 9110 `tchar`).
    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// The bytes of a whole response the front sends itself: `status` with `reason` as
    /// plain text, the security headers, and `Connection: close`.
    static func response(status: Int, reason: String) -> [UInt8] {
        let phrase: String
        switch status {
        case 400: phrase = "Bad Request"
        case 408: phrase = "Request Timeout"
        case 414: phrase = "URI Too Long"
        case 417: phrase = "Expectation Failed"
        case 431: phrase = "Request Header Fields Too Large"
        case 503: phrase = "Service Unavailable"
        case 505: phrase = "HTTP Version Not Supported"
        default: phrase = "Error"
        }
        let body = reason + "\n"
        var text = "HTTP/1.1 \(status) \(phrase)\r\n"
        for (name, value) in SecurityHeaders.all { text += "\(name): \(value)\r\n" }
        text += "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        return Array((text + body).utf8)
    }
}
