/// How `sanitize` treats line breaks and tabs.
public enum LineBreaks: Sendable {
    /// "\n" and "\t" stay as they are (print, alerts, test output, REPL output).
    case keep
    /// "\n" and "\t" are escaped too (a diagnostic is one line).
    case escape
    /// "\n", "\r\n", "\r", U+0085, U+2028 and U+2029 become "\n", a tab a space (headers
    /// and footers, which wrap).
    case paragraph
    /// Every line break and tab becomes a space (titles, row texts: one line each).
    case space
}

/// The one sanitizer: text a script supplied, made safe to print on a terminal (SPEC §7).
///
/// Control characters (C0 but for newline and tab, DEL, C1) and the bidirectional controls
/// U+202A–U+202E and U+2066–U+2069 are shown as escapes, never raw: `\x1b` for C0 and DEL,
/// `\u{9B}` for C1, `\u{202E}` for bidi controls. So a script cannot move the cursor, clear
/// the screen, set the window title, write the clipboard (OSC 52) or reorder what follows.
/// Every byte a script makes the host print goes through here.
public func sanitize(_ s: String, lineBreaks: LineBreaks = .keep) -> String {
    if isPlain(s, lineBreaks) { return s }
    var out = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in s.unicodeScalars {
        let v = scalar.value
        defer { previousWasCR = v == 0x0D }
        switch lineBreaks {
        case .keep where v == 0x0A || v == 0x09:
            out.append(scalar)
            continue
        case .paragraph, .space:
            switch v {
            case 0x0A where previousWasCR:
                continue  // "\r\n": the "\r" made the line break already
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                out.append(lineBreaks == .paragraph ? "\n" : " ")
                continue
            case 0x09:
                out.append(" ")
                continue
            default:
                break
            }
        default:
            break
        }
        if isHidden(v) {
            let hex = String(v, radix: 16, uppercase: v >= 0x80)
            let escape = v < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex : "\\u{" + hex + "}"
            out.append(contentsOf: escape.unicodeScalars)
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

/// A control or bidi scalar that `sanitize` escapes (whatever it does with line breaks).
@inline(__always)
public func isHidden(_ v: UInt32) -> Bool {
    v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
}

/// True when no byte of `s` could need a change: printable ASCII, newline and tab (when
/// kept), and UTF-8 lead bytes other than 0xC2 (C1, U+0085) and 0xE2 (U+2028, bidi).
private func isPlain(_ s: String, _ lineBreaks: LineBreaks) -> Bool {
    let keep = lineBreaks == .keep
    return s.utf8.allSatisfy { b in
        (b >= 0x20 && b != 0x7F && b != 0xC2 && b != 0xE2) || (keep && (b == 0x0A || b == 0x09))
    }
}
