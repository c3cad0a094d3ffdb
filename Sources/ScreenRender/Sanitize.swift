/// Text from a script made safe to print: control characters (escape sequences, bells,
/// backspaces) are removed so a script cannot move the cursor or colour the terminal.
///
/// With `keepNewlines`, line breaks ("\n", "\r\n", "\r", U+2028, U+2029) become "\n" (for
/// headers and footers, which wrap); otherwise they become a space, as tabs always do.
func sanitize(_ s: String, keepNewlines: Bool = false) -> String {
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for cluster in s {
        guard let first = cluster.unicodeScalars.first else { continue }
        switch first.value {
        case 0x0A, 0x0D, 0x2028, 0x2029, 0x85:
            out.append(keepNewlines ? "\n" : " ")
        case 0x09, 0x0B, 0x0C:
            out.append(" ")
        case 0x00..<0x20, 0x7F..<0xA0:
            continue
        default:
            // A cluster cannot hide a control scalar after its first one either.
            if cluster.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
                var kept = String.UnicodeScalarView()
                kept.append(contentsOf: cluster.unicodeScalars.filter { !($0.value < 0x20 || (0x7F..<0xA0).contains($0.value)) })
                out.append(contentsOf: String(kept))
            } else {
                out.append(cluster)
            }
        }
    }
    return out
}
