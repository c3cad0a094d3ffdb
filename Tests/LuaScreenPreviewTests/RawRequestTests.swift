import XCTest
import LuaScreenPreview
import LuaScreen

/// The whole of request handling from raw bytes, without sockets (`respond(raw:port:)`, what
/// FuzzPreview drives): the front's check of the head, integer windows that would overflow,
/// and the security headers on every answer, refusals included.
final class RawRequestTests: XCTestCase {
    private var folder = ""
    private var server: PreviewServer!

    override func setUpWithError() throws {
        var template = Array("/tmp/luascreen-raw-XXXXXX".utf8CString)
        folder = String(cString: mkdtemp(&template)!)
        let path = folder + "/app.lua"
        try Array("""
        return screen { id = "m", title = "M", section { toggle { id = "wifi", text = "Wi-Fi", key = "wifi" } } }
        """.utf8).withUnsafeBytes { bytes in
            let file = fopen(path, "w")!
            fwrite(bytes.baseAddress, 1, bytes.count, file)
            fclose(file)
        }
        server = PreviewServer(session: try Session.open(path: path, options: SessionOptions(store: MemoryStore(), print: { _ in })))
    }

    override func tearDown() {
        server?.session.close()
        _ = try? FileManager.default.removeItem(atPath: folder)
    }

    private func send(_ head: String, body: String = "") -> HTTPResponse {
        server.respond(raw: Array((head + "\r\n\r\n" + body).utf8), port: 8080)
    }

    private func get(_ target: String) -> HTTPResponse {
        send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Luascreen-Token: \(server.token)")
    }

    func testWindowsThatWouldOverflowAreClamped() throws {
        for query in ["from=9223372036854775807&count=500&hidden=1", "from=-9223372036854775808&count=9223372036854775807",
                      "from=99999999999999999999&count=99999999999999999999&hidden=1", "from=x&count=1e400"] {
            let response = get("/api/state?" + query)
            XCTAssertEqual(response.status, 200, query)
            let state = try JSONValue.parse(response.body)
            guard case .object(let screen)? = state["screen"] else { return XCTFail(query) }
            XCTAssertTrue(screen.contains { $0.key == "total" }, query)
        }
        let body = #"{"op":"home","window_from":9223372036854775807,"window_count":500,"hidden":true}"#
        let response = send("POST /api/do HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Luascreen-Token: \(server.token)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)", body: body)
        XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
    }

    func testHeadsLibmicrohttpdWouldRefuseAreRefusedWithTheSecurityHeaders() {
        let host = "Host: 127.0.0.1:8080"
        let cases: [(String, Int)] = [
            ("GET / HTTP/2.0\r\n\(host)", 505),
            ("GET / HTTP/1.1", 400),                                   // no Host
            ("GET / HTTP/1.1\r\n\(host)\r\n\(host)", 400),             // two
            ("GET / HTTP/1.1\r\n\(host)\r\nno colon here", 400),
            ("GET / HTTP/1.1\r\n\(host)\r\nX-A: a\r\n folded", 400),
            ("GET http://evil/ HTTP/1.1\r\n\(host)", 400),
            ("GET / HTTP/1.1\r\n\(host)\r\nContent-Length: 1x", 400),
            ("GET / HTTP/1.1\r\n\(host)\r\nTransfer-Encoding: chunked", 400),
            ("GET / HTTP/1.1\r\n\(host)\r\nX-Big: " + String(repeating: "a", count: 20_000), 431),
        ]
        for (head, status) in cases {
            let response = send(head)
            XCTAssertEqual(response.status, status, head.prefix(60).description)
            let names = Set(response.allHeaders.map { $0.0 })
            for (name, _) in SecurityHeaders.all { XCTAssertTrue(names.contains(name), "\(status) without \(name)") }
        }
        XCTAssertEqual(get("/").status, 200)
    }

    func testTheHeadCheckWaitsForAWholeHeadAndRefusesEarly() {
        XCTAssertEqual(RequestHead.check(Array("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8)), .incomplete)
        XCTAssertEqual(RequestHead.check(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)), .pass)
        XCTAssertEqual(RequestHead.check(Array("GET / HTTP/1.0\r\n\r\n".utf8)), .pass)
        guard case .refuse(400, _) = RequestHead.check(Array("GET / HTTP/1.1\n".utf8)) else { return XCTFail("a bare LF") }
        guard case .refuse(400, _) = RequestHead.check([0x16, 0x03, 0x01]) else { return XCTFail("TLS") }
        guard case .refuse(431, _) = RequestHead.check(Array(repeating: UInt8(ascii: "a"), count: RequestHead.maxBytes + 1))
        else { return XCTFail("too long") }
    }
}
