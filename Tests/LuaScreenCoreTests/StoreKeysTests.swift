import XCTest
import LuaScreen
import LuaScreenTestSupport

/// `store` pages its listing from `storeKeys(first:)` and `storeKeyCount`, which must list
/// the keys of `storeValues()` in its order and count them, without reading the values.
final class StoreKeysTests: XCTestCase {
    private func assertSameListing(_ s: Session, file: StaticString = #filePath, line: UInt = #line) {
        let keys = s.storeValues().map(\.key)
        XCTAssertEqual(s.storeKeys(first: Int.max), keys, file: file, line: line)
        XCTAssertEqual(s.storeKeyCount, keys.count, file: file, line: line)
        for n in [0, 1, 2, keys.count - 1, keys.count, keys.count + 5] where n >= 0 {
            XCTAssertEqual(s.storeKeys(first: n), Array(keys.prefix(n)), "first \(n)", file: file, line: line)
        }
    }

    func testTheKeysAreThoseOfStoreValuesInTheirOrder() throws {
        // Keys bound on two screens, one bound twice, one only by a sections function, and
        // stored keys no row uses (one of them stored twice in case only).
        let s = try openSession("""
            return app { root = "a", screens = {
              screen { id = "a", title = "A", section {
                toggle { text = "Z", key = "zeta" }, toggle { id = "again", text = "Again", key = "zeta" },
                row { text = "B", push = "b" } } },
              screen { id = "b", title = "B", section { input { text = "Alpha", key = "alpha" },
                                                         toggle { text = "Wifi", key = "wifi", default = true } } },
              screen { id = "c", title = "C", sections = function() return { { rows = {
                { type = "toggle", text = "Late", key = "late" } } } } end },
            } }
            """, store: [("other", .string("kept")), ("Other", .number(2)), ("wifi", .bool(false))])
        assertSameListing(s)
        XCTAssertEqual(s.storeKeys(first: 3), ["zeta", "alpha", "wifi"])
        try s.select("B")
        try s.select("Wifi")
        assertSameListing(s)
    }

    func testEveryExampleListsTheSameKeys() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples")
        for name in ["settings", "money", "jmstatic", "books", "sync", "prefs", "reader"] {
            let path = examples.appendingPathComponent("\(name).lua").standardized.path
            let s = try Session.open(path: path, options: SessionOptions(store: MemoryStore([]), print: { _ in }))
            assertSameListing(s)
        }
    }
}
