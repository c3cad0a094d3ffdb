import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaRuntime
import ScreenModel
import LuaScreenExplore
import LuaScreenCore

/// The one Lua emitter (SPEC §14): what it writes, loaded by a real Lua state, gives back
/// exactly the value it was given, and a comment never lets its text become code.
final class LuaLiteralTests: XCTestCase {
    private var lua: LuaState!

    override func setUp() {
        lua = LuaState()
        XCTAssertNil(lua.openScriptSandbox(SandboxOptions(print: { _ in })))
    }

    override func tearDown() { lua.close() }

    /// Runs `source` (`return EXPR`) and gives back the one value, or fails.
    private func evaluate(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> (LuaType, [UInt8]?, Int64?, Double?) {
        let chunk: LuaChunk
        do {
            chunk = try lua.compile(source, chunkName: "=emitted")
        } catch {
            XCTFail("does not load: \(error.message)\n\(source)", file: file, line: line)
            return (.none, nil, nil, nil)
        }
        do {
            return try lua.run(chunk, results: 1) { results in
                let v = results[1]
                let type = v.type
                return (type, type == .string ? v.bytes : nil, v.isInteger ? v.integer : nil, type == .number ? v.number : nil)
            } ?? (.none, nil, nil, nil)
        } catch {
            XCTFail("raises: \(error.message)\n\(source)", file: file, line: line)
            return (.none, nil, nil, nil)
        }
    }

    private func randomBytes(_ rng: inout SplitMix64) -> [UInt8] {
        let interesting: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0], [0x22], [0x27], [0x5C], [0x5D, 0x5D], [0x5B, 0x5B],
                                      Array("\u{2028}".utf8), Array("\u{2029}".utf8), Array("\u{202E}".utf8), Array("\u{85}".utf8),
                                      [0xFF], [0xC3], [0xE2, 0x80], Array("é".utf8), Array("--".utf8), Array("]==]".utf8),
                                      Array("\\z".utf8), Array("\\u{".utf8), Array("日本".utf8), [0xF0, 0x9F, 0x98, 0x80]]
        var out: [UInt8] = []
        for _ in 0..<rng.below(24) {
            if rng.below(3) == 0 { out += rng.pick(interesting) }
            else { out.append(UInt8(truncatingIfNeeded: rng.next())) }
        }
        return out
    }

    func testRandomStringsComeBackByteForByte() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<3000 {
            let bytes = randomBytes(&rng)
            let literal = LuaLiteral.string(bytes)
            // No raw line end, and nothing a terminal or another reader would act on.
            XCTAssertFalse(literal.utf8.contains(0x0A) || literal.utf8.contains(0x0D) || literal.utf8.contains(0), literal)
            XCTAssertFalse(literal.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 || isHidden($0.value) }, literal)
            XCTAssertFalse(literal.contains("]]"), literal)
            let (type, back, _, _) = evaluate("return " + literal)
            XCTAssertEqual(type, .string)
            XCTAssertEqual(back, bytes, literal)
        }
    }

    func testStringsAsTableKeysAndInsideGeneratedCode() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let bytes = randomBytes(&rng)
            let key = String(decoding: bytes, as: UTF8.self)
            let (_, back, _, _) = evaluate("local t = { \(LuaLiteral.key(key)) = 1 } return next(t)")
            XCTAssertEqual(back, Array(key.utf8))
        }
        XCTAssertEqual(LuaLiteral.key("password"), "password")
        XCTAssertEqual(LuaLiteral.key("end"), "[\"end\"]")
        XCTAssertEqual(LuaLiteral.key("a b"), "[\"a b\"]")
        XCTAssertEqual(LuaLiteral.key("1a"), "[\"1a\"]")
        XCTAssertEqual(LuaLiteral.key(""), "[\"\"]")
    }

    func testIntegersComeBackExactlyAndAsIntegers() {
        var rng = SplitMix64(seed: 3)
        let edges: [Int64] = [.min, .min + 1, .max, 0, -1, 1, 1 << 53, -(1 << 53) - 1]
        for value in edges + (0..<2000).map({ _ in Int64(bitPattern: rng.next()) }) {
            let literal = LuaLiteral.integer(value)
            let (type, _, back, _) = evaluate("return " + literal)
            XCTAssertEqual(type, .number)
            XCTAssertEqual(back, value, literal)
            // Inside an expression and a list too.
            let (_, inList, _, _) = evaluate("return tostring(({ \(literal), \(literal) })[2])")
            XCTAssertEqual(inList.map { String(decoding: $0, as: UTF8.self) }, String(value))
        }
        XCTAssertEqual(LuaLiteral.integer(.min), "math.mininteger")
    }

    func testFloatsComeBackExactlyAndAsFloats() {
        var rng = SplitMix64(seed: 5)
        let edges: [Double] = [0, -0.0, 1, 2, -2, 0.1, 1e15, 1e16, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                               -.greatestFiniteMagnitude, 9.223372036854775808e18, .infinity, -.infinity]
        for value in edges + (0..<3000).map({ _ in Double(bitPattern: rng.next()) }) {
            let literal = LuaLiteral.float(value)
            let (type, _, integer, back) = evaluate("return " + literal)
            XCTAssertEqual(type, .number)
            XCTAssertNil(integer, "\(literal) reads back as an integer")
            guard let back else { continue }
            if value.isNaN {
                XCTAssertTrue(back.isNaN, literal)
            } else {
                XCTAssertEqual(back.bitPattern, value.bitPattern, literal)
            }
        }
        XCTAssertEqual(LuaLiteral.float(.infinity), "(1/0)")
        XCTAssertEqual(LuaLiteral.float(-.infinity), "(-1/0)")
        XCTAssertEqual(LuaLiteral.float(.nan), "(0/0)")
    }

    func testAPlistNumberIsAnIntegerWhenWholeAndInRange() {
        XCTAssertEqual(LuaLiteral.number(-9.223372036854775808e18), "math.mininteger")
        XCTAssertEqual(LuaLiteral.number(5), "5")
        XCTAssertEqual(LuaLiteral.number(0.5), "0.5")
        XCTAssertEqual(LuaLiteral.number(9.223372036854775808e18), "9.223372036854776e+18")
        let (_, _, back, _) = evaluate("return " + LuaLiteral.number(-9.223372036854775808e18))
        XCTAssertEqual(back, .min)
    }

    func testStoreValuesComeBack() {
        let value = StoreValue.list([.string("a\r\n]]"), .integer(.min), .number(2), .bool(true), .list([])])
        let (_, back, _, _) = evaluate("""
            local v = \(LuaLiteral.value(value))
            return table.concat({ v[1], tostring(v[2]), math.type(v[3]), tostring(v[4]), tostring(#v[5]) }, "|")
            """)
        XCTAssertEqual(back.map { String(decoding: $0, as: UTF8.self) }, "a\r\n]]|-9223372036854775808|float|true|0")
    }

    func testACommentNeverEndsBeforeItsLine() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            var bytes = randomBytes(&rng)
            bytes += Array("\nerror('INJECTED')\r\nerror('INJECTED')\u{2028}".utf8)
            let text = String(decoding: bytes, as: UTF8.self)
            let comment = LuaLiteral.comment(text)
            XCTAssertFalse(comment.unicodeScalars.contains { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) || isHidden($0.value) },
                           comment)
            // The comment and a line after it: only the line after it runs.
            let (_, back, _, _) = evaluate(comment + "\nreturn 'after'")
            XCTAssertEqual(back, Array("after".utf8), comment)
        }
        XCTAssertEqual(LuaLiteral.comment("[[long\r"), "-- [[long ")
    }
}
