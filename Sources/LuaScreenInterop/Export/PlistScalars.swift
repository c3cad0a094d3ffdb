import LuaScreenCore
import ScreenModel
/// Dates as XML plists write them (`2026-11-30T12:00:00Z`, seconds from 2001-01-01 UTC).
package enum ISODate {
    /// Days from 1970-01-01 to 2001-01-01.
    private static let epochDays: Int64 = 11_323

    package static func format(_ seconds: Double) -> String {
        let whole = Int64(seconds.rounded(.down))
        let days = floorDiv(whole, 86_400) + epochDays
        let rest = whole - floorDiv(whole, 86_400) * 86_400
        let (y, m, d) = civil(days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = y < 0 ? "-" + String(-y) : String(repeating: "0", count: max(0, 4 - String(y).count)) + String(y)
        return "\(year)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` back to seconds from 2001; nil when it is not that form or not a real date.
    package static func parse(_ text: String) -> Double? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58, b[19] == 90 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int64? {
            var n: Int64 = 0
            for c in b[from..<from + count] {
                guard c >= 48, c <= 57 else { return nil }
                n = n * 10 + Int64(c - 48)
            }
            return n
        }
        guard let y = number(0, 4), let m = number(5, 2), let d = number(8, 2), let h = number(11, 2),
              let mi = number(14, 2), let s = number(17, 2),
              (1...12).contains(m), d >= 1, d <= daysIn(month: m, year: y), h < 24, mi < 60, s < 60 else { return nil }
        let days = daysFromCivil(y, m, d) - epochDays
        return Double(days * 86_400 + h * 3600 + mi * 60 + s)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    private static func daysIn(month m: Int64, year y: Int64) -> Int64 {
        switch m {
        case 2: return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days.
    private static func daysFromCivil(_ y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func civil(_ z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// Base64 for a plist's `<data>` elements.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = bytes.count - i
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : 61)
            out.append(n > 2 ? alphabet[Int(v & 63)] : 61)
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes, skipping white space (plists wrap their data); nil on any other character.
    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0, padding = 0
        for c in text.utf8 {
            let v: UInt32
            switch c {
            case 65...90: v = UInt32(c - 65)
            case 97...122: v = UInt32(c - 97 + 26)
            case 48...57: v = UInt32(c - 48 + 52)
            case 43: v = 62
            case 47: v = 63
            case 61: padding += 1; continue
            case 32, 9, 10, 13: continue
            default: return nil
            }
            if padding > 0 { return nil }
            buffer = buffer << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(buffer >> UInt32(bits) & 0xFF))
            }
        }
        return out
    }
}
