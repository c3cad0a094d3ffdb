/// The headers every preview response carries: nothing may frame, sniff, cache or refer
/// from the page, and scripts load from the page's own origin only. No CORS header is
/// ever sent, so no other origin may read an answer.
package enum SecurityHeaders {
    package static let all: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]
}

/// The checks every request passes before it reaches the session (SPEC §17), in order:
/// `Host` (DNS rebinding), `Origin` (another site's page), the token (anything but the page
/// and its static files), the method, and the body's type. `Sendable`: a plain value.
public struct RequestGuard: Sendable {
    /// The port the server listens on (`Host` must name it).
    public var port: Int
    /// The secret of this run (hex, 256 bits).
    public var token: String

    /// The checks for a server on `port` whose secret is `token`.
    public init(port: Int, token: String) {
        self.port = port
        self.token = token
    }

    /// The paths served without the token: the page and its static files (a browser never
    /// sends the URL's fragment, so the page cannot carry it when first asked for).
    public static let publicPaths: Set<String> = ["/", "/index.html", "/app.js", "/map.js", "/app.css", "/favicon.ico"]

    /// What a request is refused with, or nil when it may go on. `allowed` lists the methods
    /// the path takes.
    public func refusal(_ request: HTTPRequest, allowed: [String]) -> HTTPResponse? {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers["host"]?.lowercased(), hosts.contains(host) else {
            return .text(403, "forbidden: the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
        }
        if let origin = request.headers["origin"] {
            guard hosts.contains(where: { "http://" + $0 == origin.lowercased() }) else {
                return .text(403, "forbidden: requests from another origin (\(origin.prefix(80))) are refused")
            }
        }
        if request.headers["sec-fetch-site"] == "cross-site" {
            return .text(403, "forbidden: cross-site requests are refused")
        }
        if !RequestGuard.publicPaths.contains(request.path) {
            guard let given = presentedToken(request), constantTimeEqual(given, token) else {
                return .text(403, "forbidden: this request needs the token of the URL luascreen preview printed")
            }
        }
        guard allowed.contains(request.method) else {
            return HTTPResponse(status: 405, contentType: "text/plain; charset=utf-8",
                                body: Array("method \(request.method.prefix(16)) not allowed here\n".utf8),
                                headers: [("Allow", allowed.joined(separator: ", "))])
        }
        if request.method == "POST" {
            let type = request.headers["content-type"]?.lowercased() ?? ""
            guard type.hasPrefix("application/json") else {
                return .text(415, "a POST carries application/json")
            }
        }
        return nil
    }

    /// The token of the `X-Luascreen-Token` header, else of the `luascreen_token` cookie.
    func presentedToken(_ request: HTTPRequest) -> String? {
        if let header = request.headers["x-luascreen-token"] { return header }
        guard let cookie = request.headers["cookie"] else { return nil }
        for part in cookie.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters() }
            if pair.count == 2, pair[0] == "luascreen_token" { return pair[1] }
        }
        return nil
    }

    /// Compares without stopping at the first difference (the time says nothing of the token).
    func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// A fresh token: 256 bits from the system's random source, as hex.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next()
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}

extension Substring {
    /// Without spaces at either end.
    func trimmingCharacters() -> String {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
