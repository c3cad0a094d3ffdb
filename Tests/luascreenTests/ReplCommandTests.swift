import XCTest
import LuaScreen
import LuaScreenCore
import luascreen

/// The REPL's line reader, against the library's table of commands and verbs.
final class ReplCommandTests: XCTestCase {
    let none: (String) -> Bool = { _ in false }

    func testAWordWithoutItsArgumentSaysHowToWriteIt() {
        for word in ["select", "set", "inc", "dec", "add", "edit", "action", "remove", "move", "accessory", "find", "go", "why", "reset", "lua"] {
            let usage = ReplCommands.word(word)?.usage
            XCTAssertNotNil(usage, word)
            XCTAssertEqual(ReplCommand.parse(word, resolves: none), .usage(usage!), word)
        }
    }

    func testAValueWordAloneNamesARowWhenThereIsOne() {
        XCTAssertEqual(ReplCommand.parse("inc", resolves: { $0 == "inc" }), .select("inc"))
        XCTAssertEqual(ReplCommand.parse("Back", resolves: none), .back)
        XCTAssertEqual(ReplCommand.parse("show previews", resolves: { $0 == "show previews" }), .select("show previews"))
        XCTAssertEqual(ReplCommand.parse("reset all", resolves: none), .resetAll)
        XCTAssertEqual(ReplCommand.parse("set 2 off", resolves: none), .set("2 off"))
    }

    func testEveryVerbsREPLLineReadsBackAsThatVerb() {
        let expected: [String: ReplCommand] = [
            "select": .select("r"), "accessory": .accessory("r"), "back": .back, "home": .home, "reset": .reset("r"),
            "reset_all": .resetAll, "reload": .reload, "inc": .inc("r"), "dec": .dec("r"),
        ]
        for verb in SessionVerb.everyKind {
            let line = verb.replLines[0]
            let command = ReplCommand.parse(line, resolves: none)
            if let want = expected[verb.luaMethod] {
                XCTAssertEqual(command, want, line)
            } else if case .usage = command {
                XCTFail("\(line) does not read back")
            }
        }
        XCTAssertEqual(ReplCommand.parse(SessionVerb.action(row: "Font size", id: "x", answer: nil).replLines[0], resolves: none),
                       .action("\"Font size\" x"))
    }

    /// The REPL reads exactly the table's REPL verbs: each word with an argument reads as a
    /// command of its own (not a row, not a usage), and no REPL-only word is a verb's name.
    func testTheREPLReadsEveryVerbOfTheTable() {
        for verb in VerbTable.replVerbs {
            let command = ReplCommand.parse("\(verb.name) x", resolves: none)
            XCTAssertNotEqual(command, .select("\(verb.name) x"), verb.name)
            if case .usage(let message) = command, !message.contains("takes nothing") { XCTFail("\(verb.name): \(message)") }
            XCTAssertNotNil(ReplCommands.word(verb.name)?.verb, verb.name)
        }
        let verbWords = Set(ReplCommands.words.filter { ReplCommands.word($0)?.verb != nil })
        XCTAssertEqual(verbWords, Set(VerbTable.replVerbs.map(\.name)))
        XCTAssertEqual(ReplCommand.parse("reset ALL", resolves: none), .resetAll)
        XCTAssertEqual(ReplCommand.parse("go 2", resolves: none), .go("2"))
    }
}
