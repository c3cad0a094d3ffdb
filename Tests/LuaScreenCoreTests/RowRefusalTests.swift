import XCTest
import LuaScreen
import LuaScreenTestSupport

/// A hidden or disabled row, or one that wants a value, is refused with a typed `RowRefusal`
/// whose message is the error's, naming the verb that answers it.
final class RowRefusalTests: XCTestCase {
    func testEachRefusalIsTypedAndItsMessageIsTheErrors() throws {
        let session = try openSession("""
            return screen { id = "root", title = "T", section {
              toggle { text = "Wifi", key = "wifi", default = false },
              row { id = "net", text = "Network", enabled = function(ctx) return ctx.store.wifi end, push = "root" },
              row { id = "secret", text = "Secret", visible = false },
              number { text = "Volume", key = "volume", default = 1, min = 0, max = 10 },
              date { id = "day", text = "Day", key = "day", default = "2026-01-01" },
            } }
            """)
        defer { session.close() }
        func refusal(_ reference: String) -> (RowRefusal?, SessionError?) {
            do { try session.select(reference) } catch let error as SessionError {
                if case .refusal(let r)? = error.cause { return (r, error) }
                return (nil, error)
            } catch { XCTFail("\(error)") }
            return (nil, nil)
        }
        let (disabled, e1) = refusal("Network")
        XCTAssertEqual(disabled, .disabled(text: "Network", reference: "2"))
        XCTAssertEqual(e1?.message, "row \"Network\" is disabled; `why 2` tells why")
        XCTAssertEqual(e1?.kind, .refused)
        let (hidden, e2) = refusal("secret")
        XCTAssertEqual(hidden, .hidden(text: "Secret", reference: "secret"))
        XCTAssertEqual(e2?.message, "row \"Secret\" is hidden; `why secret` tells why")
        let (value, e3) = refusal("Volume")
        XCTAssertEqual(value, .needsValue(text: "Volume", kind: .number, reference: "3"))
        XCTAssertEqual(e3?.kind, .needsValue)
        XCTAssertEqual(e3?.message, "\"Volume\" is a number row: give its new value with set 3 VALUE")
        XCTAssertEqual(refusal("Day").1?.message, "\"Day\" is a date row: give its new value with set 4 VALUE (YYYY-MM-DD)")
        // In a test file's words: the session's methods, not the REPL's commands.
        XCTAssertEqual(disabled?.testMessage, "row \"Network\" is disabled; `s:why(\"2\")` tells why")
        XCTAssertEqual(hidden?.testMessage, "row \"Secret\" is hidden; `s:why(\"secret\")` tells why")
        XCTAssertEqual(value?.testMessage, "\"Volume\" is a number row: give its new value with s:set(\"3\", VALUE)")
        XCTAssertEqual(e1?.inTestTerms.message, disabled?.testMessage)
    }
}
