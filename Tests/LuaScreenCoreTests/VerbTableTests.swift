import XCTest
import Foundation
import LuaScreen
import LuaScreenCore

/// The verb table: each verb spelled once in Sources, and the REPL's words made from it.
final class VerbTableTests: XCTestCase {
    /// Where a verb's spelling may appear outside the table because it names something else
    /// there, file by file (paths from Sources/). A new file spelling a verb fails the guard.
    static let otherMeanings: [String: Set<String>] = {
        // a field of a script's tables, read by the loader and shown by dump and `help`
        let scriptFields = ["LuaScreenCore/Loader/OptionsReader.swift", "LuaScreenCore/Loader/SymbolRulesReader.swift",
                            "LuaScreenCore/Loader/FieldNames.swift", "LuaScreenCore/Loader/RowReader.swift",
                            "LuaScreenCore/Loader/RowActionsReader.swift", "LuaScreenCore/Session/RowTable.swift",
                            "LuaScreenCore/Session/Dump.swift", "LuaScreenCore/Session/RowActions.swift",
                            "LuaScreenCore/Session/ValueKinds.swift", "LuaScreenCore/Session/Find.swift"]
        // Kconfig's keywords
        let kconfig = ["LuaScreenKconfig/KconfigReader.swift", "LuaScreenKconfig/KconfigLuaWriter.swift", "LuaScreenKconfig/KconfigLexer.swift"]
        // ctx's methods (ctx:home(), ctx:reload(), ctx:reset(...)) and the scaffold's script
        let ctx = ["LuaScreenCore/Session/ContextMethods.swift", "LuaScreenCore/Session/ContextInstall.swift",
                   "LuaScreenTooling/APIDocs.swift", "LuaScreenTooling/Scaffold.swift"]
        // the preview page's element ids and classes (#back, #find, .why, .remove)
        let page = ["LuaScreenPreview/Page/PageScript.swift", "LuaScreenPreview/Page/PageRows.swift", "LuaScreenPreview/Page/PageHTML.swift"]
        // Lua's library functions (string.find, table.remove, table.move, os.remove)
        let lua = ["LuaScreenTesting/TestGlobals.swift", "CLuaShim/lsguard_string.c", "CLuaShim/lsguard_table.c",
                   "LuaScreenCore/Session/SessionError.swift"]
        // the command line's `luascreen help`
        let cli = ["luascreen/Options.swift", "luascreen/Completions.swift"]
        // the preview request's field holding an action's id
        let requestField = ["LuaScreenCore/Verbs/Verb.swift"]
        // the preview state's fields of a row's presentation (its accessory, its actions)
        let presentation = ["LuaScreenPreview/PresentationJSON.swift"]
        return [
            "select": Set(scriptFields + kconfig), "accessory": Set(scriptFields + presentation), "actions": Set(scriptFields + presentation),
            "action": Set(scriptFields + requestField), "help": Set(scriptFields + kconfig + cli),
            "home": Set(ctx), "reload": Set(ctx), "reset": Set(ctx),
            "back": Set(page), "why": Set(page), "find": Set(page + lua), "remove": Set(page + lua), "move": Set(lua),
        ]
    }()

    func testEachVerbIsSpelledOnceInSources() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var texts: [String: String] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where ["swift", "c", "h"].contains(url.pathExtension) {
            texts[String(url.path.dropFirst(sources.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
        }
        let table = "LuaScreenCore/Verbs/VerbTable.swift"
        XCTAssertNotNil(texts[table])
        XCTAssertGreaterThan(texts.count, 100)
        for verb in Verb.allCases {
            let quoted = "\"\(verb.name)\""
            XCTAssertEqual(texts[table]!.components(separatedBy: quoted).count - 1, 1, "\(quoted) in the table")
            let elsewhere = Set(texts.filter { $0.key != table && $0.value.contains(quoted) }.keys)
            let allowed = VerbTableTests.otherMeanings[verb.name] ?? []
            XCTAssertTrue(elsewhere.isSubset(of: allowed), "\(quoted) is spelled in \(elsewhere.subtracting(allowed).sorted()): use Verb.\(verb).name")
        }
    }

    func testEveryVerbHasOneEntryFoundByItsName() {
        XCTAssertEqual(Set(VerbTable.entries.map(\.verb)), Set(Verb.allCases))
        XCTAssertEqual(VerbTable.entries.count, Verb.allCases.count)
        for verb in Verb.allCases {
            XCTAssertEqual(Verb(named: verb.name), verb)
            XCTAssertEqual(verb.entry.verb, verb)
            XCTAssertFalse(verb.entry.summary.isEmpty, verb.name)
        }
        XCTAssertNil(Verb(named: "format-disk"))
        // The queries change nothing.
        XCTAssertEqual(Set(Verb.allCases.filter { $0.entry.isQuery }), [.why, .help, .find, .actions, .go])
    }

    func testTheREPLsVerbWordsAreExactlyTheTablesREPLVerbs() {
        let words = ReplCommands.entries.flatMap(\.words)
        XCTAssertEqual(words.compactMap(\.verb).count, VerbTable.replVerbs.count)
        XCTAssertEqual(Set(words.compactMap(\.verb)), Set(VerbTable.replVerbs))
        for word in words {
            guard let verb = word.verb else {
                XCTAssertNil(Verb(named: word.name), "\(word.name) is a verb: take it from the table")
                continue
            }
            XCTAssertEqual(word.name, verb.name)
            XCTAssertEqual(word.usage, verb.entry.repl?.usage)
        }
        // A help line of verbs shows their synopses.
        XCTAssertEqual(ReplCommands.entry(of: Verb.inc.name)?.synopsis, "inc REF, dec REF")
    }

    func testAVerbWritesItsTableName() {
        for verb in SessionVerb.everyKind {
            XCTAssertEqual(verb.luaMethod, verb.verb.name)
            if verb != .resetAll { XCTAssertEqual(ReplSyntax.splitFirstWord(verb.replLines[0]).word, verb.verb.name) }
        }
        XCTAssertEqual(SessionVerb.resetAll.replLines, ["reset all"])
    }
}
