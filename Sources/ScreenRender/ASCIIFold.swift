/// `s` spelled with printable ASCII only, for `--ascii` output and non-UTF-8 terminals.
///
/// Accented Latin letters lose their accents ("Café" gives "Cafe", "Œ" gives "OE"), typographic
/// punctuation gets its plain counterpart ("…" gives "...", "•" gives "*", "–" gives "-"),
/// full-width forms their ASCII letters, zero-width characters vanish, and anything else
/// (CJK, emoji, symbols) becomes one "?" a grapheme cluster. Control characters are dropped.
public func asciiFold(_ s: String) -> String {
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
    var out = ""
    for cluster in s {
        guard let first = cluster.unicodeScalars.first else { continue }
        let v = first.value
        if v >= 0x20 && v < 0x7F {
            out.unicodeScalars.append(first)  // a letter with combining marks keeps its letter
        } else if v < 0x20 || (0x7F..<0xA0).contains(v) {
            continue
        } else if let folded = foldScalar(v) {
            out += folded
        } else {
            switch first.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            case .spaceSeparator: out += " "
            default: out += "?"
            }
        }
    }
    return out
}

private func foldScalar(_ v: UInt32) -> String? {
    switch v {
    case 0xC0...0xFF: return latin1[Int(v - 0xC0)]
    case 0x100...0x17F: return latinExtendedA[Int(v - 0x100)]
    case 0xFF01...0xFF5E: return String(Unicode.Scalar(v - 0xFEE0)!)
    default: return punctuation[v]
    }
}

/// U+00C0 ... U+00FF.
package let latin1: [String] = ("A A A A A A AE C E E E E I I I I D N O O O O O x O U U U U Y Th ss "
    + "a a a a a a ae c e e e e i i i i d n o o o o o / o u u u u y th y").split(separator: " ").map(String.init)

/// U+0100 ... U+017F.
package let latinExtendedA: [String] = ("A a A a A a C c C c C c C c D d D d E e E e E e E e E e G g G g G g G g "
    + "H h H h I i I i I i I i I i IJ ij J j K k k L l L l L l L l L l N n N n N n n N n "
    + "O o O o O o OE oe R r R r R r S s S s S s S s T t T t T t U u U u U u U u U u U u "
    + "W w Y y Y Z z Z z Z z s").split(separator: " ").map(String.init)

private let punctuation: [UInt32: String] = [
    0xA0: " ", 0xA1: "!", 0xA2: "c", 0xA3: "GBP", 0xA5: "JPY", 0xA6: "|", 0xA7: "S", 0xA9: "(c)",
    0xAB: "<<", 0xAD: "", 0xAE: "(R)", 0xB0: "o", 0xB1: "+/-", 0xB2: "2", 0xB3: "3", 0xB5: "u",
    0xB7: "*", 0xB9: "1", 0xBB: ">>", 0xBC: "1/4", 0xBD: "1/2", 0xBE: "3/4", 0xBF: "?",
    0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-", 0x2015: "-", 0x2212: "-",
    0x2018: "'", 0x2019: "'", 0x201A: "'", 0x201B: "'", 0x2032: "'",
    0x201C: "\"", 0x201D: "\"", 0x201E: "\"", 0x201F: "\"", 0x2033: "\"",
    0x2022: "*", 0x2023: ">", 0x2027: "*", 0x2026: "...", 0x2039: "<", 0x203A: ">",
    0x20AC: "EUR", 0x2122: "TM", 0x2190: "<-", 0x2192: "->", 0x2194: "<->", 0x21D2: "=>",
    0x2713: "*", 0x2714: "*", 0x2717: "x", 0x2718: "x", 0x25CF: "*", 0x25CB: "o",
    0x25B8: ">", 0x25B6: ">", 0x2500: "-", 0x2502: "|", 0x3000: " ",
]
