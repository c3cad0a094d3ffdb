import XCTest
import LuaScreen
import LuaScreenTestSupport
import LuaScreenCore

final class JSONParserTests: XCTestCase {

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        do { return try JSONValue.parse(text) } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The error for `text`, failing the test when it parses.
    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        failure(Array(text.utf8), file: file, line: line)
    }

    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            let v = try JSONValue.parse(bytes)
            XCTFail("parsed, expected an error: \(v.serialized())", file: file, line: line)
            return nil
        } catch let e as JSONParseError {
            return e
        } catch {
            XCTFail("wrong error type: \(error)", file: file, line: line)
            return nil
        }
    }

    private func assertError(_ text: String, line: Int, column: Int, contains fragment: String,
                             file: StaticString = #filePath, testLine: UInt = #line) {
        guard let e = failure(text, file: file, line: testLine) else { return }
        XCTAssertEqual(e.line, line, "line of \(e)", file: file, line: testLine)
        XCTAssertEqual(e.column, column, "column of \(e)", file: file, line: testLine)
        XCTAssertTrue(e.message.contains(fragment), "\"\(e.message)\" lacks \"\(fragment)\"", file: file, line: testLine)
        XCTAssertTrue(e.description.hasPrefix("line \(line), column \(column): "), e.description, file: file, line: testLine)
    }

    // MARK: Valid documents

    func testScalars() {
        XCTAssertEqual(parse("true"), .bool(true))
        XCTAssertEqual(parse("false"), .bool(false))
        XCTAssertEqual(parse(" null "), .null)
        XCTAssertEqual(parse("\"hi\""), .string("hi"))
        XCTAssertEqual(parse("\n\t 42 \r\n"), .integer(42))
    }

    func testNestingAndOrder() throws {
        let v = try XCTUnwrap(parse("""
        {"z": 1, "a": [true, false, null, [], {}], "m": {"inner": {"deep": ["x", 2.5]}}}
        """))
        guard case .object(let members) = v else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["z", "a", "m"])
        XCTAssertEqual(v["z"], .integer(1))
        XCTAssertEqual(v["a"], .array([.bool(true), .bool(false), .null, .array([]), .object([])]))
        XCTAssertEqual(v["m"]?["inner"]?["deep"], .array([.string("x"), .number(2.5)]))
    }

    func testDuplicateKeysAreRefusedInEveryObject() {
        assertError(#"{"a": 1, "b": 2, "a": 3}"#, line: 1, column: 18, contains: "the key \"a\" is given twice (first at line 1, column 2)")
        assertError(#"{"x": [{"k": 1, "k": 1}]}"#, line: 1, column: 17, contains: "the key \"k\" is given twice")
        // A key of 300 characters is quoted with at most 200 of them.
        let long = String(repeating: "k", count: 300)
        let e = failure("{\"\(long)\": 1, \"\(long)\": 2}")
        XCTAssertTrue(e?.message.contains(String(repeating: "k", count: 200) + "…\"") ?? false)
        XCTAssertFalse(e?.message.contains(String(repeating: "k", count: 201)) ?? true)
    }

    func testEscapes() {
        XCTAssertEqual(parse(#""a\"b\\c\/d\be\ff\ng\rh\ti""#), .string("a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti"))
        XCTAssertEqual(parse(#""\u0041\u00e9\u20AC\u0000""#), .string("Aé€\u{0}"))
        XCTAssertEqual(parse("\"caf\u{e9} \u{1F600}\""), .string("café 😀"))  // raw UTF-8
    }

    func testSurrogatePairs() {
        XCTAssertEqual(parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(parse(#""x\ud834\udd1ey""#), .string("x𝄞y"))
    }

    func testLoneSurrogatesAreErrors() {
        assertError(#""\uD800""#, line: 1, column: 2, contains: "lone surrogate \\uD800")
        assertError(#""ab\uDC00""#, line: 1, column: 4, contains: "lone surrogate \\uDC00")
        assertError(#""\uD800\u0041""#, line: 1, column: 2, contains: "lone surrogate")
        assertError(#""\uD800x""#, line: 1, column: 2, contains: "lone surrogate")
    }

    func testNumbers() {
        XCTAssertEqual(parse("0"), .integer(0))
        XCTAssertEqual(parse("-17"), .integer(-17))
        XCTAssertEqual(parse("9223372036854775807"), .integer(Int64.max))
        XCTAssertEqual(parse("-9223372036854775808"), .integer(Int64.min))
        // -0 has no fraction: an integer (0); -0.0 keeps its sign as a double.
        guard case .integer(0)? = parse("-0") else { return XCTFail("-0 should be .integer(0)") }
        guard case .number(let negZero)? = parse("-0.0") else { return XCTFail("-0.0 should be a number") }
        XCTAssertEqual(negZero, 0)
        XCTAssertEqual(negZero.sign, .minus)
        // Fractions and exponents make doubles, even when integral.
        guard case .number(let thousand)? = parse("1e3") else { return XCTFail("1e3 should be a number") }
        XCTAssertEqual(thousand, 1000)
        guard case .number(let one)? = parse("1.0") else { return XCTFail("1.0 should be a number") }
        XCTAssertEqual(one, 1)
        guard case .number(let small)? = parse("-2.5E-3") else { return XCTFail() }
        XCTAssertEqual(small, -0.0025)
        guard case .number(let plus)? = parse("7e+2") else { return XCTFail() }
        XCTAssertEqual(plus, 700)
        guard case .number(let pi)? = parse("3.141592653589793") else { return XCTFail() }
        XCTAssertEqual(pi, 3.141592653589793)
        // Integers beyond Int64 become doubles.
        guard case .number(let big)? = parse("9223372036854775808") else { return XCTFail("2^63 should be a number") }
        XCTAssertEqual(big, 9223372036854775808.0)
        guard case .number(let huge)? = parse("-123456789012345678901234567890") else { return XCTFail() }
        XCTAssertEqual(huge, -1.2345678901234568e29)
    }

    func testBadNumbers() {
        assertError("01", line: 1, column: 1, contains: "leading zeros")
        assertError("-", line: 1, column: 2, contains: "digit after '-'")
        assertError("[1.]", line: 1, column: 4, contains: "digit after '.'")
        assertError("1e", line: 1, column: 3, contains: "exponent")
        assertError("+1", line: 1, column: 1, contains: "expected a value")
        assertError(".5", line: 1, column: 1, contains: "expected a value")
        assertError("[1.5.2]", line: 1, column: 5, contains: "invalid number")
        assertError("1e400", line: 1, column: 1, contains: "out of range")
        assertError("NaN", line: 1, column: 1, contains: "expected a value")
        assertError("[Infinity]", line: 1, column: 2, contains: "expected a value")
        assertError("0x10", line: 1, column: 2, contains: "invalid number")
    }

    func testByteOrderMarkIsTolerated() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": true}"#.utf8)
        XCTAssertEqual(try JSONValue.parse(bytes), .object([(key: "a", value: .bool(true))]))
        // Columns are counted after the mark.
        let bad: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{]".utf8)
        let e = failure(bad)
        XCTAssertEqual(e?.line, 1)
        XCTAssertEqual(e?.column, 2)
        // A mark anywhere else is not whitespace.
        XCTAssertNotNil(failure(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("1".utf8)))
    }

    func testTopLevelSpansForVerbatimRewrite() throws {
        let text = "{ \"a\" : [1, 2] , \"b\":\"x\",\"c\":  1.50 }"
        let bytes = Array(text.utf8)
        let (value, members) = try JSONValue.parseWithTopLevelSpans(bytes)
        XCTAssertEqual(value["c"], .number(1.5))
        let m = try XCTUnwrap(members)
        XCTAssertEqual(m.map(\.key), ["a", "b", "c"])
        XCTAssertEqual(m.map { String(decoding: bytes[$0.span], as: UTF8.self) }, ["[1, 2]", "\"x\"", "1.50"])
        XCTAssertNil(try JSONValue.parseWithTopLevelSpans(Array("[1]".utf8)).members)
    }

    // MARK: Errors and their positions

    func testErrorPositions() {
        assertError("", line: 1, column: 1, contains: "unexpected end of input")
        assertError("   \n  ", line: 2, column: 3, contains: "expected a value")
        assertError("{\n  \"a\": 1,\n  \"b\" 2\n}", line: 3, column: 7, contains: "expected ':'")
        assertError("{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3, contains: "expected ',' or '}'")
        assertError("[1, 2", line: 1, column: 6, contains: "expected ',' or ']'")
        assertError("[1 2]", line: 1, column: 4, contains: "expected ',' or ']'")
        assertError("{\"a\": 1,}", line: 1, column: 9, contains: "expected a string key")
        assertError("[1,]", line: 1, column: 4, contains: "expected a value")
        assertError("{a: 1}", line: 1, column: 2, contains: "expected a string key")
        assertError("['x']", line: 1, column: 2, contains: "expected a value")
        assertError("tru", line: 1, column: 1, contains: "expected 'true'")
        assertError("[nulll]", line: 1, column: 2, contains: "expected 'null'")
        assertError("\"abc", line: 1, column: 5, contains: "unterminated string")
        assertError("\"a\nb\"", line: 1, column: 3, contains: "a line break (write it as \\n) inside a string")
        assertError("\"a\u{1}\"", line: 1, column: 3, contains: "U+0001")
        assertError(#""\x""#, line: 1, column: 2, contains: "invalid escape \\x")
        assertError(#""\u12G4""#, line: 1, column: 2, contains: "4 hexadecimal digits")
        // Columns count characters, not bytes.
        assertError("{\"é😀\": tru}", line: 1, column: 8, contains: "expected 'true'")
    }

    func testTrailingGarbage() {
        assertError("{} {}", line: 1, column: 4, contains: "after the JSON value")
        assertError("1 2", line: 1, column: 3, contains: "after the JSON value")
        assertError("{\"a\":1}\nx", line: 2, column: 1, contains: "'x' after the JSON value")
        assertError("true false", line: 1, column: 6, contains: "after the JSON value")
    }

    func testInvalidUTF8() {
        let cases: [[UInt8]] = [
            Array("\"a".utf8) + [0xFF] + Array("\"".utf8),          // impossible byte
            Array("\"".utf8) + [0xC3] + Array("\"".utf8),           // truncated sequence
            Array("\"".utf8) + [0xC0, 0xAF] + Array("\"".utf8),     // overlong '/'
            Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8),  // encoded surrogate
            Array("\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8),  // beyond U+10FFFF
            [0xFE],                                                  // outside a string
        ]
        for bytes in cases {
            guard let e = failure(bytes) else { continue }
            XCTAssertTrue(e.message.contains("invalid UTF-8"), "\(bytes): \(e)")
        }
        XCTAssertEqual(failure(Array("\"a".utf8) + [0xFF] + Array("\"".utf8))?.column, 3)
    }

    func testDepthLimit() {
        let ok = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        XCTAssertNotNil(parse(ok))
        let tooDeep = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        let e = failure(tooDeep)
        XCTAssertEqual(e?.column, JSONValue.maximumDepth + 1)
        XCTAssertTrue(e?.message.contains("nesting deeper than") ?? false)
        // Far deeper input, objects and arrays mixed, is an error, never a stack overflow.
        let hostile = String(repeating: "{\"a\":[", count: 200_000)
        XCTAssertTrue(failure(hostile)?.message.contains("nesting deeper than") ?? false)
    }

    /// Containers of 100,000 elements read whole (how fast is `scripts/bench`'s to measure).
    func testLargeContainersParseWhole() throws {
        let n = 100_000
        let array = "[" + (0..<n).map(String.init).joined(separator: ",") + "]"
        let object = "{" + (0..<n).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
        guard case .array(let items) = try JSONValue.parse(array) else { return XCTFail() }
        guard case .object(let members) = try JSONValue.parse(object) else { return XCTFail() }
        XCTAssertEqual(items.count, n)
        XCTAssertEqual(members.count, n)
        XCTAssertEqual(members.last?.value, .integer(Int64(n - 1)))
    }

    func testSerializedOutputReadsBack() throws {
        let v: JSONValue = .object([
            (key: "s", value: .string("tab\t quote\" nl\n ctl\u{1} é 😀")),
            (key: "n", value: .number(0.1)),
            (key: "big", value: .number(1e300)),
            (key: "i", value: .integer(Int64.min)),
            (key: "a", value: .array([.null, .bool(true), .object([])])),
        ])
        XCTAssertEqual(try JSONValue.parse(v.serialized(pretty: true)), v)
        XCTAssertEqual(try JSONValue.parse(v.serialized(pretty: false)), v)
    }

    func testErrorDescription() {
        let e = JSONParseError(line: 3, column: 5, message: "expected ',' or '}'")
        XCTAssertEqual(e.description, "line 3, column 5: expected ',' or '}'")
    }

    // MARK: Byte for byte (SPEC §6)

    func testStringsAreWrittenByteForByteWithControlCharactersEscaped() throws {
        let text = "e\u{301}\u{0}\u{1F}\u{7F}\"\\/\n\r\t\u{1F600}"
        let written = JSONValue.string(text).serialized()
        XCTAssertEqual(Array(written.utf8), Array("\"e\u{301}\\u0000\\u001f\\u007f\\\"\\\\/\\n\\r\\t\u{1F600}\"".utf8))
        guard case .string(let back) = try JSONValue.parse(written) else { return XCTFail("not a string") }
        XCTAssertEqual(Array(back.utf8), Array(text.utf8))
        // C1 and bidi controls are escaped too (a file shown in a terminal cannot act on it),
        // and the line and paragraph separators (SPEC §14: a report's line ends), and read
        // back as the same bytes; their neighbours are left alone.
        let hidden = "a\u{85}\u{9F}\u{A0}\u{202A}\u{202E}\u{202F}\u{2066}\u{2069}\u{2065}\u{2028}b"
        let escaped = JSONValue.string(hidden).serialized()
        XCTAssertEqual(escaped, "\"a\\u0085\\u009f\u{A0}\\u202a\\u202e\u{202F}\\u2066\\u2069\u{2065}\\u2028b\"")
        guard case .string(let again) = try JSONValue.parse(escaped) else { return XCTFail("not a string") }
        XCTAssertEqual(Array(again.utf8), Array(hidden.utf8))
        XCTAssertEqual(StoreSize.string(hidden), escaped.utf8.count)
        XCTAssertEqual(StoreSize.string(text), written.utf8.count)
    }

    func testDuplicateKeysAreTheSameBytesNotEquivalentText() throws {
        let value = try JSONValue.parse("{\"\\u00e9\": 1, \"e\\u0301\": 2}")
        guard case .object(let members) = value else { return XCTFail("not an object") }
        XCTAssertEqual(members.map { Array($0.key.utf8) }, [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        XCTAssertEqual(members.map(\.value), [.integer(1), .integer(2)])
        // The same bytes twice: refused, where the second one is, naming the first.
        let e = failure("{\"\\u00e9\": 1,\n \"e\\u0301\": 2,\n \"\\u00e9\": 3}")
        XCTAssertEqual(e?.line, 3)
        XCTAssertEqual(e?.column, 2)
        XCTAssertEqual(e?.message, "the key \"\u{E9}\" is given twice (first at line 1, column 2); remove one of them")
    }

    func testInvalidUTF8InAKeyIsReportedWhereItIs() {
        XCTAssertThrowsError(try JSONValue.parse(Array("{\n  \"ok\": 1,\n  \"caf".utf8) + [0xE9] + Array("\": 2}".utf8))) { error in
            guard let error = error as? JSONParseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 3)
            XCTAssertEqual(error.column, 7)
            XCTAssertTrue(error.message.contains("invalid UTF-8 byte 0xE9"), error.message)
        }
    }
}
