import XCTest
import LuaScreen
import LuaScreenLSP

final class TextDocumentTests: XCTestCase {
    func testPositionsCountUTF16() {
        let doc = TextDocument(uri: "file:///x.lua", version: 1, text: "a😀é = 1\nrow")
        // 😀 is two UTF-16 units and four bytes; é one unit and two bytes.
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 3)), 5)
        XCTAssertEqual(doc.offset(of: Position(line: 0, character: 4)), 7)
        XCTAssertEqual(doc.position(of: 7), Position(line: 0, character: 4))
        XCTAssertEqual(doc.offset(of: Position(line: 1, character: 2)), 14)
        XCTAssertEqual(doc.offset(of: Position(line: 9, character: 0)), doc.bytes.count)
    }

    func testIncrementalChangesApplyInUTF16() {
        var doc = TextDocument(uri: "file:///x.lua", version: 1, text: "text = \"😀\", txt = 1\n")
        doc.apply(ContentChange(range: LSPRange(start: Position(line: 0, character: 13), end: Position(line: 0, character: 16)), text: "style"))
        XCTAssertEqual(doc.text, "text = \"😀\", style = 1\n")
    }

    func testOutlineReadsTextThatDoesNotParse() {
        let outline = Outline(bytes: Array("return screen { id = \"s\", section { toggle { key = \"wifi\", on_change = function(ctx) ctx.store.".utf8))
        XCTAssertEqual(outline.nodes.map(\.constructor), ["screen", "section", "toggle"])
        XCTAssertEqual(outline.keyFields.map(\.key), ["wifi"])
        XCTAssertEqual(outline.screenIDs.map(\.id), ["s"])
        XCTAssertEqual(outline.enclosingConstructor(outline.tokens.last!.end), 2)
    }

    func testDiagnosticCodesAndSuggestions() {
        XCTAssertEqual(Diagnostic.suggestion(inErrorText: "unknown field \"txt\" (did you mean \"text\"?)"), "text")
        XCTAssertNil(Diagnostic.suggestion(inErrorText: "missing required field \"text\""))
    }
}
