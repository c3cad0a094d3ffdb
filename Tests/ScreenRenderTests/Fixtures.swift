import ScreenModel
import ScreenRender

/// Rows and screens the tests draw.
enum Fixtures {
    static func row(_ text: String, id: String? = nil, kind: RowKind = .text, detail: String? = nil,
                    icon: String? = nil, style: RowStyle = .value1, accessory: Accessory = .none,
                    enabled: Bool = true, visible: Bool = true, number: Int? = nil, value: StoreValue? = nil,
                    destructive: Bool = false, error: String? = nil) -> ResolvedRow {
        ResolvedRow(id: id ?? text.lowercased(), kind: kind, text: text, detail: detail, icon: icon, style: style,
                    accessory: accessory, enabled: enabled, visible: visible, selectable: number != nil,
                    key: kind.isBound ? (id ?? text.lowercased()) : nil, value: value, number: number,
                    destructive: destructive, error: error)
    }

    static func toggle(_ text: String, on: Bool, number: Int?, enabled: Bool = true, detail: String? = nil) -> ResolvedRow {
        row(text, kind: .toggle, detail: detail ?? (on ? "on" : "off"), enabled: enabled, number: number, value: .bool(on))
    }

    /// The example of SPEC §1, as the host resolves it.
    static let settings = ResolvedScreen(id: "settings", title: "Settings", sections: [
        ResolvedSection(id: "account", header: "Account", footer: nil, rows: [
            row("Profile", icon: "@", accessory: .disclosure, number: 1),
            toggle("Notifications", on: true, number: 2),
            row("Version", detail: "2.0.0"),
        ]),
        ResolvedSection(id: "about", header: "About", footer: "Thanks for using our app!", rows: [
            row("Sign Out", kind: .button, number: 3, destructive: true),
        ]),
    ])

    /// Everything at once: long texts, CJK, emoji, combining marks, every accessory,
    /// toggles, disabled and failed rows, the three styles, hidden rows and sections.
    static let kitchenSink = ResolvedScreen(id: "sink", title: "Réglages – 設定を変更する 🙂", sections: [
        ResolvedSection(id: "general", header: "General", footer: nil, rows: [
            row("Wi-Fi", detail: "Home Network 5GHz", icon: "📶", accessory: .disclosure, number: 1),
            toggle("Bluetooth", on: false, number: 2),
            toggle("Airplane Mode", on: true, number: 3, enabled: false),
            row("Language", kind: .choice, detail: "日本語", icon: "🌐", accessory: .disclosure, number: 4),
            row("Café crème (cafe\u{301})", detail: "Noël", number: 5),
            row("設定を変更する", detail: "変更済み", accessory: .disclosure, number: 6),
            row("Hidden", visible: false, number: nil),
        ]),
        ResolvedSection(id: "long", header: "A header that is long enough to wrap at forty columns and beyond",
                        footer: "This footer explains the section in words long enough to wrap onto several lines at narrow widths, with a verylongwordthatcannotbebrokenanywhereatall in it.",
                        rows: [
            row("A very long row text that keeps going and going well past any sensible width", id: "long1",
                detail: "and a detail that is also long enough to need cutting", accessory: .disclosure, number: 7),
            row("Info", detail: "More", accessory: .detail, number: 8),
            row("Both", accessory: .detailDisclosure, number: 9),
            row("Selected", accessory: .checkmark, number: 10),
            row("Broken", detail: "ignored", number: 11, error: "attempt to index a nil value (field 'wifi')"),
            row("Name", detail: "Ada Lovelace", style: .subtitle, accessory: .disclosure, number: 12),
            row("Email", detail: "Address", style: .value2, number: 13),
            row("Phone", detail: "+44 20 7946 0000 (home, evenings only)", style: .value2, number: 14),
            row("Delete All Data", kind: .button, number: 15, destructive: true),
            row("Password", kind: .input, detail: "••••", number: 16),
        ]),
        ResolvedSection(id: "secret", header: "Secret", footer: nil, visible: false, rows: [
            row("Hidden section row", number: nil),
        ]),
        ResolvedSection(id: "empty", header: "Empty for now", footer: nil, rows: []),
    ])

    /// Awkward content: many rows (three-digit numbers), wide icons, long words, marks.
    static let stress: ResolvedScreen = {
        var rows: [ResolvedRow] = []
        let texts = ["x", "設定を変更する設定を変更する設定を変更する", "👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻👩‍💻",
                     "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
                     String(repeating: "W", count: 300), "🇯🇵🇫🇷🇩🇪🇯🇵🇫🇷🇩🇪🇯🇵🇫🇷🇩🇪🇯🇵🇫🇷🇩🇪", ""]
        let styles: [RowStyle] = [.value1, .value2, .subtitle]
        for i in 0..<120 {
            let text = texts[i % texts.count]
            let detail = texts[(i / 7) % texts.count]
            let style = styles[i % 3]
            let accessory = Accessory.allCases[i % Accessory.allCases.count]
            let icon = i % 4 == 0 ? "🙂🙂🙂" : (i % 4 == 1 ? "設" : nil)
            if i % 5 == 0 {
                rows.append(row(text + "\(i)", id: "r\(i)", kind: .toggle, detail: i % 2 == 0 ? detail : nil,
                                icon: icon, style: style, accessory: accessory, enabled: i % 3 != 0,
                                number: i + 1, value: .bool(i % 2 == 0)))
            } else {
                rows.append(row(text + "\(i)", id: "r\(i)", detail: detail, icon: icon, style: style,
                                accessory: accessory, enabled: i % 4 != 0, number: i % 9 == 0 ? nil : i + 1,
                                destructive: i % 6 == 0, error: i % 11 == 0 ? detail + " failed" : nil))
            }
        }
        // A huge number, a wide icon, the widest accessory, an error and a disabled toggle at once.
        rows.append(row("Everything at once", id: "worst", kind: .toggle, detail: "Some detail", icon: "🙂🙂🙂",
                        style: .value1, accessory: .detailDisclosure, enabled: false, number: 1_000_000,
                        value: .bool(true), error: "a long error message from a field function"))
        return ResolvedScreen(id: "stress", title: String(repeating: "設定 ", count: 50), sections: [
            ResolvedSection(id: "a", header: String(repeating: "設定を変更する", count: 10), footer: String(repeating: "W", count: 100), rows: rows),
        ])
    }()
}
