import Foundation
import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenTooling

final class DocumentCheckTests: XCTestCase {
    func testUnsavedTextAndModulesFromBuffersComeBeforeTheDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doccheck-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/main.lua"
        try "return screen { title = \"On disk\" }".write(toFile: script, atomically: true, encoding: .utf8)
        try "return { row { text = \"ok\" } }".write(toFile: folder + "/rows.lua", atomically: true, encoding: .utf8)
        let text = Array("local rows = require(\"rows\")\nreturn screen { title = \"T\", section { rows = rows } }\n".utf8)
        var options = SessionOptions(print: { _ in })
        XCTAssertEqual(DocumentCheck.diagnostics(path: script, text: text, options: options), [])
        options.moduleSource = { path in
            path.hasSuffix("/rows.lua") ? Array("return {\n  row { txt = \"unsaved\" } }".utf8) : nil
        }
        let found = DocumentCheck.diagnostics(path: script, text: text, options: options)
        XCTAssertEqual(found.map(\.line), [2, 2])
        XCTAssertTrue(found.allSatisfy { $0.file.hasSuffix("rows.lua") }, "\(found)")
        XCTAssertTrue(found.contains { $0.message.contains("unknown field \"txt\"") })
    }

    func testTestFilesAreCompiledNotRun() {
        let found = DocumentCheck.diagnostics(path: "/tmp/x_test.lua", text: Array("test(\"a\", function() end\n".utf8), options: SessionOptions(print: { _ in }))
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].message.hasPrefix("syntax error"), found[0].message)
        XCTAssertEqual(DocumentCheck.diagnostics(path: "/tmp/x_test.lua", text: Array("while true do end".utf8), options: SessionOptions(print: { _ in })), [])
    }

    func testEditorDocsListFieldsAndEnumValues() {
        XCTAssertTrue(EditorDocs.fields(of: "toggle").contains { $0.name == "key" && $0.required })
        XCTAssertEqual(EditorDocs.enumValues(of: "style", in: "row"), ["value1", "value2", "subtitle"])
        XCTAssertEqual(EditorDocs.enumValues(of: "text", in: "row"), [])
        XCTAssertTrue(EditorDocs.contextMethods.contains { $0.name == "push" })
    }
}
