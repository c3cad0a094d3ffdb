import XCTest
import CLua
import LuaRuntime

/// `LuaStack.checkedString`: its ASCII check (eight bytes at a time, then the tail) gives the
/// same string and validity as the standard library's validation, wherever a byte ≥ 0x80 lies.
final class CheckedStringTests: XCTestCase {
    /// Strings of 0 to 40 bytes with one multi-byte character, or one invalid byte, at each place.
    func testEveryPlaceOfANonASCIIByte() throws {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: 0, memory: 64 << 20)))
        defer { lua.close() }
        for length in 0...40 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            var cases: [[UInt8]] = [ascii]
            for place in 0..<length {
                var valid = ascii
                valid.replaceSubrange(place..<place + 1, with: Array("é".utf8))
                var invalid = ascii
                invalid[place] = 0xFF
                cases += [valid, invalid]
            }
            for bytes in cases {
                bytes.withUnsafeBufferPointer { b in
                    b.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua.L, $0.baseAddress, $0.count) }
                }
                let got = try XCTUnwrap(lua.stack.checkedString(at: -1))
                let expected = String(validating: bytes, as: UTF8.self)
                XCTAssertEqual(got.0, expected ?? String(decoding: bytes, as: UTF8.self), "\(bytes)")
                XCTAssertEqual(got.valid, expected != nil, "\(bytes)")
                lua.stack.pop()
            }
        }
    }

    /// Short strings written in their words (`SmallStringBits`) with NUL and control bytes
    /// anywhere, and every ASCII byte, read back equal to the standard library's, byte for byte.
    func testShortStringsWithNULAndControlBytes() throws {
        let lua = try XCTUnwrap(LuaState(limits: LuaLimits(instructions: 0, memory: 64 << 20)))
        defer { lua.close() }
        var cases: [[UInt8]] = [[0], [0, 0, 0], [0x61, 0, 0x62], [0x7F], Array(0..<15), Array(113..<128)]
        for length in 1...15 { cases.append((0..<length).map { UInt8(($0 * 37 + length) % 128) }) }
        for bytes in cases {
            bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua.L, $0.baseAddress, $0.count) }
            }
            let got = try XCTUnwrap(lua.stack.checkedString(at: -1))
            let expected = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(got.0, expected, "\(bytes)")
            XCTAssertEqual(Array(got.0.utf8), bytes, "\(bytes)")
            XCTAssertEqual(got.0.hashValue, expected.hashValue, "\(bytes)")
            XCTAssertTrue(got.valid)
            lua.stack.pop()
        }
    }
}
