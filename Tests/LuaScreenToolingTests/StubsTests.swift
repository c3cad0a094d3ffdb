import Foundation
import XCTest
import LuaScreen
import LuaScreenTestSupport
import ScreenModel
import LuaScreenTooling
import LuaScreenCore
import LuaScreenTesting

/// The classes and constructors of the generated LuaLS stubs, read back from their text.
private struct ParsedStubs {
    var parents: [String: String] = [:]
    var fields: [String: [String: String]] = [:]   // class -> field -> type
    var constructors: [String: String] = [:]       // constructor -> class of its parameter
    var functions: Set<String> = []

    init(_ text: String) {
        var current: String?
        var pendingParam: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("---@class ") {
                let rest = line.dropFirst("---@class ".count)
                let parts = rest.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                current = parts[0]
                fields[parts[0]] = [:]
                if parts.count > 1 { parents[parts[0]] = parts[1] }
            } else if line.hasPrefix("---@field "), let current {
                let words = line.dropFirst("---@field ".count).split(separator: " ", maxSplits: 2).map(String.init)
                var name = words[0]
                if name == "[integer]" { continue }
                if name.hasSuffix("?") { name.removeLast() }
                fields[current]![name] = words.count > 1 ? words[1] : ""
            } else if line.isEmpty {
                current = nil
            } else if line.hasPrefix("---@param t ") {
                pendingParam = String(line.dropFirst("---@param t ".count))
            } else if line.hasPrefix("function "), let open = line.firstIndex(of: "(") {
                let name = String(line[line.index(line.startIndex, offsetBy: 9)..<open])
                functions.insert(name)
                if let pendingParam { constructors[name] = pendingParam }
                pendingParam = nil
            }
        }
    }

    /// A class's fields with its parent's.
    func allFields(_ className: String) -> Set<String> {
        var names = Set(fields[className]?.keys.map { $0 } ?? [])
        if let parent = parents[className] { names.formUnion(allFields(parent)) }
        return names
    }
}

final class StubsTests: XCTestCase {
    fileprivate let stubs = ParsedStubs(Stubs.luaLS(version: "test"))

    /// The fields a kind of table accepts, asked of the validator itself: one script a kind
    /// with every field any kind has, and the ones reported as unknown taken away.
    func fieldsTheValidatorAccepts(_ constructor: String, candidates: Set<String>) throws -> Set<String> {
        // Fields that keep the table loadable hold a usable value; the others hold `true`.
        let fixed: [String: String]
        switch constructor {
        case "app": fixed = ["screens": "{ screen { id = \"a\", title = \"A\" } }", "root": "\"a\""]
        case "screen": fixed = ["title": "\"T\""]
        case "section": fixed = [:]
        default: fixed = ["text": "\"x\""]
        }
        let tried = candidates.subtracting(["type"]).sorted()
        let fields = tried.map { "\($0) = \(fixed[$0] ?? "true")" }
            + fixed.filter { !tried.contains($0.key) }.map { "\($0.key) = \($0.value)" }
        let table = "\(constructor) { \(fields.joined(separator: ", ")) }"
        let source: String
        switch constructor {
        case "app", "screen": source = "return " + table
        case "section": source = "return screen { title = \"T\", \(table) }"
        default: source = "return screen { title = \"T\", section { \(table) } }"
        }
        let unknown = Set(diagnostics(source).compactMap { d -> String? in
            guard d.message.hasPrefix("unknown field \"") else { return nil }
            return d.message.dropFirst("unknown field \"".count).split(separator: "\"").first.map(String.init)
        })
        XCTAssertFalse(diagnostics(source).isEmpty && unknown.isEmpty && tried.count > 20,
                       "\(constructor): the validator reported nothing for \(source)")
        return Set(tried).subtracting(unknown).union(["type"])
    }

    func testEveryFieldTheValidatorAcceptsIsInTheStubsAndTheReverse() throws {
        XCTAssertEqual(Set(stubs.constructors.keys),
                       Set(["app", "screen", "section"] + RowKind.allCases.map(\.constructor)))
        // Every field any class names, and one that no kind has.
        let everyField = stubs.fields.values.reduce(into: Set<String>()) { $0.formUnion($1.keys) }.union(["bogus_field"])
        for (constructor, className) in stubs.constructors.sorted(by: { $0.key < $1.key }) {
            let accepted = try fieldsTheValidatorAccepts(constructor, candidates: everyField)
            XCTAssertEqual(stubs.allFields(className).sorted(), accepted.sorted(), "\(constructor) (\(className))")
        }
    }

    func testEveryFieldAndFunctionIsDescribedAndNoDescriptionIsOfNothing() {
        let text = Stubs.luaLS(version: "test")
        XCTAssertFalse(text.contains("(not described yet)"), text.split(separator: "\n").filter { $0.contains("(not described yet)") }.joined(separator: "\n"))
        for kind in Stubs.kinds {
            for field in kind.fields {
                XCTAssertNotNil(FieldDocs.doc(field, of: kind.docKind), "\(kind.constructor).\(field) has no description in FieldDocs")
            }
        }
        // Every description is of a field some kind has.
        let qualified: [String] = Stubs.kinds.flatMap { kind in kind.fields.map { "\(kind.docKind).\($0)" } }
        let plain: [String] = Stubs.kinds.flatMap { kind in kind.fields }
        let rows: [String] = RowKind.allCases.flatMap { kind in FieldNames.row(kind).map { "\(kind.rawValue).\($0)" } }
        let known = Set(qualified + plain + rows)
        for key in FieldDocs.table.keys {
            XCTAssertTrue(known.contains(key), "FieldDocs describes \(key), which no kind has")
        }
        XCTAssertEqual(Set(APIDocs.contextMethods.keys), Set(Session.contextMethods.map(\.0)))
        XCTAssertEqual(Set(APIDocs.sessionMethods.keys), Set(TestFileRun.allSessionMethods.map(\.0)))
        // Every verb's test-session method (what --record and explore --out write) is installed.
        XCTAssertTrue(Set(SessionVerb.everyKind.map(\.luaMethod)).isSubset(of: Set(TestFileRun.allSessionMethods.map(\.0))))
        XCTAssertEqual(Set(APIDocs.testGlobals.keys), Set(TestFileRun.globals.map(\.0)))
        XCTAssertEqual(Set(Stubs.constructorDocs.keys), Set(stubs.constructors.keys))
    }

    /// The test session's verbs, the stubs' and the API docs' are exactly the verb table's
    /// (its verbs offered to tests), each written with the table's parameters and summary.
    func testTheSessionsVerbsAreTheTablesInTheStubsAndTheAPIDocs() {
        let verbs = VerbTable.verbs(in: .tests)
        let methods = TestFileRun.allSessionMethods.map(\.0)
        XCTAssertEqual(Array(methods.prefix(verbs.count)), verbs.map(\.name))
        XCTAssertEqual(Set(methods).intersection(Verb.allCases.map(\.name)), Set(verbs.map(\.name)),
                       "a session method spelled like a verb the table does not offer to tests")
        let text = Stubs.luaLS(version: "test")
        for verb in verbs {
            let entry = verb.entry
            let doc = APIDocs.sessionMethods[entry.name]
            XCTAssertEqual(doc?.params.map(\.name), entry.parameters.map(\.name), entry.name)
            XCTAssertEqual(doc?.params.map(\.type), entry.parameters.map(\.type), entry.name)
            XCTAssertEqual(doc?.returns, entry.returns, entry.name)
            XCTAssertEqual(doc?.text, entry.summary, entry.name)
            let params = (["self: luascreen.Session"] + entry.parameters.map { "\($0.name): \($0.type)" }).joined(separator: ", ")
            XCTAssertTrue(text.contains("---@field \(entry.name) fun(\(params))\(entry.returns.map { ": " + $0 } ?? "") \(entry.summary)"),
                          "s:\(entry.name) in the stubs")
        }
    }

    func testCtxSessionAndTestGlobalsAreInTheStubs() {
        let text = Stubs.luaLS(version: "test")
        let ctx = stubs.fields["luascreen.Ctx"] ?? [:]
        for name in Session.contextMethods.map(\.0) {
            XCTAssertTrue(text.contains("---@field \(name) fun(self: luascreen.Ctx"), "ctx:\(name)")
        }
        for name in ["store", "row", "screen"] { XCTAssertNotNil(ctx[name], "ctx.\(name)") }
        for name in TestFileRun.allSessionMethods.map(\.0) {
            XCTAssertTrue(text.contains("---@field \(name) fun(self: luascreen.Session"), "s:\(name)")
        }
        for name in TestFileRun.globals.map(\.0) { XCTAssertTrue(stubs.functions.contains(name), name) }
    }

    /// The constructors the stubs declare are the sandbox's, each making the kind it says.
    func testTheConstructorsAreTheSandboxs() throws {
        let standard: Set<String> = ["_G", "_VERSION", "assert", "error", "getmetatable", "ipairs", "load", "next", "pairs",
                                     "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
                                     "setmetatable", "tonumber", "tostring", "type", "warn", "xpcall"]
        let globals = Stubs.sandboxGlobals()
        let functions = Set(globals.filter { $0.1 == nil }.map(\.0)).subtracting(standard)
        XCTAssertEqual(functions, Set(stubs.constructors.keys))
        XCTAssertEqual(Set(globals.filter { $0.1 != nil }.map(\.0)), ["coroutine", "math", "os", "string", "table", "utf8"])
        XCTAssertFalse(globals.first { $0.0 == "string" }?.1?.contains("dump") ?? true)
    }

    func testTheLuacheckConfigNamesTheSandboxAndTheTestGlobals() {
        let config = Stubs.luacheck(version: "test")
        XCTAssertTrue(config.contains("stds.luascreen = {"))
        XCTAssertTrue(config.contains("    \"toggle\","), config)
        XCTAssertTrue(config.contains("    os = { fields = { \"clock\", \"date\", \"difftime\", \"time\" } },"), config)
        XCTAssertFalse(config.contains("\"io\""))
        XCTAssertTrue(config.contains("files[\"**/*_test.lua\"] = { std = \"luascreen+luascreen_test\" }"))
        for name in TestFileRun.globals.map(\.0) { XCTAssertTrue(config.contains("    \"\(name)\","), name) }
    }
}
