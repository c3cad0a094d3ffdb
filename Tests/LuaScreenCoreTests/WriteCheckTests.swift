import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel

/// SPEC §6: every write to a bound key is checked against its row, whatever its source.
final class WriteCheckTests: XCTestCase {
    let script = """
        return screen { id = "k", title = "Kernel",
          section {
            number { text = "CPUs", key = "NR_CPUS", default = 8, min = 1, max = 512 },
            choice { text = "Timer", key = "HZ", options = { 100, 250, 1000 }, default = 250 },
            number { text = "Volume", key = "vol", min = 0, max = 10, step = 0.5 },
            input { text = "Name", key = "name", max_length = 5,
                    validate = function(v) if v:find("%d") then return "no digits" end end },
            toggle { text = "Wifi", key = "wifi" },
            button { text = "Loud", on_select = function(ctx) ctx:alert("before"); ctx.store.vol = 99 end },
            button { text = "Digits", on_select = function(ctx) ctx.store.name = "a1" end },
            button { text = "Fine", on_select = function(ctx) ctx.store.vol = 7.5; ctx.store.free = 99 end },
          } }
        """

    func refusal(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            try body()
            XCTFail("no error", file: file, line: line)
            return ""
        } catch let error as SessionError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    func testCallbackWriteOutsideTheRangeFailsAndIsRolledBack() throws {
        let s = try openSession(script)
        let message = refusal { try s.select("Loud") }
        XCTAssertTrue(message.contains("ctx.store.vol: 99 is above the maximum 10 of \"Volume\""), message)
        XCTAssertNil(s.store.value(for: "vol"))
        XCTAssertEqual(s.messages, [], "the alert of a failed callback is discarded")
        let digits = refusal { try s.select("Digits") }
        XCTAssertTrue(digits.contains("\"Name\": no digits"), digits)
        try s.select("Fine")
        XCTAssertEqual(s.store.value(for: "vol"), .number(7.5))
        XCTAssertEqual(s.store.value(for: "free"), .integer(99), "keys no row binds take any value")
    }

    func testPromptLuaWritesAreChecked() throws {
        let s = try openSession(script)
        XCTAssertTrue(refusal { _ = try s.evaluate("ctx.store.NR_CPUS = 9999", expression: false) }.contains("above the maximum 512"))
        XCTAssertTrue(refusal { _ = try s.evaluate("ctx.store.HZ = 123", expression: false) }.contains("not an option of \"Timer\""))
        XCTAssertTrue(refusal { _ = try s.evaluate("ctx.store.vol = 7.3", expression: false) }.contains("off the grid from 0 in steps of 0.5"))
        XCTAssertTrue(refusal { _ = try s.evaluate("ctx.store.name = 'toolong'", expression: false) }.contains("at most 5 characters"))
        XCTAssertTrue(refusal { _ = try s.evaluate("ctx.store.wifi = 'yes'", expression: false) }.contains("toggle"))
        XCTAssertNil(s.store.value(for: "NR_CPUS"))
        XCTAssertNil(s.store.value(for: "HZ"))
        _ = try s.evaluate("ctx.store.HZ = 1000", expression: false)
        XCTAssertEqual(s.store.value(for: "HZ"), .integer(1000))
        _ = try s.evaluate("ctx.store.NR_CPUS = nil", expression: false)
    }

    func testSessionSetIsChecked() throws {
        let s = try openSession(script)
        XCTAssertTrue(refusal { try s.set("CPUs", value: .integer(0)) }.contains("below the minimum 1"))
        XCTAssertTrue(refusal { try s.set("Name", text: "ab3") }.contains("no digits"))
        try s.set("Name", text: "abc")
        XCTAssertEqual(s.store.value(for: "name"), .string("abc"))
    }

    func testAStoredValueBreakingItsRowWarnsOnceAndUsesTheDefault() throws {
        let s = try openSession(script, store: [("NR_CPUS", .integer(9999)), ("HZ", .integer(123)), ("vol", .number(7.3))])
        XCTAssertEqual(s.value(for: "NR_CPUS"), .integer(8))
        XCTAssertEqual(s.value(for: "NR_CPUS"), .integer(8))
        XCTAssertEqual(s.value(for: "HZ"), .integer(250))
        XCTAssertEqual(s.value(for: "vol"), .integer(0))
        let cpuWarnings = s.warnings.filter { $0.contains("\"NR_CPUS\"") }
        XCTAssertEqual(cpuWarnings.count, 1, "\(s.warnings)")
        XCTAssertTrue(cpuWarnings[0].contains("above the maximum 512"), cpuWarnings[0])
        XCTAssertEqual(s.store.value(for: "NR_CPUS"), .integer(9999), "the stored value is kept, not rewritten")
        let screen = s.currentScreen()
        XCTAssertEqual(screen.sections[0].rows[0].detail, "8")
    }

    func testSeededStoreIsCheckedLikeAWrite() throws {
        let s = try openSession(script, store: [("NR_CPUS", .integer(9999))])
        XCTAssertTrue(refusal { try s.checkStoredValues() }.contains("store value for \"NR_CPUS\": 9999 is above the maximum 512"))
        let ok = try openSession(script, store: [("NR_CPUS", .integer(16)), ("name", .string("ab"))])
        XCTAssertNoThrow(try ok.checkStoredValues())
        let digits = try openSession(script, store: [("name", .string("a1"))])
        XCTAssertTrue(refusal { try digits.checkStoredValues() }.contains("no digits"))
    }
}
