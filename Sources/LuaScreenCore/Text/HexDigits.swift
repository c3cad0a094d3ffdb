/// `value` in hexadecimal, zero-padded to at least `width` digits: the one hex helper of
/// the library's messages and escapes (JSON errors, TAP's YAML, test values).
package func hexDigits<T: BinaryInteger>(_ value: T, width: Int, uppercase: Bool = true) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
