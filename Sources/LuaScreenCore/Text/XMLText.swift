/// Text made safe for an XML document (export's plists and androidx files, `test --junit`):
/// the five special characters as entities, a carriage return as `&#13;`, and the
/// characters XML 1.0 cannot hold at all (C0 controls other than tab and newline, U+FFFE,
/// U+FFFF), which no reference can carry, replaced.
package enum XMLText {
    /// Escapes `text` for element content and for attribute values in double quotes.
    /// `keepLayout`: tab and newline written as they are (else as `&#9;` and `&#10;`, which
    /// an attribute value needs to keep them); `invalid`: what stands for a character XML
    /// cannot hold (empty: it is left out).
    package static func escape(_ text: String, keepLayout: Bool = true, invalid: String = "") -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": if keepLayout { out.unicodeScalars.append(scalar) } else { out += "&#9;" }
            case "\n": if keepLayout { out.unicodeScalars.append(scalar) } else { out += "&#10;" }
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += invalid
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
