import XCTest
import LuaScreen
import LuaScreenLSP

/// JSON-RPC 2.0 as the server applies it: a message with an id is a request and gets exactly
/// one answer with that id; a message without one is a notification and gets none.
final class JSONRPCTests: XCTestCase {
    final class Output: @unchecked Sendable {
        var data = Data()
        /// The replies written since the last call, as JSON objects.
        func take() -> [[String: Any]] {
            var out: [[String: Any]] = []
            var rest = data[...]
            while let end = rest.firstRange(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
                let n = Int(header.dropFirst("Content-Length: ".count))!
                let body = rest[end.upperBound..<end.upperBound + n]
                out.append(try! JSONSerialization.jsonObject(with: Data(body)) as! [String: Any])
                rest = rest[(end.upperBound + n)...]
            }
            data = Data()
            return out
        }
    }

    func server() -> (LanguageServer, Output) {
        let output = Output()
        let server = LanguageServer(limits: LuaLimits(), version: "test") { output.data.append($0) }
        server.handle(body: Array("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}".utf8))
        XCTAssertEqual(output.take().count, 1)
        return (server, output)
    }

    func send(_ server: LanguageServer, _ json: String) { server.handle(body: Array(json.utf8)) }

    func testRequestsAreAnsweredWithTheirOwnIdWhateverTheMethod() {
        let (server, output) = server()
        let symbols = "\"params\":{\"textDocument\":{\"uri\":\"file:///nowhere.lua\"}}"
        for (id, written) in [("7", 7 as Any), ("\"abc\"", "abc"), ("1.5", 1.5), ("-3", -3)] {
            send(server, "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"textDocument/documentSymbol\",\(symbols)}")
            // A notification's method sent with an id is a request too.
            send(server, "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"initialized\",\"params\":{}}")
            send(server, "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"$/cancelRequest\",\"params\":{\"id\":1}}")
            send(server, "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"no/such\"}")
            let replies = output.take()
            XCTAssertEqual(replies.count, 4, "\(replies)")
            for reply in replies { XCTAssertEqual("\(reply["id"]!)", "\(written)", "\(reply)") }
            XCTAssertEqual((replies[3]["error"] as? [String: Any])?["code"] as? Int, -32601)
        }
    }

    func testRequestMethodsSentWithoutAnIdAreNotAnsweredNorRun() {
        let (server, output) = server()
        for method in ["textDocument/hover", "textDocument/documentSymbol", "shutdown", "no/such", "initialize"] {
            send(server, "{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\",\"params\":{\"textDocument\":{\"uri\":\"file:///x.lua\"},\"position\":{\"line\":0,\"character\":0}}}")
        }
        XCTAssertEqual(output.take().count, 0)
        // `shutdown` as a notification shut nothing down: requests are answered, and `exit` is 1.
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"textDocument/documentSymbol\",\"params\":{\"textDocument\":{\"uri\":\"file:///x.lua\"}}}")
        XCTAssertEqual((output.take().first?["result"] as? [Any])?.count, 0)
        send(server, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}")
        XCTAssertEqual(server.exitStatus, 1)
    }

    func testShutdownRequestThenExitIsZeroAndLaterRequestsAreRefused() {
        let (server, output) = server()
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"shutdown\"}")
        XCTAssertEqual(output.take().first?["id"] as? String, "s")
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":{}}")
        let refused = output.take()
        XCTAssertEqual(refused.first?["id"] as? Int, 2)
        XCTAssertEqual((refused.first?["error"] as? [String: Any])?["code"] as? Int, -32600)
        send(server, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}")
        XCTAssertEqual(server.exitStatus, 0)
    }

    func testOnlyAnUnreadableIdIsAnsweredWithNull() {
        let (server, output) = server()
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"shutdown\"}")
        send(server, "[1,2]")
        send(server, "{not json")
        let replies = output.take()
        XCTAssertEqual(replies.map { ($0["error"] as? [String: Any])?["code"] as? Int }, [-32600, -32600, -32700])
        XCTAssertTrue(replies.allSatisfy { $0["id"] is NSNull }, "\(replies)")
        // An id without a method (and no result: no response) is an invalid request, answered with its id.
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":31}")
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":32,\"result\":null}")  // a response: nothing to answer
        let invalid = output.take()
        XCTAssertEqual(invalid.map { $0["id"] as? Int }, [31])
        // A second initialize is refused, with its id.
        send(server, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":{}}")
        let again = output.take()
        XCTAssertEqual(again.first?["id"] as? Int, 9)
        XCTAssertNotNil(again.first?["error"])
    }
}
