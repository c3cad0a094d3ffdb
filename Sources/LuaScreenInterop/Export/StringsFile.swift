import LuaScreenCore
import ScreenModel
/// A `.strings` file: `"text" = "translation";` a line, UTF-8 (what `LANG.lproj/Root.strings`
/// of a Settings.bundle holds).
/// A namespace of functions that keep no state: callable from any thread.
public enum StringsFile {
    /// The file's text: one `"text" = "translation";` line a pair, escaped.
    public static func text(_ pairs: [(String, String)]) -> String {
        pairs.map { "\"\(escape($0.0))\" = \"\(escape($0.1))\";\n" }.joined()
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
