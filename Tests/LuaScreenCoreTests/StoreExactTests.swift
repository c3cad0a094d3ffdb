import XCTest
import Foundation
import Glibc
import ScreenModel
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore

/// SPEC §6: keys and strings compared byte for byte, invalid UTF-8 refused, writes that would
/// make the file larger than 16 MiB refused.
final class StoreExactTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("luascreen-exact-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    private func bytes(_ path: String) -> [UInt8] { FileManager.default.contents(atPath: path).map { Array($0) } ?? [] }

    private func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    private let nfc = "caf\u{E9}"      // é as one scalar
    private let nfd = "cafe\u{301}"    // e and a combining acute accent

    // MARK: Byte-exact keys and strings

    func testCanonicallyEquivalentKeysInTheFileAreTwoKeysAndSurviveAWrite() throws {
        let file = path("s.json")
        try write(Array("{\n  \"caf\\u00e9\": 1,\n  \"cafe\\u0301\": 2\n}\n".utf8), to: file)
        let store = try FileStore.open(path: file)
        XCTAssertEqual(store.values.count, 2)
        XCTAssertEqual(store.value(for: nfc), .integer(1))
        XCTAssertEqual(store.value(for: nfd), .integer(2))
        try store.commit([(key: "other", value: .bool(true))])
        let reread = try FileStore.open(path: file)
        XCTAssertEqual(reread.values.map { Array($0.key.utf8) }, [Array(nfc.utf8), Array(nfd.utf8), Array("other".utf8)])
        XCTAssertEqual(reread.value(for: nfc), .integer(1))
        XCTAssertEqual(reread.value(for: nfd), .integer(2))
        // Writing one changes only that one.
        try reread.commit([(key: nfd, value: .integer(3))])
        let last = try FileStore.open(path: file)
        XCTAssertEqual(last.value(for: nfc), .integer(1))
        XCTAssertEqual(last.value(for: nfd), .integer(3))
    }

    func testJSONObjectKeysAndStringsAreComparedByteForByte() throws {
        let value = try JSONValue.parse("{\"caf\\u00e9\": \"\\u00e9\", \"cafe\\u0301\": \"e\\u0301\"}")
        guard case .object(let members) = value else { return XCTFail("not an object") }
        XCTAssertEqual(members.count, 2)
        XCTAssertEqual(value[nfc], .string("\u{E9}"))
        XCTAssertEqual(value[nfd], .string("e\u{301}"))
        XCTAssertNotEqual(JSONValue.string("\u{E9}"), JSONValue.string("e\u{301}"))
        XCTAssertNotEqual(JSONValue.object([(key: nfc, value: .null)]), JSONValue.object([(key: nfd, value: .null)]))
        // A real duplicate (the same bytes, however written) is refused: either value kept
        // would lose the other on the next write.
        XCTAssertThrowsError(try JSONValue.parse("{\"caf\\u00e9\": 1, \"caf\u{E9}\": 2}")) { error in
            XCTAssertTrue("\(error)".contains("is given twice (first at line 1, column 2)"), "\(error)")
        }
    }

    func testSameBytesComparesEveryByteAtEveryLength() {
        // Lengths around the 8-byte steps, small (inline) and heap strings, a difference at
        // each position.
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 100] {
            let base = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            XCTAssertTrue(base.sameBytes(as: base))
            XCTAssertTrue(base.sameBytes(as: String(base.utf8.map { Character(Unicode.Scalar($0)) })), "a copy, \(length)")
            XCTAssertFalse(base.sameBytes(as: base + "x"), "longer, \(length)")
            for i in 0..<length {
                var bytes = Array(base.utf8)
                bytes[i] = UInt8(ascii: "Z")
                XCTAssertFalse(base.sameBytes(as: String(decoding: bytes, as: UTF8.self)), "byte \(i) of \(length)")
            }
        }
        XCTAssertFalse("caf\u{E9}".sameBytes(as: "cafe\u{301}"))
        XCTAssertTrue("caf\u{E9} au lait, long enough".sameBytes(as: "caf\u{E9} au lait, long enough"))
        XCTAssertFalse("ab\u{E9}".sameBytes(as: "ab\u{E8}"))  // same length, last byte differs
    }

    func testStoreValueStringsAreComparedByteForByte() {
        XCTAssertNotEqual(StoreValue.string("\u{E9}"), StoreValue.string("e\u{301}"))
        XCTAssertFalse(StoreValue.string("\u{E9}").sameValue(as: .string("e\u{301}")))
        XCTAssertEqual(StoreValue.string("\u{E9}"), StoreValue.string("\u{E9}"))
        XCTAssertEqual(Set([StoreValue.string("\u{E9}"), .string("e\u{301}")]).count, 2)
    }

    func testMemoryStoreKeepsEquivalentKeysApart() throws {
        let store = MemoryStore([(key: nfc, value: .integer(1)), (key: nfd, value: .integer(2))])
        XCTAssertEqual(store.values.count, 2)
        try store.commit([(key: nfd, value: nil)])
        XCTAssertEqual(store.value(for: nfc), .integer(1))
        XCTAssertNil(store.value(for: nfd))
    }

    func testTwoRowsBoundToEquivalentKeysHaveTwoValues() throws {
        let folder = ScriptFolder()
        let session = try openSession("""
            return screen { id = "s", title = "S", section {
              toggle { id = "a", text = "NFC", key = "caf\\u{E9}", default = true },
              input { id = "b", text = "NFD", key = "cafe\\u{301}", default = "x" },
              button { text = "Go", on_select = function(ctx) ctx.store["caf\\u{E9}"] = false end },
            } }
            """, folder: folder)
        XCTAssertEqual(session.boundKeys.count, 2)
        XCTAssertEqual(session.defaultValue(for: nfc), .bool(true))
        XCTAssertEqual(session.defaultValue(for: nfd), .string("x"))
        try session.select("Go")
        let values = session.storeValues()
        XCTAssertEqual(values.first { Array($0.key.utf8) == Array(nfc.utf8) }?.value, .bool(false))
        XCTAssertEqual(values.first { Array($0.key.utf8) == Array(nfd.utf8) }?.value, .string("x"))
    }

    // MARK: Invalid UTF-8 is refused, never altered

    private let writer = """
        return screen { id = "s", title = "S", section {
          input { id = "name", text = "Name", key = "name", default = "" },
          button { text = "Bad key", on_select = function(ctx) ctx.store.name = "ok"; ctx.store["caf\\xe9"] = 1 end },
          button { text = "Bad value", on_select = function(ctx) ctx.store.name = "caf\\xe9" end },
          button { text = "Caught", on_select = function(ctx)
            local ok, err = pcall(function() ctx.store.other = "\\xff\\xfe" end)
            ctx.store.name = ok and "stored" or ("refused: " .. tostring(err):match("valid UTF%-8") )
          end },
          row { id = "read", text = "Read", detail = function(ctx) return tostring(ctx.store["\\xff"]) end },
        } }
        """

    func testAScriptWritingAKeyThatIsNotUTF8FailsAndIsRolledBack() throws {
        let session = try openSession(writer)
        XCTAssertThrowsError(try session.select("Bad key")) { error in
            XCTAssertTrue("\(error)".contains("valid UTF-8"), "\(error)")
        }
        XCTAssertEqual(session.storeValues().map(\.key), ["name"])
        XCTAssertEqual(session.storeValues().first?.value, .string(""))  // "ok" rolled back
    }

    func testAScriptWritingAStringThatIsNotUTF8FailsAndNothingIsAltered() throws {
        let session = try openSession(writer)
        XCTAssertThrowsError(try session.select("Bad value")) { error in
            XCTAssertTrue("\(error)".contains("\"name\" cannot hold this string: it is not valid UTF-8"), "\(error)")
        }
        XCTAssertEqual(session.storeValues().first?.value, .string(""))
        // The refusal is an error raised at the write: pcall catches it.
        try session.select("Caught")
        XCTAssertEqual(session.storeValues().first?.value, .string("refused: valid UTF-8"))
    }

    func testReadingAKeyThatIsNotUTF8IsNilNotTheReplacementCharactersKey() throws {
        let session = try openSession(writer, store: [("\u{FFFD}", .integer(1))])
        XCTAssertEqual(session.currentScreen().sections[0].rows.first { $0.id == "read" }?.detail, "nil")
    }

    func testScriptKeysAndValuesThatAreNotUTF8FailTheLoad() {
        let badKey = diagnostics("return screen { id = \"s\", title = \"S\", section { toggle { text = \"T\", key = \"\\xff\" } } }")
        XCTAssertTrue(badKey.contains { $0.severity == .error && $0.message.contains("store key must be valid UTF-8") }, "\(badKey)")
        let badDefault = diagnostics("return screen { id = \"s\", title = \"S\", section { input { text = \"T\", key = \"t\", default = \"\\xc3\" } } }")
        XCTAssertTrue(badDefault.contains { $0.severity == .error && $0.message.contains("valid UTF-8") }, "\(badDefault)")
        let badOption = diagnostics("return screen { id = \"s\", title = \"S\", section { choice { text = \"T\", key = \"t\", options = { \"a\", \"\\xed\\xa0\\x80\" } } } }")
        XCTAssertTrue(badOption.contains { $0.severity == .error && $0.message.contains("valid UTF-8") }, "\(badOption)")
    }

    func testATestFileSeedingOrSettingTextThatIsNotUTF8Raises() throws {
        let folder = ScriptFolder()
        folder.write("app.lua", writer)
        let test = folder.write("store_test.lua", """
            test("seeded key", function()
              raises(function() open("app.lua", { store = { ["\\xff"] = 1 } }) end, "valid UTF%-8")
            end)
            test("seeded value", function()
              raises(function() open("app.lua", { store = { name = "\\xff" } }) end, "valid UTF%-8")
            end)
            test("set", function()
              local s = open("app.lua")
              raises(function() s:set("Name", "a\\x80b") end, "valid UTF%-8")
              eq(s:store().name, "")
            end)
            """)
        var lines: [String] = []
        let runner = TestRunner(options: TestOptions(root: folder.url.path)) { lines.append($0) }
        runner.run(files: [test])
        XCTAssertTrue(lines.contains("# 3 passed, 0 failed"), lines.joined(separator: "\n"))
    }

    func testAFileWithTextThatIsNotUTF8IsReportedWithItsPlaceAndNeverWritten() throws {
        for (name, text) in [("key", Array("{\n  \"ok\": 1,\n  \"caf".utf8) + [0xE9] + Array("\": 2\n}\n".utf8)),
                             ("value", Array("{\"ok\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8))] {
            let file = path("\(name).json")
            try write(text, to: file)
            XCTAssertThrowsError(try FileStore.open(path: file)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(file) && message.contains("invalid UTF-8 byte") && message.contains("line "), message)
            }
            XCTAssertEqual(bytes(file), text)
        }
        // Opened while good, then made bad: the commit refuses and leaves the bytes.
        let file = path("later.json")
        try write(Array("{}".utf8), to: file)
        let store = try FileStore.open(path: file)
        let bad = Array("{\"k\": \"".utf8) + [0xFF] + Array("\"}".utf8)
        try write(bad, to: file)
        XCTAssertThrowsError(try store.commit([(key: "x", value: .bool(true))]))
        XCTAssertEqual(bytes(file), bad)
    }

    // MARK: 16 MiB

    func testStoreSizeCountsWhatTheFileHolds() throws {
        let file = path("size.json")
        try write(Array("{\"kept\":[1,  2],\n\"n\":null}".utf8), to: file)
        let store = try FileStore.open(path: file)
        let values: [(key: String, value: StoreValue?)] = [
            (key: "plain", value: .string("text")), (key: nfd, value: .string("e\u{301} \u{1F600}")),
            (key: "esc\"\\\n\t\r\u{1}\u{7F}", value: .string("\u{0}\u{1F}\"\\/")), (key: "int", value: .integer(-9223372036854775807)),
            (key: "real", value: .number(0.1)), (key: "big", value: .number(1e300)), (key: "whole", value: .number(2.0)),
            (key: "yes", value: .bool(true)), (key: "no", value: .bool(false)), (key: "n", value: nil),
        ]
        try store.commit(values)
        XCTAssertEqual(store.fileSize, bytes(file).count)
        XCTAssertEqual(try FileStore.open(path: file).fileSize, bytes(file).count)
        XCTAssertEqual(store.fileSize(ofMember: "yes"), Array("  \"yes\": true,\n".utf8).count)
        let memory = MemoryStore([(key: "yes", value: .string("replaced")), (key: "gone", value: .integer(1))])
        try memory.commit(values.filter { $0.key != "n" } + [(key: "gone", value: nil)])
        XCTAssertEqual(memory.fileSize, bytes(file).count - Array("  \"kept\": [1,  2],\n".utf8).count)
        XCTAssertEqual(memory.fileSize, StoreSize.file(memory.values))
    }

    func testACommitThatWouldPass16MiBIsRefusedAndWritesNothing() throws {
        let file = path("big.json")
        let store = try FileStore.open(path: file)
        try store.commit([(key: "a", value: .string(String(repeating: "x", count: 9 << 20)))])
        let before = bytes(file)
        XCTAssertThrowsError(try store.commit([(key: "b", value: .string(String(repeating: "y", count: 8 << 20)))])) { error in
            guard case StoreError.tooLarge(let p, let size) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p, file)
            XCTAssertGreaterThan(size, StoreSize.limit)
            XCTAssertTrue("\(error)".contains("16 MiB"), "\(error)")
        }
        XCTAssertEqual(bytes(file), before)
        XCTAssertNil(store.value(for: "b"))
        // Replacing the big value with a small one is fine.
        try store.commit([(key: "a", value: .string("small")), (key: "b", value: .string(String(repeating: "y", count: 8 << 20)))])
        XCTAssertEqual(try FileStore.open(path: file).value(for: "a"), .string("small"))

        let memory = MemoryStore()
        XCTAssertThrowsError(try memory.commit([(key: "a", value: .string(String(repeating: "x", count: StoreSize.limit)))]))
        XCTAssertTrue(memory.values.isEmpty)
    }

    func testAFileOfExactly16MiBIsReadAndOneByteMoreIsReportedAndKept() throws {
        let exact = path("exact.json")
        let prefix = Array("{\n  \"v\": \"".utf8), suffix = Array("\"\n}\n".utf8)
        let fill = StoreSize.limit - prefix.count - suffix.count
        try write(prefix + [UInt8](repeating: 0x61, count: fill) + suffix, to: exact)
        let store = try FileStore.open(path: exact)
        XCTAssertEqual(store.fileSize, StoreSize.limit)
        // Growing it is refused; the file stays as it was.
        XCTAssertThrowsError(try store.commit([(key: "w", value: .bool(true))]))
        XCTAssertEqual(bytes(exact).count, StoreSize.limit)
        // Shrinking it is fine.
        try store.commit([(key: "v", value: .string("short"))])
        XCTAssertEqual(try FileStore.open(path: exact).value(for: "v"), .string("short"))

        let over = path("over.json")
        let text = prefix + [UInt8](repeating: 0x61, count: fill + 1) + suffix
        try write(text, to: over)
        XCTAssertThrowsError(try FileStore.open(path: over)) { error in
            guard case StoreError.fileTooLarge(let p, let size) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(p, over)
            XCTAssertEqual(size, StoreSize.limit + 1)
            let message = "\(error)"
            XCTAssertTrue(message.contains(over) && message.contains("never overwrites") && !message.contains("damaged"), message)
        }
        XCTAssertEqual(bytes(over), text)
    }

    func testACallbackStoringMoreThan16MiBFailsWhereItWritesAndIsRolledBack() throws {
        let session = try openSession("""
            return screen { id = "s", title = "S", section {
              input { id = "a", text = "A", key = "a", default = "" },
              button { text = "Huge", on_select = function(ctx) ctx.store.a = "x"; ctx.store.b = string.rep("y", 17 * 1024 * 1024) end },
              button { text = "Two halves", on_select = function(ctx)
                local half = string.rep("z", 9 * 1024 * 1024)
                ctx.store.h1 = half
                local ok, err = pcall(function() ctx.store.h2 = half end)
                ctx.store.a = ok and "stored" or tostring(err):match("16 MiB limit")
                ctx.store.h1 = nil
              end },
            } }
            """)
        XCTAssertThrowsError(try session.select("Huge")) { error in
            XCTAssertTrue("\(error)".contains("larger than the 16 MiB limit"), "\(error)")
        }
        XCTAssertEqual(session.storeValues().map(\.key), ["a"])
        XCTAssertEqual(session.storeValues().first?.value, .string(""))
        try session.select("Two halves")
        XCTAssertEqual(session.storeValues().first { $0.key == "a" }?.value, .string("16 MiB limit"))
        XCTAssertNil(session.storeValues().first { $0.key == "h1" || $0.key == "h2" })
    }
}
