import ScreenModel
import LuaScreenCore

/// Writes a property list as Apple's XML plist format (the one Xcode writes: a tab per level).
/// A namespace of functions that keep no state: callable from any thread.
public enum PlistWriter {
    /// The whole document, with its XML declaration and DOCTYPE.
    public static func xml(_ value: PlistValue) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
        write(value, indent: 0, to: &out)
        out += "</plist>\n"
        return out
    }

    private static func write(_ value: PlistValue, indent: Int, to out: inout String) {
        let tabs = String(repeating: "\t", count: indent)
        switch value {
        case .string(let s): out += "\(tabs)<string>\(XMLText.escape(s))</string>\n"
        case .integer(let i): out += "\(tabs)<integer>\(i)</integer>\n"
        case .real(let d): out += "\(tabs)<real>\(real(d))</real>\n"
        case .bool(let b): out += "\(tabs)<\(b ? "true" : "false")/>\n"
        case .date(let seconds): out += "\(tabs)<date>\(ISODate.format(seconds))</date>\n"
        case .data(let bytes): out += "\(tabs)<data>\(Base64.encode(bytes))</data>\n"
        case .array(let items):
            if items.isEmpty { out += "\(tabs)<array/>\n"; return }
            out += "\(tabs)<array>\n"
            for item in items { write(item, indent: indent + 1, to: &out) }
            out += "\(tabs)</array>\n"
        case .dictionary(let members):
            if members.isEmpty { out += "\(tabs)<dict/>\n"; return }
            out += "\(tabs)<dict>\n"
            for (key, item) in members {
                out += "\(tabs)\t<key>\(XMLText.escape(key))</key>\n"
                write(item, indent: indent + 1, to: &out)
            }
            out += "\(tabs)</dict>\n"
        }
    }

    /// A real as plists write it: integral values without a fraction, infinities as `+infinity`.
    static func real(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-infinity" : "+infinity" }
        return StoreValue.format(d)
    }
}
