import XCTest
import LuaScreenPreview

/// The checks every preview request passes (SPEC §17), one refusal each; the HTTP-level
/// tests (Tests/cli/test_preview_http.py) send the same requests to a real server.
final class RequestGuardTests: XCTestCase {
    private let rules = RequestGuard(port: 8123, token: String(repeating: "ab", count: 32))

    private func request(_ method: String = "GET", _ path: String = "/api/state", headers: [String: String] = [:],
                         token: Bool = true) -> HTTPRequest {
        var all = ["host": "127.0.0.1:8123"]
        if token { all["x-luascreen-token"] = rules.token }
        for (k, v) in headers { all[k] = v }
        return HTTPRequest(method: method, path: path, query: [:], headers: all, body: [])
    }

    func testAGoodRequestPasses() {
        XCTAssertNil(rules.refusal(request(), allowed: ["GET"]))
        XCTAssertNil(rules.refusal(request(headers: ["host": "localhost:8123", "origin": "http://localhost:8123"]), allowed: ["GET"]))
    }

    func testHost() {
        for host in ["evil.example:8123", "127.0.0.1", "127.0.0.1:8124", "localhost", "127.0.0.1:8123.evil"] {
            XCTAssertEqual(rules.refusal(request(headers: ["host": host]), allowed: ["GET"])?.status, 403, host)
            XCTAssertEqual(rules.refusal(request("GET", "/", headers: ["host": host], token: false), allowed: ["GET"])?.status, 403, host)
        }
        var noHost = request()
        noHost.headers["host"] = nil
        XCTAssertEqual(rules.refusal(noHost, allowed: ["GET"])?.status, 403)
    }

    func testOrigin() {
        for origin in ["http://evil.example", "http://127.0.0.1:9", "null", "https://127.0.0.1:8123"] {
            XCTAssertEqual(rules.refusal(request(headers: ["origin": origin]), allowed: ["GET"])?.status, 403, origin)
        }
        XCTAssertEqual(rules.refusal(request(headers: ["sec-fetch-site": "cross-site"]), allowed: ["GET"])?.status, 403)
    }

    func testToken() {
        XCTAssertEqual(rules.refusal(request(token: false), allowed: ["GET"])?.status, 403)
        XCTAssertEqual(rules.refusal(request(headers: ["x-luascreen-token": String(repeating: "ab", count: 31)]), allowed: ["GET"])?.status, 403)
        XCTAssertNil(rules.refusal(request(headers: ["cookie": "a=b; luascreen_token=\(rules.token)"], token: false), allowed: ["GET"]))
        for path in RequestGuard.publicPaths {
            XCTAssertNil(rules.refusal(request("GET", path, token: false), allowed: ["GET"]), path)
        }
    }

    func testMethodAndType() {
        let refused = rules.refusal(request("DELETE"), allowed: ["GET", "HEAD"])
        XCTAssertEqual(refused?.status, 405)
        XCTAssertEqual(refused?.headers.first { $0.0 == "Allow" }?.1, "GET, HEAD")
        XCTAssertEqual(rules.refusal(request("POST", "/api/do", headers: ["content-type": "text/plain"]), allowed: ["POST"])?.status, 415)
        XCTAssertNil(rules.refusal(request("POST", "/api/do", headers: ["content-type": "application/json"]), allowed: ["POST"]))
    }

    func testTokensAreLongAndFresh() {
        let a = RequestGuard.makeToken(), b = RequestGuard.makeToken()
        XCTAssertEqual(a.count, 64)
        XCTAssertTrue(a.allSatisfy(\.isHexDigit))
        XCTAssertNotEqual(a, b)
    }

    func testNoCORSHeader() {
        XCTAssertFalse(SecurityHeaders.all.contains { $0.0.lowercased().hasPrefix("access-control") })
    }
}
