/// C's `strtoll`/`strtoull` as Kconfig uses them.
enum RuleNumbers {
    /// The whole text as a signed number in `base` (0: by prefix), nil when it is not one
    /// (expr_parse_string's test: all read, something read, the last a hex digit).
    static func strtoll(_ s: String, base: Int) -> Int64? {
        guard let (neg, digits, b) = split(s, base: base), !digits.isEmpty, let mag = UInt64(digits, radix: b) else { return nil }
        if neg { return mag <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- mag) : nil }
        return mag <= UInt64(Int64.max) ? Int64(mag) : nil
    }

    static func strtoull(_ s: String, base: Int) -> UInt64? {
        guard let (neg, digits, b) = split(s, base: base), !digits.isEmpty, let mag = UInt64(digits, radix: b) else { return nil }
        return neg ? 0 &- mag : mag
    }

    /// `strtoll(s, NULL, base)`: the leading number, 0 when there is none, saturated.
    static func strtollLoose(_ s: String, base: Int) -> Int64 {
        guard let (neg, rest, b) = split(s, base: base, whole: false) else { return 0 }
        var mag: UInt64 = 0
        var overflow = false
        for c in rest.utf8 {
            guard let d = digit(c), d < b else { break }
            let (m1, o1) = mag.multipliedReportingOverflow(by: UInt64(b))
            let (m2, o2) = m1.addingReportingOverflow(UInt64(d))
            if o1 || o2 { overflow = true; break }
            mag = m2
        }
        if neg { return overflow || mag > UInt64(Int64.max) + 1 ? Int64.min : Int64(truncatingIfNeeded: 0 &- mag) }
        return overflow || mag > UInt64(Int64.max) ? Int64.max : Int64(mag)
    }

    private static func digit(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: return Int(c - 0x30)
        case 0x41...0x5A: return Int(c - 0x41 + 10)
        case 0x61...0x7A: return Int(c - 0x61 + 10)
        default: return nil
        }
    }

    private static func split(_ s: String, base: Int, whole: Bool = true) -> (Bool, Substring, Int)? {
        var t = Substring(s)
        while let f = t.first, f == " " || f == "\t" || f == "\n" { t = t.dropFirst() }
        var neg = false
        if t.first == "-" { neg = true; t = t.dropFirst() } else if t.first == "+" { t = t.dropFirst() }
        var b = base
        if (base == 0 || base == 16), t.hasPrefix("0x") || t.hasPrefix("0X") {
            let after = t.dropFirst(2)
            if let f = after.utf8.first, let d = digit(f), d < 16 { t = after; b = 16 }
            else if base == 0 { b = 8 }
        } else if base == 0 {
            b = t.hasPrefix("0") && t.count > 1 ? 8 : 10
        }
        if whole { guard t.utf8.allSatisfy({ digit($0).map { $0 < b } ?? false }) else { return nil } }
        return (neg, t, b)
    }
}
