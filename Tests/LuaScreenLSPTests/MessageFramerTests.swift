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
