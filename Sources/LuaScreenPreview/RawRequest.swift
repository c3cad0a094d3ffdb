import LuaScreenCore

/// A request's bytes, read the way the server reads them: the front's check of the head
/// (`RequestHead`), then the method, path, query, headers and body as libmicrohttpd hands
/// them to the handler (path and query values percent-decoded, `+` in the query a space,
/// header names lower-cased, the body cut at `Content-Length` and capped). For
/// `PreviewServer.respond(raw:port:)`: the fuzzer and tests drive the whole of request
/// handling without a socket. `Sendable`: a namespace.
enum RawRequest {
    /// The request of `bytes`, or the response the server sends without asking the handler
    /// (the front's refusal, a body over `HTTPServer.maxBody`).
    static func read(_ bytes: [UInt8]) -> Result<HTTPRequest, HTTPResponseRefusal> {
        switch RequestHead.check(bytes) {
        case .incomplete:
            return .failure(HTTPResponseRefusal(.text(408, "the request's head did not arrive within \(Int(ConnectionFront.headerSeconds)) seconds")))
        case .refuse(let status, let reason):
            return .failure(HTTPResponseRefusal(.text(status, reason)))
        case .pass:
            break
        }
        var end = 0
        while !(bytes[end] == 0x0D && bytes[end + 1] == 0x0A && bytes[end + 2] == 0x0D && bytes[end + 3] == 0x0A) { end += 1 }
        let lines = bytes[..<end].split(separator: 0x0D).map { $0.first == 0x0A ? $0.dropFirst() : $0 }
        let parts = lines[0].split(separator: 0x20, omittingEmptySubsequences: false)
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = parts[1]
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let path = decode(target[..<(question ?? target.endIndex)], plusIsSpace: false)
        var query: [String: String] = [:]
        if let question {
            for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&")) {
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = decode(pair[..<(equals ?? pair.endIndex)], plusIsSpace: true)
                let value = equals.map { decode(pair[($0 + 1)...], plusIsSpace: true) } ?? ""
                if query[name] == nil { query[name] = value }
            }
        }
        var headers: [String: String] = [:]
        var length = 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)[...].trimmingCharacters()
            if headers[name] == nil { headers[name] = value }
            if name == "content-length" { length = Int(value) ?? Int.max }
        }
        if length > HTTPServer.maxBody {
            return .failure(HTTPResponseRefusal(.text(413, "request body larger than \(HTTPServer.maxBody) bytes")))
        }
        let body = Array(bytes[(end + 4)...].prefix(length))
        return .success(HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
    }

    /// `%XX` decoded (a bad escape kept as it is), `+` a space where `plusIsSpace`.
    private static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = hexDigitValue(bytes[i + 1]), let low = hexDigitValue(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
                continue
            }
            out.append(plusIsSpace && b == UInt8(ascii: "+") ? 0x20 : b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A response the server sends without its handler (`RawRequest.read`). `Sendable`.
struct HTTPResponseRefusal: Error, Sendable {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}

extension PreviewServer {
    /// The response the server sends for the bytes of one request (`RawRequest`), the front's
    /// checks, the guard, the routes and the session's answer included, without sockets or
    /// threads: for fuzzing and tests. Call it on the session's thread; the guard expects
    /// the Host `127.0.0.1:port` and this server's token (`token`).
    public func respond(raw bytes: [UInt8], port: Int) -> HTTPResponse {
        switch RawRequest.read(bytes) {
        case .success(let request): return respond(request, port: port)
        case .failure(let refusal): return refusal.response
        }
    }
}
