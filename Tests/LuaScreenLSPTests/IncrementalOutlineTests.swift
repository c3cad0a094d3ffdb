import XCTest
import LuaScreen
import LuaScreenLSP

/// The outline made again from an earlier one and the edits since (what completion right
/// after an edit reads) is the outline of the whole new text, whatever the edit: inside a
/// string, opening or closing one, a comment, a long bracket, a name grown or split.
final class IncrementalOutlineTests: XCTestCase {
    private func assertSame(_ a: Outline, _ b: Outline, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.tokens, b.tokens, what, file: file, line: line)
        XCTAssertEqual(a.nodes, b.nodes, what, file: file, line: line)
        XCTAssertEqual(a.storeUses, b.storeUses, what, file: file, line: line)
        XCTAssertEqual(a.keyFields.map(\.key), b.keyFields.map(\.key), what, file: file, line: line)
        XCTAssertEqual(a.screenIDs.map(\.id), b.screenIDs.map(\.id), what, file: file, line: line)
    }

    /// `text` with `start..<end` replaced by `insert`, outlined both ways.
    private func check(_ text: String, _ start: Int, _ end: Int, _ insert: String, file: StaticString = #filePath, line: UInt = #line) {
        let old = Array(text.utf8)
        var new = old
        new.replaceSubrange(start..<end, with: Array(insert.utf8))
        let edit = Outline.Edit(start: start, oldEnd: end, newEnd: start + insert.utf8.count)
        let incremental = Outline(bytes: new, editing: Outline(bytes: old), by: edit)
        assertSame(incremental, Outline(bytes: new), "\(text.debugDescription) [\(start)..<\(end)] <- \(insert.debugDescription)", file: file, line: line)
    }

    func testEditsOfEveryKindGiveTheWholeTextsOutline() {
        let text = """
            return screen { id = "s", title = "S", -- a comment
              section { toggle { key = "wifi", text = 'Wi-Fi' }, row { text = [[long
              text]], detail = function(ctx) return ctx.store.wifi and "on" or "off" end } },
            }
            """
        let bytes = Array(text.utf8)
        let inserts = ["", "x", "\"", "'", "--", "--[[", "]]", "[[", "{", "}", " ", "\n", "-", "[=[", "end", "k = \"v\","]
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<600 {
            let start = next(bytes.count + 1)
            let end = min(bytes.count, start + next(6))
            // Whole UTF-8 characters only (the text is ASCII).
            check(text, start, end, inserts[next(inserts.count)])
        }
    }

    func testTypingInStringsAndNumbersMovesTheTables() {
        let text = "return screen { id = \"s\", section { number { key = \"n\", default = 12 }, row { text = \"a\", detail = \"b\" },\n  row { text = \"c\", on_select = function(ctx) ctx.store[\"n\"] = ctx.store.n + 1 end } } }\n"
        let bytes = Array(text.utf8)
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\"") || (b >= 48 && b <= 57) {
            for insert in ["x", "", "7", "é", "\\\""] {
                check(text, i + 1 <= bytes.count ? i + (b == UInt8(ascii: "\"") ? 1 : 0) : i, i + (b == UInt8(ascii: "\"") ? 1 : 0), insert)
                check(text, i, min(bytes.count, i + 1), insert)
            }
        }
    }

    func testEditsMadeOneAfterAnotherAreOneEdit() {
        var text = "return screen { id = \"s\", section { row { text = \"a\" }, row { text = \"b\" } } }"
        let first = Outline(bytes: Array(text.utf8))
        var edit: Outline.Edit?
        for (start, end, insert) in [(50, 51, "x"), (10, 10, "  "), (60, 70, ""), (3, 5, "[[")] {
            var bytes = Array(text.utf8)
            bytes.replaceSubrange(start..<end, with: Array(insert.utf8))
            text = String(decoding: bytes, as: UTF8.self)
            let e = Outline.Edit(start: start, oldEnd: end, newEnd: start + insert.utf8.count)
            edit = edit.map { $0.then(e) } ?? e
            assertSame(Outline(bytes: bytes, editing: first, by: edit!), Outline(bytes: bytes), text)
        }
    }
}

/// The outline follows an edit in place when only strings and numbers changed, and says it
/// did not when more did (the server then makes it again when asked).
final class OutlineInPlaceTests: XCTestCase {
    func testInPlaceOnlyForStringsAndNumbers() {
        let text = "return screen { id = \"s\", section { toggle( { key = \"k\", default = 1 }) } }"
        let bytes = Array(text.utf8)
        func offset(_ s: String, _ plus: Int = 0) -> Int { text.utf8.distance(from: text.startIndex, to: text.range(of: s)!.lowerBound) + plus }
        // In a string, in a number, blanks between `(` and `{`: in place; a brace, a name grown: not.
        for (insert, start, inPlace) in [("x", offset("\"k\"", 1), true), ("2", offset("1"), true), ("  ", offset("( {", 1), true),
                                         ("{", offset("( {", 1), false), ("y", offset("toggle", 1), false)] {
            var new = bytes
            new.insert(contentsOf: Array(insert.utf8), at: start)
            var outline = Outline(bytes: bytes)
            let done = outline.edit(bytes: new, by: Outline.Edit(start: start, oldEnd: start, newEnd: start + insert.utf8.count), rebuild: false)
            XCTAssertEqual(done, inPlace, insert)
            if done {
                XCTAssertEqual(outline.tokens, Outline(bytes: new).tokens)
                XCTAssertEqual(outline.nodes, Outline(bytes: new).nodes)
            }
        }
    }
}
