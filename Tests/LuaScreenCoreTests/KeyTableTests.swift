import XCTest
import LuaScreenCore

/// KeyTable (the loader's table of row ids and bound keys) answers what a dictionary keyed by
/// the keys' bytes answers, across its growth, for keys that differ in their last byte, in
/// their hash's high bits only, or only canonically (SPEC §6: two keys).
final class KeyTableTests: XCTestCase {
    func testItAnswersWhatADictionaryByBytesAnswers() {
        var table = KeyTable<Int>()
        var model: [[UInt8]: Int] = [:]
        var keys: [String] = []
        for n in 0..<5_000 { keys.append("toggle_\(n)") }
        keys += ["", "caf\u{E9}", "cafe\u{301}", "\u{212A}", "K", "a longer key that is not a small string \u{1F600}"]
        var random = SystemRandomNumberGenerator()
        for round in 0..<3 {
            for key in keys.shuffled(using: &random) {
                let value = round * 100_000 + key.utf8.count
                let previous = table.insertIfAbsent(key, value)
                XCTAssertEqual(previous, model[Array(key.utf8)], key)
                if model[Array(key.utf8)] == nil { model[Array(key.utf8)] = value }
            }
        }
        XCTAssertEqual(table.count, model.count)
        XCTAssertEqual(table.count, keys.count)
        for key in keys { XCTAssertEqual(table[key], model[Array(key.utf8)], key) }
        for missing in ["toggle_5000", "toggle_", "cafe", "k", "toggle_0 "] { XCTAssertNil(table[missing], missing) }
        XCTAssertEqual(table.keys.count, table.values.count)
        for (key, value) in zip(table.keys, table.values) { XCTAssertEqual(model[Array(key.utf8)], value) }
    }

    func testReservedRoomKeepsEveryKey() {
        var table = KeyTable<Int32>()
        table.reserveCapacity(10)
        for n in 0..<1_000 {
            XCTAssertNil(table.insertIfAbsent("row\(n)", Int32(n)))
            if n % 100 == 0 { table.reserveCapacity(table.count + 150) }
        }
        for n in 0..<1_000 { XCTAssertEqual(table["row\(n)"], Int32(n)) }
        XCTAssertEqual(table.insertIfAbsent("row7", 99), 7)
    }

    /// Ids that differ in a digit or two spread over the first slots (the hash's low bits) and
    /// the tags (its high bits) about as random numbers would: 100,000 of them take about
    /// 69,950 of 131,072 first slots at random (not half of them: no bit is fixed), and about
    /// 31,200 of the 32,768 values of 15 high bits.
    func testKeyHashSpreadsNearIDsOverLowAndHighBits() {
        // "" tries every length from 1 to 5 (and 3 bytes or fewer), the others 8 and more.
        for shape in ["toggle_", "row", "Wi-Fi ", "k", ""] {
            var low = Set<UInt64>(), high = Set<UInt64>(), all = Set<UInt64>()
            for n in 0..<100_000 {
                let h = keyHash("\(shape)\(n)")
                low.insert(h & 0x1_FFFF)
                high.insert(h >> 49)
                all.insert(h)
            }
            XCTAssertEqual(all.count, 100_000, shape)
            XCTAssertGreaterThan(low.count, 68_000, shape)
            XCTAssertGreaterThan(high.count, 31_000, shape)
        }
    }

    func testKeyHashIsOneFunctionOfTheBytesWhateverTheStringsForm() {
        // A small ASCII string is hashed from its own words; the same bytes in a string that
        // is not small (a native one with room to grow) must hash alike.
        for text in ["", "a", "toggle_12", "exactly15bytes!", "exactly16bytes!!", "caf\u{E9}", "a longer key than fifteen bytes"] {
            var large = text
            large.reserveCapacity(64)
            XCTAssertEqual(keyHash(large), keyHash(text), text)
        }
        XCTAssertNotEqual(keyHash("a"), keyHash("a\u{0}"))
        XCTAssertNotEqual(keyHash(""), keyHash("\u{0}"))
    }
}
