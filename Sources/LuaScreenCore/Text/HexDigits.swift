/// `value` in hexadecimal, zero-padded to at least `width` digits: the one hex helper of
/// the library's messages and escapes (JSON errors, TAP's YAML, test values).
package func hexDigits<T: BinaryInteger>(_ value: T, width: Int, uppercase: Bool = true) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// The value of one hexadecimal digit (`0`-`9`, `a`-`f`, `A`-`F`), or nil: the one reader of
/// hex digits (Lua's `\x`/`\u{}` escapes, JSON's `\u`, a URL's `%XX`).
package func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
}
