import XCTest
import LuaScreenLSP

final class MessageFramerTests: XCTestCase {
    func frame(_ s: String) -> [UInt8] { Array("Content-Length: \(s.utf8.count)\r\n\r\n\(s)".utf8) }

    func testSplitsMessagesFedByteByByte() {
        var framer = MessageFramer()
        var events: [MessageFramer.Event] = []
        for b in frame("{\"a\":1}") + frame("{}") { events += framer.feed([b]) }
        XCTAssertEqual(events, [.body(Array("{\"a\":1}".utf8)), .body(Array("{}".utf8))])
    }

    func testOversizedBodyIsSkippedNotHeld() {
        var framer = MessageFramer(maxBody: 10)
        var events = framer.feed(Array("Content-Length: 100\r\n\r\n".utf8))
        events += framer.feed([UInt8](repeating: 65, count: 100))
        events += framer.feed(frame("{}"))
        XCTAssertEqual(events.count, 2)
        guard case .problem(let text) = events[0] else { return XCTFail("\(events)") }
        XCTAssertTrue(text.contains("100 bytes"), text)
        XCTAssertEqual(events[1], .body(Array("{}".utf8)))
    }

    func testHeaderWithoutLengthAndGarbageAreProblems() {
        var framer = MessageFramer()
        let events = framer.feed(Array("garbage\r\nContent-Type: x\r\n\r\nContent-Length: x1\r\n\r\n".utf8) + frame("{}"))
        XCTAssertEqual(events.last, .body(Array("{}".utf8)))
        XCTAssertEqual(events.filter { if case .problem = $0 { return true } else { return false } }.count, 2, "\(events)")
    }

    func testStalledBodyIsHandedOver() {
        var framer = MessageFramer()
        XCTAssertEqual(framer.feed(Array("Content-Length: 50\r\n\r\n{}".utf8)), [])
        XCTAssertTrue(framer.isInsideBody)
        XCTAssertEqual(framer.stalled(), [.body(Array("{}".utf8))])
        XCTAssertEqual(framer.feed(frame("[]")), [.body(Array("[]".utf8))])
    }
}

/// A `Content-Length` that lies long: the framer ends the body at the next header line, at
/// once, however the bytes are cut.
final class LyingLengthTests: XCTestCase {
    func frame(_ s: String) -> [UInt8] { Array("Content-Length: \(s.utf8.count)\r\n\r\n\(s)".utf8) }

    func testTheNextHeaderEndsABodyWhoseLengthLiedLong() {
        let next = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}"
        for (length, body, header) in [(100, "{\"jsonrpc\":\"2.0\"}", "Content-Length"), (5000, "{}", "content-length"),
                                       (1 << 20, "{\"a\":\n1}", "CONTENT-LENGTH")] {
            let input = Array("Content-Length: \(length)\r\n\r\n\(body)".utf8)
                + Array("\(header):  \(next.utf8.count)\r\nContent-Type: x\r\n\r\n\(next)".utf8)
            for step in [1, 3, 7, input.count] {
                var framer = MessageFramer()
                var events: [MessageFramer.Event] = []
                var i = 0
                while i < input.count {
                    events += framer.feed(input[i..<min(i + step, input.count)])
                    i += step
                }
                XCTAssertEqual(events, [.body(Array(body.utf8)), .body(Array(next.utf8))], "length \(length), step \(step)")
            }
        }
    }

    func testAnOversizedLengthThatLiedEndsAtTheNextHeaderToo() {
        let input = Array("Content-Length: 99999999999\r\n\r\n{\"jsonrpc\":\"2.0\"}".utf8) + frame("{}") + frame("[]")
        for step in [1, 5, input.count] {
            var framer = MessageFramer(maxBody: 1000)
            var events: [MessageFramer.Event] = []
            var i = 0
            while i < input.count {
                events += framer.feed(input[i..<min(i + step, input.count)])
                i += step
            }
            XCTAssertEqual(events.count, 3, "\(events)")
            XCTAssertEqual(Array(events.dropFirst()), [.body(Array("{}".utf8)), .body(Array("[]".utf8))], "step \(step)")
        }
        // One that stopped short: the next message after a pause is read.
        var framer = MessageFramer(maxBody: 10)
        XCTAssertEqual(framer.feed(Array("Content-Length: 50\r\n\r\nabc".utf8)).count, 1)
        XCTAssertEqual(framer.stalled(), [])
        XCTAssertEqual(framer.feed(Array("{}".utf8) + frame("[]")).last, .body(Array("[]".utf8)))
    }

    func testHeaderTextInsideAJSONStringIsBody() {
        // In a JSON string the header has no raw line break after its digits: it is text.
        let body = "{\"text\":\"Content-Length: 12\\r\\n\\r\\nContent-Length: 3 x\"}"
        var framer = MessageFramer()
        XCTAssertEqual(framer.feed(frame(body) + frame("{}")), [.body(Array(body.utf8)), .body(Array("{}".utf8))])
    }
}
