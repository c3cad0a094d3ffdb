import ScreenModel
import LuaScreenCore

/// Characters an exported text holds that its XML file cannot (XML 1.0 has no way to write
/// the C0 controls other than tab, newline and carriage return, nor U+FFFE and U+FFFF): they
/// are left out of the file, and one warning per text says so and names its row (SPEC §14).
/// A namespace of functions that keep no state: callable from any thread.
enum ExportTextCheck {
    /// One warning for each text of `plan` that holds a character XML cannot hold.
    static func warnings(_ plan: ExportPlan, format: ExportFormat, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let several = plan.screens.count > 1
        for screen in plan.screens {
            let prefix = several ? "screen \(screen.screen.id)." : ""
            func check(_ text: String?, _ what: String, _ location: SourceLocation?, _ path: String, row: Row? = nil) {
                guard let text, let shown = lost(text) else { return }
                out.append(Diagnostic(.warning, file: location?.file ?? file, line: location?.line, path: path,
                                      message: "\(what) holds \(shown), which \(format.article)'s XML cannot hold; left out of the file",
                                      calledFrom: row.map(plan.callers) ?? []))
            }
            /// Every string of a platform table (`ios` for a Settings.bundle, `android` for androidx).
            func checkTable(_ keys: PlatformKeys, _ location: SourceLocation?, _ path: String, row: Row? = nil) {
                func walk(_ value: PlatformValue, _ name: String) {
                    switch value {
                    case .string(let s): check(s, "\(format == .settingsBundle ? "ios" : "android").\(name)", location, path, row: row)
                    case .list(let items): for (n, item) in items.enumerated() { walk(item, "\(name)[\(n + 1)]") }
                    case .table(let entries): for entry in entries { walk(entry.value, name + "." + entry.key) }
                    default: break
                    }
                }
                for entry in format == .settingsBundle ? keys.ios : keys.android { walk(entry.value, entry.key) }
            }
            check(screen.screen.title, "the screen's title", screen.screen.location, several ? "screen \(screen.screen.id)" : "")
            checkTable(screen.screen.platform, screen.screen.location, several ? "screen \(screen.screen.id)" : "")
            for (si, planned) in screen.sections.enumerated() {
                let section = planned.section
                let path = "\(prefix)sections[\(si + 1)]"
                check(section.header, "the header", section.location, path)
                check(section.footer, "the footer", section.location, path)
                checkTable(section.platform, section.location, path)
                for (ri, row) in planned.rows.enumerated() {
                    let rowPath = "\(path).rows[\(ri + 1)]"
                    let location = row.row.location
                    check(row.row.text.value, "the text", location, rowPath, row: row.row)
                    checkTable(row.row.platform, location, rowPath, row: row.row)
                    if case .value(let detail)? = row.row.detail, format == .androidx { check(detail, "the detail", location, rowPath, row: row.row) }
                    switch row {
                    case .value(_, let detail) where format == .settingsBundle: check(detail, "the detail", location, rowPath, row: row.row)
                    case .child(_, _, let title): check(title, "the title", location, rowPath, row: row.row)
                    case .choice(_, _, let options), .multipleChoice(_, _, let options):
                        for (oi, option) in options.enumerated() {
                            check(option.text, "option \(oi + 1)'s text", location, rowPath, row: row.row)
                            check(option.short, "option \(oi + 1)'s short text", location, rowPath, row: row.row)
                        }
                    default: break
                    }
                }
            }
        }
        return out
    }

    /// The characters of `text` XML cannot hold, written as escapes (`\x01, \x1b`), or nil.
    static func lost(_ text: String) -> String? {
        var found: [String] = []
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let bad = (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF
            guard bad else { continue }
            let digits = String(v, radix: 16)
            let escape = v < 0x100 ? "\\x" + String(repeating: "0", count: 2 - digits.count) + digits : "\\u{" + digits.uppercased() + "}"
            if !found.contains(escape) { found.append(escape) }
            if found.count == 8 { break }
        }
        guard !found.isEmpty else { return nil }
        return (found.count == 1 ? "the character " : "the characters ") + found.joined(separator: ", ")
    }
}
