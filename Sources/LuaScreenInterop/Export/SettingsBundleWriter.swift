import ScreenModel
import LuaScreenCore

/// The specifiers of an iOS Settings.bundle (Apple's Settings Application Schema Reference)
/// for an export plan: each screen's `PreferenceSpecifiers`, in order.
enum SettingsBundleWriter {
    /// `Root.plist`, `ID.plist` per child screen and, when there are translations, one
    /// strings table per pane: its `ios` `StringsTable`, else its own file name (what iOS reads
    /// when a pane names none), `LANG.lproj/TABLE.strings` holding the translations of the
    /// texts it shows (the screen's own translation of a text first, then the app's); the
    /// root's table also holds every translation no pane shows, so no translation is lost.
    static func files(_ plan: ExportPlan, strings: [String: [String: String]]) -> [ExportedFile] {
        var files: [ExportedFile] = []
        var tables: [(name: String, texts: [String], own: [String: [String: String]])] = []
        for screen in plan.screens {
            var top: [(key: String, value: PlistValue)] = []
            if let title = paneTitle(screen, plan) { top.append(("Title", .string(title))) }
            top.append(("PreferenceSpecifiers", .array(specifiers(screen))))
            let value = merged(top, screen.screen.platform.ios)
            let table = value["StringsTable"]?.string ?? screen.file
            let own = screen.screen.strings
            if let k = tables.firstIndex(where: { $0.name == table }) {
                tables[k].texts += localizable(value)
                tables[k].own.merge(own) { first, later in first.merging(later) { a, _ in a } }
            } else {
                tables.append((table, localizable(value), own))
            }
            files.append(ExportedFile(path: screen.file + ".plist", contents: PlistWriter.xml(value)))
        }
        let safe = tables.filter { ExportNames.isSafe($0.name + ".strings") }
        let languages = Set(strings.keys).union(plan.screens.flatMap { $0.screen.strings.keys })
        for language in languages.sorted() {
            let translations = strings[language] ?? [:]
            var shown = Set<String>()
            for (n, table) in safe.enumerated() {
                var seen = Set<String>()
                let own = table.own[language] ?? [:]
                var pairs = table.texts.filter { seen.insert($0).inserted }.compactMap { text in (own[text] ?? translations[text]).map { (text, $0) } }
                // The pane's own translations of texts it does not show (keys the app looks up) stay in its table.
                pairs += own.keys.filter { !seen.contains($0) }.sorted().map { ($0, own[$0]!) }
                shown.formUnion(seen)
                if n == 0 {
                    // Translations of texts no pane shows (keys the app looks up itself) stay too.
                    let rest = translations.keys.filter { text in !safe.contains { $0.texts.contains(text) } }.sorted()
                    pairs += rest.map { ($0, translations[$0]!) }
                }
                if !pairs.isEmpty || n == 0 { files.append(ExportedFile(path: "\(language).lproj/\(table.name).strings", contents: StringsFile.text(pairs))) }
            }
        }
        return files
    }

    /// A pane's `Title`: left out where it is what iOS shows anyway and what import reads back
    /// from an untitled pane (the root titled "Settings"; a child titled as every row that
    /// opens it); import keeps a written `Title` of that kind in the pane's `ios`.
    static func paneTitle(_ screen: ExportPlan.PlannedScreen, _ plan: ExportPlan) -> String? {
        let title = screen.screen.title
        if screen.file == "Root" { return title == "Settings" ? nil : title }
        var openers: [String] = []
        for other in plan.screens {
            for section in other.sections {
                for row in section.rows {
                    if case .child(let r, let file, _) = row, file == screen.file { openers.append(r.text.value ?? r.id) }
                }
            }
        }
        // (import titles a pane opened by rows of different titles after its file)
        return title == screen.file || (!openers.isEmpty && openers.allSatisfy({ $0 == title })) ? nil : title
    }

    /// One screen's specifiers: a PSGroupSpecifier per section (the first one only when it has
    /// a header or a footer), then its rows. A radio choice is a group of its own, titled by
    /// its text: first in a section without a header or with its text as header, it stands
    /// for the section's group (and takes its footer); elsewhere it starts a group.
    static func specifiers(_ screen: ExportPlan.PlannedScreen) -> [PlistValue] {
        var out: [PlistValue] = []
        for (index, planned) in screen.sections.enumerated() {
            let section = planned.section
            let radioFirst = planned.rows.first.map { isRadio($0) && (section.header == nil || section.header == $0.row.text.value) } ?? false
            if !radioFirst, index > 0 || section.header != nil || section.footer != nil || !section.platform.ios.isEmpty {
                var group: [(key: String, value: PlistValue)] = [("Type", .string("PSGroupSpecifier"))]
                if let header = section.header { group.append(("Title", .string(header))) }
                if let footer = section.footer { group.append(("FooterText", .string(footer))) }
                out.append(merged(group, section.platform.ios))
            }
            for (n, row) in planned.rows.enumerated() {
                let ios = row.row.platform.ios
                if n == 0, radioFirst {
                    out.append(merged(radioGroup(row, title: titleUnlessKey(row), footer: section.footer), section.platform.ios + ios))
                } else if isRadio(row) {
                    out.append(merged(radioGroup(row, title: titleUnlessKey(row), footer: nil), ios))
                } else if let s = specifier(row) {
                    out.append(merged(s, ios))
                }
            }
        }
        return out
    }

    private static func isRadio(_ planned: ExportPlan.PlannedRow) -> Bool {
        if case .choice(_, let binding, _) = planned { return binding.radio }
        return false
    }

    /// The row's text, unless it is its key (what import gives a specifier without a Title).
    private static func titleUnlessKey(_ planned: ExportPlan.PlannedRow) -> String? {
        let row = planned.row
        let text = row.text.value ?? row.id
        return text == row.binding?.key ? nil : text
    }

    /// A PSRadioGroupSpecifier: the group's title and footer, then the choice's keys.
    private static func radioGroup(_ planned: ExportPlan.PlannedRow, title: String?, footer: String?) -> PlistValue {
        guard case .choice(_, let binding, let options) = planned else { return .dictionary([]) }
        var d: [(key: String, value: PlistValue)] = [("Type", .string("PSRadioGroupSpecifier"))]
        if let title { d.append(("Title", .string(title))) }
        if let footer { d.append(("FooterText", .string(footer))) }
        d += choiceKeys(binding, options, shortTitles: false)
        return .dictionary(d)
    }

    /// A choice's Key, DefaultValue, Titles, Values and, when given, ShortTitles (multi-value
    /// only: a radio group shows every title) and DisplaySortedByTitle.
    private static func choiceKeys(_ binding: Binding, _ options: [ChoiceOption], shortTitles: Bool) -> [(key: String, value: PlistValue)] {
        var d: [(key: String, value: PlistValue)] = [
            ("Key", .string(binding.key)), ("DefaultValue", plist(binding.defaultValue)),
            ("Titles", .array(options.map { .string($0.text) })),
            ("Values", .array(options.map { plist($0.value) })),
        ]
        if shortTitles, options.contains(where: { $0.short != nil }) {
            d.append(("ShortTitles", .array(options.map { .string($0.short ?? $0.text) })))
        }
        if binding.sortedOptions { d.append(("DisplaySortedByTitle", .bool(true))) }
        return d
    }

    private static func specifier(_ planned: ExportPlan.PlannedRow) -> PlistValue? {
        let row = planned.row
        let title = row.text.value ?? row.id
        switch planned {
        case .value(_, let detail):
            // An untitled specifier is imported with its Key as text (and as id): no Title then.
            // A row whose ios names another Type (a specifier import kept as a plain row) is
            // written as that specifier: its Title, its detail when it shows one, its ios keys.
            let other = row.platform.ios("Type").map { $0 != .string("PSTitleValueSpecifier") } ?? false
            if other {
                // The address or recipients an IASK URL or mail row shows are its File and
                // recipients (in ios), not a DefaultValue: none is added.
                let shows = ["IASKOpenURLSpecifier", "IASKMailComposeSpecifier"].contains { row.platform.ios("Type") == .string($0) }
                return .dictionary([("Type", .string("PSTitleValueSpecifier"))] + titled(title, unless: row.id)
                                   + (detail.isEmpty || shows ? [] : [("DefaultValue", .string(detail))]))
            }
            return .dictionary([("Type", .string("PSTitleValueSpecifier"))] + titled(title, unless: row.id)
                               + [("Key", .string(row.id)), ("DefaultValue", .string(detail))])
        case .child(_, let file, _):
            return .dictionary([("Type", .string("PSChildPaneSpecifier")), ("Title", .string(title)), ("File", .string(file))])
        case .toggle(_, let binding):
            // DefaultValue says on or off; TrueValue/FalseValue what a `values` toggle stores.
            var entries: [(key: String, value: PlistValue)] = [("Type", .string("PSToggleSwitchSpecifier"))] + titled(title, unless: binding.key)
            entries += [("Key", .string(binding.key)), ("DefaultValue", .bool(binding.toggleIsOn(binding.defaultValue) ?? false))]
            if let values = binding.toggleValues {
                entries += [("TrueValue", plist(values.on)), ("FalseValue", plist(values.off))]
            }
            return .dictionary(entries)
        case .choice(_, let binding, let options):
            return .dictionary([("Type", .string("PSMultiValueSpecifier"))] + titled(title, unless: binding.key)
                               + choiceKeys(binding, options, shortTitles: true))
        case .input(_, let binding):
            // DefaultValue is optional for a text field: an empty default is left out (import
            // keeps a written empty one in the row's ios). A multiline input is InAppSettingsKit's
            // text view (the one multi-line field; it takes the same keyboard keys, no IsSecure).
            let textView = binding.multiline && !binding.secure
            var d: [(key: String, value: PlistValue)] = [("Type", .string(textView ? "IASKTextViewSpecifier" : "PSTextFieldSpecifier"))]
                                                          + titled(title, unless: binding.key) + [("Key", .string(binding.key))]
            if binding.defaultValue != .string("") { d.append(("DefaultValue", plist(binding.defaultValue))) }
            // IsSecure as written (`secure = false` too: what import gives an explicit NO).
            if !textView, binding.secure || binding.secureAsWritten != nil { d.append(("IsSecure", .bool(binding.secure))) }
            if let k = binding.keyboard { d.append(("KeyboardType", .string(k.settingsBundleName))) }
            if let a = binding.autocapitalize { d.append(("AutocapitalizationType", .string(a.settingsBundleName))) }
            if let c = binding.autocorrect { d.append(("AutocorrectionType", .string(c ? "Yes" : "No"))) }
            return .dictionary(d)
        case .numberField(_, let binding):
            // A text field stores text: the default as the number's text; whole numbers of no
            // sign get the digits pad, others the keyboard with a sign and a point.
            let whole = binding.minimum.map { $0 >= 0 } ?? false && (binding.step.map { $0 == $0.rounded() } ?? true)
                && (binding.defaultValue.doubleValue.map { $0 == $0.rounded() } ?? true)
            return .dictionary([("Type", .string("PSTextFieldSpecifier"))] + titled(title, unless: binding.key)
                               + [("Key", .string(binding.key)), ("DefaultValue", .string(binding.defaultValue.description)),
                                  ("KeyboardType", .string(whole ? "NumberPad" : "NumbersAndPunctuation")),
                                  ("AutocorrectionType", .string("No"))])
        case .slider(_, let binding, let min, let max):
            // Sliders have no title in Apple's schema; Title is kept for a reader that shows it
            // (and for import), and Settings ignores it. A text that is the key is left out:
            // import gives a slider without a Title its key as text.
            var d: [(key: String, value: PlistValue)] = [("Type", .string("PSSliderSpecifier"))]
            if title != binding.key { d.append(("Title", .string(title))) }
            d += [("Key", .string(binding.key)), ("DefaultValue", plist(binding.defaultValue)),
                  ("MinimumValue", number(min)), ("MaximumValue", number(max))]
            return .dictionary(d)
        case .button:
            // Only a button whose ios names its specifier's Type (an imported IASKButtonSpecifier).
            guard row.platform.ios("Type") != nil else { return nil }
            return .dictionary([("Type", .string("PSTitleValueSpecifier"))] + titled(title, unless: row.id) + [("Key", .string(row.id))])
        case .multipleChoice:
            return nil
        }
    }

    /// A specifier (or a pane's top dictionary) with the `ios` keys merged in: a key it has
    /// already takes the `ios` value in its place, the others follow in key order.
    static func merged(_ dictionary: PlistValue, _ ios: [PlatformEntry]) -> PlistValue {
        guard case .dictionary(let members) = dictionary else { return dictionary }
        return merged(members, ios)
    }

    /// `members` with the `ios` keys merged in (see `merged(_:_:)`).
    static func merged(_ members: [(key: String, value: PlistValue)], _ ios: [PlatformEntry]) -> PlistValue {
        guard !ios.isEmpty else { return .dictionary(members) }
        var out = members
        for entry in ios {
            // `["-KEY"] = true`: the specifier has no KEY (import saw none): export writes none.
            if entry.key.hasPrefix("-"), entry.value == .bool(true) {
                out.removeAll { $0.key == String(entry.key.dropFirst()) }
                continue
            }
            if let i = out.firstIndex(where: { $0.key == entry.key }) { out[i].value = platformPlist(entry.value) }
            else { out.append((entry.key, platformPlist(entry.value))) }
        }
        return .dictionary(out)
    }

    /// A platform value as a plist value (a Lua integer an `<integer>`, a float a `<real>`).
    static func platformPlist(_ value: PlatformValue) -> PlistValue {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .number(let d): return .real(d)
        case .bool(let b): return .bool(b)
        case .list(let items): return .array(items.map(platformPlist))
        // `{}` is an empty array: Lua cannot tell `<array/>` from `<dict/>`, and apps' plists
        // hold empty arrays (IASK's mail recipients), never an empty dictionary (import warns of one).
        case .table(let entries): return entries.isEmpty ? .array([]) : .dictionary(entries.map { ($0.key, platformPlist($0.value)) })
        }
    }

    /// `Title` = `title`, unless it is `fallback`: what import shows an untitled specifier as
    /// (its Key, its File), so an untitled specifier comes back untitled. (Import keeps a
    /// `Title` that equals the fallback in the row's `ios`.)
    static func titled(_ title: String, unless fallback: String) -> [(key: String, value: PlistValue)] {
        title == fallback ? [] : [("Title", .string(title))]
    }

    /// A stored value as a plist value (whole numbers as integers).
    static func plist(_ value: StoreValue) -> PlistValue {
        switch value {
        case .bool(let b): return .bool(b)
        case .integer(let i): return .integer(i)
        case .number(let d): return number(d)
        case .string(let s): return .string(s)
        default: return .string(value.description)  // kinds of value added later (SPEC §8 lists)
        }
    }

    static func number(_ d: Double) -> PlistValue {
        d == d.rounded() && abs(d) < 9e15 ? .integer(Int64(d)) : .real(d)
    }

    /// The localizable strings of a plist: every Title, FooterText, Titles and ShortTitles entry.
    private static func localizable(_ value: PlistValue) -> [String] {
        var out: [String] = []
        for specifier in value["PreferenceSpecifiers"]?.array ?? [] {
            if let t = specifier["Title"]?.string { out.append(t) }
            if let f = specifier["FooterText"]?.string { out.append(f) }
            for t in specifier["Titles"]?.array ?? [] { if let s = t.string { out.append(s) } }
            for t in specifier["ShortTitles"]?.array ?? [] { if let s = t.string { out.append(s) } }
        }
        return out
    }
}

