import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore

/// The session's verbs: one `apply`, and REPL text that reads back as it was written.
final class SessionVerbTests: XCTestCase {
    func testAReferenceReadsBackAsTheRowItNames() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "9", "_", "-", ".", " ", "\"", "'", "é", "日", "set", "1", "all"]
        for _ in 0..<5000 {
            let id = (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for always in [false, true] {
                let written = ReplSyntax.reference(id, quoteAlways: always)
                XCTAssertEqual(ReplSyntax.unquoted(written), id, "\(id) written as \(written)")
                // Written unquoted only when it is one word that is not a number.
                if written == id { XCTAssertFalse(id.contains(" ") || id.allSatisfy(\.isNumber)) }
            }
        }
    }

    func testEveryVerbWritesACommandOfTheTable() {
        for verb in SessionVerb.everyKind {
            let lines = verb.replLines
            let (word, _) = ReplSyntax.splitFirstWord(lines[0])
            XCTAssertTrue(ReplCommands.words.contains(word), "\(verb) writes \(lines[0])")
            XCTAssertTrue(verb.luaCall.hasPrefix("s:\(verb.luaMethod)("), verb.luaCall)
        }
        XCTAssertEqual(SessionVerb.action(row: "r", id: "x", answer: false).replLines, ["action \"r\" x", "n"])
        XCTAssertEqual(SessionVerb.select(row: "Font size", answer: nil).replLines, ["select \"Font size\""])
        XCTAssertEqual(SessionVerb.remove(row: nil, at: 2).luaCall, "s:remove(2)")
        XCTAssertEqual(SessionVerb.select(row: "wifi", answer: true).luaCall, "s:select(\"wifi\")")
    }

    func testApplyRunsTheVerbOnTheSession() throws {
        let session = try openSession("""
            return screen { id = "root", title = "T",
              section {
                toggle { id = "wifi", text = "Wi-Fi", key = "wifi", default = false },
                number { id = "size", text = "Size", key = "size", default = 2, min = 1, max = 5 },
                list { id = "names", text = "Names", key = "names" },
              } }
            """)
        defer { session.close() }
        try SessionVerb.select(row: "wifi", answer: nil).apply(to: session)
        XCTAssertEqual(session.store.value(for: "wifi"), .bool(true))
        try SessionVerb.inc(row: "size").apply(to: session)
        XCTAssertEqual(session.store.value(for: "size"), .integer(3))
        try SessionVerb.add(row: "names", text: "Ann").apply(to: session)
        try SessionVerb.add(row: "names", text: "Bo").apply(to: session)
        try SessionVerb.move(row: "names", from: 2, to: 1).apply(to: session)
        XCTAssertEqual(session.store.value(for: "names"), .list([.string("Bo"), .string("Ann")]))
        try SessionVerb.resetAll.apply(to: session)
        XCTAssertNil(session.store.value(for: "wifi"))
        XCTAssertThrowsError(try SessionVerb.dec(row: "wifi").apply(to: session))
    }

    func testTheTableHasEachWordOnceWithWhatItNeeds() {
        XCTAssertEqual(Set(ReplCommands.words).count, ReplCommands.words.count)
        for word in ReplCommands.words {
            let info = ReplCommands.word(word)!
            switch info.argument {
            case .row, .rowAndText, .text: XCTAssertNotNil(info.usage, "\(word) needs an argument and says nothing when it is missing")
            case .nothing, .optionalRow, .optionalText: XCTAssertNil(info.usage, word)
            }
        }
        XCTAssertEqual(ReplCommands.valueWords, ["inc", "dec", "add", "remove", "move", "edit", "action"])
    }
}

/// A session's errors say what they came from without their message being read.
final class SessionErrorCauseTests: XCTestCase {
    func testAMissingRowAndARaisingCallbackCarryTheirCause() throws {
        let session = try openSession("""
            return screen { id = "root", title = "T",
              section { row { id = "go", text = "Go", on_select = function(ctx) error("no network") end } } }
            """)
        defer { session.close() }
        XCTAssertThrowsError(try session.select("nothing")) { error in
            XCTAssertEqual((error as? SessionError)?.cause, .noRow(reference: "nothing"))
        }
        XCTAssertThrowsError(try session.select("go")) { error in
            guard case .lua(let lua)? = (error as? SessionError)?.cause else { return XCTFail("\(error)") }
            XCTAssertEqual(lua.location?.line, 2)
            XCTAssertTrue(lua.message.hasSuffix("no network"), lua.message)
        }
    }

    func testStoreErrorsSayWhenAnotherStoreIsTheWayOut() {
        XCTAssertTrue(StoreError.notRegularFile(path: "v.json").advisesAnotherStore)
        XCTAssertTrue(StoreError.readOnly(path: "v.json", blocked: "/ro", reason: "Read-only file system").advisesAnotherStore)
        XCTAssertFalse(StoreError.readOnly(path: "v.json", blocked: nil, reason: "opened to read").advisesAnotherStore)
        XCTAssertFalse(StoreError.damaged(path: "v.json", reason: "x").advisesAnotherStore)
        for error in [StoreError.notRegularFile(path: "v"), .fileTooLarge(path: "v", size: 1 << 30),
                      .readOnly(path: "v", blocked: "/ro", reason: "r")] {
            XCTAssertTrue(error.description.hasSuffix(StoreError.anotherStoreAdvice), error.description)
        }
    }
}
