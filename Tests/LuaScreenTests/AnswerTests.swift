import XCTest
import LuaScreen
import LuaScreenTestSupport

/// `why` and `help` answer with values an embedder reads, not text to parse.
final class AnswerTests: XCTestCase {
    let script = """
        return screen { id = "main", title = "Main",
          section { id = "net",
            toggle { key = "wifi", text = "Wi-Fi", default = false },
            row { id = "network", text = "Network", help = "Where you connect",
                  enabled = function(ctx) return ctx.store.wifi end },
            choice { key = "mode", text = "Mode", default = "a", options = { "a", "b" } },
          },
          section { id = "extra", visible = false, row { id = "more", text = "More" } },
        }
        """

    let folder = ScriptFolder()

    func open() throws -> Session {
        let path = folder.write("answers.lua", script)
        return try Session.open(path: path, options: SessionOptions(print: { _ in }))
    }

    func testWhyNamesTheStateTheFieldAndTheValuesRead() throws {
        let s = try open()
        defer { s.close() }
        let answer = try s.why("network")
        guard case .row(let text) = answer.subject else { return XCTFail("\(answer.subject)") }
        XCTAssertEqual(text, "Network")
        XCTAssertEqual(answer.findings.count, 1)
        guard case .unmet(let unmet) = answer.findings[0] else { return XCTFail("\(answer.findings)") }
        XCTAssertEqual(unmet.state, .disabled)
        XCTAssertEqual(unmet.field, "enabled")
        guard case .returnedFalse(let reads, let function, let madeBy) = unmet.verdict else { return XCTFail("\(unmet.verdict)") }
        XCTAssertEqual(reads, [ValueRead(key: "wifi", value: .bool(false))])
        XCTAssertEqual(function?.line, 5)
        XCTAssertNil(madeBy)

        try s.select("wifi")
        guard case .shown(let enabled, let passed) = try s.why("network").findings.first else { return XCTFail() }
        XCTAssertTrue(enabled)
        XCTAssertEqual(passed.map(\.field), ["enabled"])
        XCTAssertEqual(passed.first?.reads, [ValueRead(key: "wifi", value: .bool(true))])
    }

    func testWhyOfAHiddenSection() throws {
        let s = try open()
        defer { s.close() }
        let answer = try s.why("extra")
        guard case .section(let id) = answer.subject else { return XCTFail("\(answer.subject)") }
        XCTAssertEqual(id, "extra")
        guard case .unmet(let unmet)? = answer.findings.first, case .falseInScript = unmet.verdict else {
            return XCTFail("\(answer.findings)")
        }
        XCTAssertEqual(unmet.state, .hidden)
        guard case .section("extra") = try s.why(section: "extra").subject else { return XCTFail() }
        guard case .shown(false, _)? = try s.why(section: "net").findings.first else { return XCTFail() }
        XCTAssertThrowsError(try s.why(section: "network"), "a row's id is not a section's")
    }

    func testHelpGivesTheRowItsValueItsOptionsAndWhy() throws {
        let s = try open()
        defer { s.close() }
        let network = try s.help("Network")
        XCTAssertEqual(network.row?.id, "network")
        XCTAssertEqual(network.help, "Where you connect")
        XCTAssertNotNil(network.why, "disabled: help says why")
        let mode = try s.help("mode")
        XCTAssertEqual(mode.row?.kind, .choice)
        XCTAssertEqual(mode.value, .string("a"))
        XCTAssertEqual(mode.options?.map(\.option.value), [.string("a"), .string("b")])
        XCTAssertNil(mode.why)
    }
}
