import XCTest
import Foundation
import Glibc
import ScreenModel
@testable import LuaScreen

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
        // A real duplicate still collapses (last value, first position).
        XCTAssertEqual(try JSONValue.parse("{\"caf\\u00e9\": 1, \"caf\u{E9}\": 2}"), .object([(key: nfc, value: .integer(2))]))
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
}
