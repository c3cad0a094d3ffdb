import ScreenModel
import XCTest

/// Row keeps its fields packed (88 bytes, BENCHMARKS.md "The model's size"): what is written
/// through its properties reads back the same whichever storage it lands in.
final class RowStorageTests: XCTestCase {
    func testARowIsEightyEightBytes() {
        XCTAssertEqual(MemoryLayout<Row>.size, 88)
        XCTAssertEqual(MemoryLayout<Row>.stride, 88)
    }

    func testLocationsReadBackWhole() {
        var row = Row(id: "a", kind: .text, text: .value("A"))
        XCTAssertNil(row.location)
        row.location = SourceLocation(file: "/tmp/screens/main.lua", line: 12)
        XCTAssertEqual(row.location, SourceLocation(file: "/tmp/screens/main.lua", line: 12))
        // A line past 32 bits is kept whole beside the rarer fields, and given back.
        let far = SourceLocation(file: "/tmp/screens/main.lua", line: Int(Int32.max) + 5)
        row.location = far
        XCTAssertEqual(row.location, far)
        row.location = SourceLocation(file: "lib/rows.lua", line: 3)
        XCTAssertEqual(row.location, SourceLocation(file: "lib/rows.lua", line: 3))
        // Back to a file numbered earlier (not the last one numbered), then the other again.
        row.location = SourceLocation(file: "/tmp/screens/main.lua", line: 40)
        XCTAssertEqual(row.location, SourceLocation(file: "/tmp/screens/main.lua", line: 40))
        var other = Row(id: "b", kind: .text, text: .value("B"))
        other.location = SourceLocation(file: "lib/rows.lua", line: 9)
        XCTAssertEqual(other.location, SourceLocation(file: "lib/rows.lua", line: 9))
        XCTAssertEqual(row.location, SourceLocation(file: "/tmp/screens/main.lua", line: 40))
        row.location = nil
        XCTAssertNil(row.location)
    }

    func testFilesAreToldApartByteForByte() {
        // "café" precomposed and decomposed are equal Swift strings but two paths.
        let composed = "/tmp/caf\u{E9}.lua", decomposed = "/tmp/cafe\u{301}.lua"
        var a = Row(id: "a", kind: .text, text: .value("A"))
        var b = a
        a.location = SourceLocation(file: composed, line: 1)
        b.location = SourceLocation(file: decomposed, line: 2)
        XCTAssertEqual(Array(a.location!.file.utf8), Array(composed.utf8))
        XCTAssertEqual(Array(b.location!.file.utf8), Array(decomposed.utf8))
        XCTAssertEqual(Array(a.location!.file.utf8), Array(composed.utf8))
    }

    func testPushSurvivesTheRarerFieldsAndTheyItsRemoval() {
        var row = Row(id: "wifi", kind: .text, text: .value("Wi-Fi"))
        row.push = .screen("wifi")
        XCTAssertEqual(row.push, .screen("wifi"))
        XCTAssertFalse(row.hasRareFields)
        row.icon = "W"
        XCTAssertEqual(row.push, .screen("wifi"))
        XCTAssertEqual(row.icon, "W")
        XCTAssertTrue(row.hasRareFields)
        row.push = .screen("other")
        XCTAssertEqual(row.push, .screen("other"))
        XCTAssertEqual(row.icon, "W")
        row.push = nil
        XCTAssertNil(row.push)
        XCTAssertEqual(row.icon, "W")
        // And the other way round: the rarer fields first, then the push.
        var second = Row(id: "b", kind: .text, text: .value("B"))
        second.help = "some help"
        second.push = .screen("b")
        XCTAssertEqual(second.help, "some help")
        XCTAssertEqual(second.push, .screen("b"))
    }

    func testACopyIsItsOwnRow() {
        var row = Row(id: "a", kind: .button, text: .value("A"))
        row.push = .screen("x")
        row.help = "first"
        var copy = row
        copy.help = "second"
        copy.push = .screen("y")
        copy.destructive = true
        XCTAssertEqual(row.help, "first")
        XCTAssertEqual(row.push, .screen("x"))
        XCTAssertFalse(row.destructive)
        XCTAssertEqual(copy.help, "second")
        XCTAssertEqual(copy.push, .screen("y"))
        XCTAssertTrue(copy.destructive)
    }

    func testFlagsAreIndependent() {
        var row = Row(id: "a", kind: .button, text: .value("A"))
        row.destructive = true
        row.enabled = .function(ScriptRef(id: 7))
        row.visible = .value(false)
        row.onSelect = ScriptRef(id: 9)
        XCTAssertTrue(row.destructive)
        XCTAssertEqual(row.enabled, .function(ScriptRef(id: 7)))
        XCTAssertEqual(row.visible, .value(false))
        XCTAssertEqual(row.onSelect, ScriptRef(id: 9))
        row.destructive = false
        XCTAssertFalse(row.destructive)
        XCTAssertEqual(row.enabled, .function(ScriptRef(id: 7)))
        XCTAssertEqual(row.onSelect, ScriptRef(id: 9))
    }

    func testEachKindsCaseIndexIsItsPlaceInAllCases() {
        for (i, kind) in RowKind.allCases.enumerated() { XCTAssertEqual(kind.caseIndex, i, "\(kind)") }
    }
}
