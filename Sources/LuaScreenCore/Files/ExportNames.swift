import ScreenModel

/// File names `export` and `explore --out` make from an id, a locale or a script's name
/// (SPEC §14 "Inside --out"): only ASCII letters, digits, `_`, `-` and `.` (not first), at
/// most 200 bytes.
///
/// An id that already is such a name (with room for its suffix) is used as it is. Any other
/// id is mapped: each character outside that set becomes `_`, a leading `.` becomes `_`, and
/// `-` and eight hexadecimal digits of the id's FNV-1a hash (of its UTF-8 bytes) are added,
/// so `Général` becomes `G_n_ral-5f0c9a1b` and two ids that differ only in such characters
/// still get two names. A name whose mapping would pass 200 bytes cannot be mapped (an
/// error naming the row); names equal ignoring case are made distinct by the caller.
/// A namespace of functions that keep no state: callable from any thread.
package enum ExportNames {
    /// The most bytes a file name holds.
    package static let limit = 200

    /// True for a letter, digit, `_`, `-` or `.`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// True when `name` may be a file name as it is: not empty, only name bytes, not starting
    /// with `.`, at most `limit` bytes.
    package static func isSafe(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= limit else { return false }
        return bytes.allSatisfy(isNameByte)
    }

    /// The base of a file name for `id` when `suffix` (".plist") is added: `id` itself when
    /// that is safe, else the mapping above; nil when the result would pass `limit` bytes.
    package static func base(for id: String, suffix: String) -> String? {
        let room = limit - suffix.utf8.count
        if isSafe(id + suffix), id.utf8.count <= room { return id }
        var mapped = ""
        for scalar in id.unicodeScalars {
            if scalar.isASCII, isNameByte(UInt8(scalar.value)) { mapped.unicodeScalars.append(scalar) } else { mapped += "_" }
        }
        if mapped.hasPrefix(".") { mapped = "_" + mapped.dropFirst() }
        mapped += "-" + hash(id)
        return mapped.utf8.count <= room ? mapped : nil
    }

    /// Eight lowercase hexadecimal digits of the 32-bit FNV-1a hash of `text`'s UTF-8 bytes.
    package static func hash(_ text: String) -> String {
        var h: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            h ^= UInt32(byte)
            h = h &* 0x0100_0193
        }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Why a locale cannot name a folder (`LANG.lproj`), or nil when it can: locales are used
    /// as they are (a mapped locale would be one no device has).
    package static func localeProblem(_ locale: String) -> String? {
        if isSafe(locale + ".lproj") { return nil }
        return "locale \"\(sanitize(Diagnostic.quote(locale)))\" cannot name a folder: a locale holds only ASCII letters, digits, '_', '-' and '.' (not first), at most \(limit - 6) bytes (e.g. de, pt-BR, zh-Hans); nothing was written"
    }
}
