import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// SPEC §8: the `date` and `time` kinds and `input { multiline = true }`.
final class DateTimeTextTests: XCTestCase {
    let script = """
        return screen { id = "d", title = "Quiet",
          section {
            time { text = "Quiet from", key = "quiet_start", default = "22:00" },
            time { text = "Quiet until", key = "quiet_end", default = "07:00", min = "05:00" },
            date { text = "Trial ends", key = "trial", min = "2026-01-01", max = "2027-12-31" },
            input { text = "Notes", key = "notes", multiline = true },
            input { text = "Name", key = "name" },
          } }
        """

    func testDayTimeForms() {
        XCTAssertEqual(DayTime.date("2026-11-30"), "2026-11-30")
        XCTAssertEqual(DayTime.date("2024-2-29"), "2024-02-29")
        XCTAssertNil(DayTime.date("2026-02-30"))
        XCTAssertNil(DayTime.date("2100-02-29"))
        XCTAssertNil(DayTime.date("2026-13-01"))
        XCTAssertNil(DayTime.date("26-11-30"))
        XCTAssertEqual(DayTime.time("9:05"), "09:05")
        XCTAssertNil(DayTime.time("25:00"))
        XCTAssertNil(DayTime.time("12:60"))
        XCTAssertNil(DayTime.time("12:5"))
    }

    func testDatesAndTimesAreCheckedOnEveryWrite() throws {
        let s = try openSession(script)
        XCTAssertEqual(s.value(for: "quiet_start"), .string("22:00"))
        XCTAssertEqual(s.value(for: "trial"), .string("2026-01-01"), "without a default: min")
        XCTAssertThrowsError(try s.set("Quiet from", text: "25:00"))
        XCTAssertThrowsError(try s.set("Quiet until", text: "04:59")) { XCTAssertTrue("\($0)".contains("before the earliest 05:00"), "\($0)") }
        XCTAssertThrowsError(try s.set("Trial ends", text: "2026-02-30")) { XCTAssertTrue("\($0)".contains("not a real day"), "\($0)") }
        XCTAssertThrowsError(try s.set("Trial ends", text: "2028-01-01"))
        try s.set("Quiet from", text: "9:30")
        XCTAssertEqual(s.store.value(for: "quiet_start"), .string("09:30"))
        try s.set("Trial ends", text: "2026-11-30")
        XCTAssertEqual(s.store.value(for: "trial"), .string("2026-11-30"))
        XCTAssertThrowsError(try s.evaluate("ctx.store.trial = '2026-02-30'", expression: false))
        XCTAssertThrowsError(try s.select("Trial ends")) { XCTAssertEqual(($0 as? SessionError)?.kind, .needsValue) }
    }

    func testMultilineInputs() throws {
        let s = try openSession(script)
        try s.set("Notes", text: "first\\nsecond")
        XCTAssertEqual(s.store.value(for: "notes"), .string("first\nsecond"), "REPL text reads \\n as a newline")
        XCTAssertEqual(try s.lookup("Notes").detail, "first…")
        try s.set("Notes", value: .string("one line\n"))
        XCTAssertEqual(try s.lookup("Notes").detail, "one line", "… only when more lines follow")
        try s.set("Name", text: "a\\nb")
        XCTAssertEqual(s.store.value(for: "name"), .string("a\\nb"), "a one-line input takes the text as typed")
        XCTAssertThrowsError(try s.set("Name", value: .string("a\nb"))) { XCTAssertTrue("\($0)".contains("is one line"), "\($0)") }
    }

    func testDateDiagnostics() {
        let d = diagnostics("""
            return screen { title = "T", section {
              date { text = "A", key = "a", min = "2026-02-30" },
              time { text = "B", key = "b", default = "7pm" },
              time { text = "C", key = "c", min = "10:00", max = "09:00" },
              input { text = "D", key = "d", multilne = true },
            } }
            """).map { $0.description }
        XCTAssertTrue(d.contains { $0.contains("min: \"2026-02-30\" is not a real day") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("the default \"7pm\" is not a time HH:MM") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("min (10:00) is later than max (09:00)") }, "\(d)")
        XCTAssertTrue(d.contains { $0.contains("unknown field \"multilne\" (did you mean \"multiline\"?)") }, "\(d)")
    }
}
