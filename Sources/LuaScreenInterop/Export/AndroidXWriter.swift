import LuaRuntime
import ScreenModel
import LuaScreenCore

/// androidx.preference XML for an export plan (SPEC §15): `res/xml/NAME.xml` for the root (and
/// for each screen no row opens), child screens nested as `PreferenceScreen` elements, every
/// displayed text as a `@string/` reference into `res/values/strings.xml` and
/// `res/values-LANG/strings.xml`, the options' arrays in `res/values/arrays.xml`. Only
/// attributes `AndroidXAttributes` lists are written, each in its namespace; a row's
/// `android = { ... }` table is written back.
enum AndroidXWriter {
    /// The files of `plan`; `strings` maps a locale to its translations (text → translation).
    static func files(_ plan: ExportPlan, strings: [String: [String: String]] = [:]) -> ([ExportedFile], [Diagnostic]) {
        var writer = Writer(plan: plan)
        var files: [ExportedFile] = []
        // A screen that some row opens is nested where it is opened; the others get a file.
        let opened = Set(plan.screens.flatMap { $0.sections.flatMap { $0.rows.compactMap { row -> String? in
            if case .child(_, let file, _) = row { return file } else { return nil } } } })
        for (n, screen) in plan.screens.enumerated() where n == 0 || !opened.contains(screen.file) {
            var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            out += writer.screen(screen, indent: "", root: true, path: [screen.file])
            files.append(ExportedFile(path: "res/xml/\(screen.file).xml", contents: out))
        }
        files.append(ExportedFile(path: "res/values/strings.xml", contents: writer.strings.file(locale: nil)))
        for locale in strings.keys.sorted() {
            guard let folder = AndroidXResources.folder(ofLocale: locale) else {
                writer.warnings.append(Diagnostic(.warning, file: "", line: nil, path: "", message: "strings for \"\(locale)\" left out: Android has no values folder for that locale"))
                continue
            }
            files.append(ExportedFile(path: "res/\(folder)/strings.xml", contents: writer.strings.file(locale: strings[locale] ?? [:], named: locale)))
        }
        var values = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for array in writer.arrays {
            values += "    <string-array name=\"\(array.name)\">\n"
            for item in array.items { values += "        <item>\(item)</item>\n" }
            values += "    </string-array>\n"
        }
        values += "</resources>\n"
        files.append(ExportedFile(path: "res/values/arrays.xml", contents: values))
        return (files, writer.warnings)
    }

    /// The value of `attribute` in an `android` table, under `app:NAME`, `android:NAME` or `NAME`.
    static func platform(_ table: [PlatformEntry], _ attribute: String) -> PlatformValue? {
        table.first { $0.key == "app:" + attribute || $0.key == "android:" + attribute || $0.key == attribute }?.value
    }

    /// Whether an `android` table says the element had no title (`untitled = true`, from import).
    static func untitled(_ table: [PlatformEntry]) -> Bool {
        table.contains { $0.key == "untitled" && $0.value == .bool(true) }
    }

    /// The text of a platform value as an attribute holds it.
    static func attributeText(_ value: PlatformValue) -> String? {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return StoreValue.format(d)
        case .list, .table: return nil
        }
    }

    /// The resource names given to texts, in order, for `strings.xml`.
    struct StringTable {
        private(set) var names: [(name: String, text: String)] = []
        /// Translations of one string resource of its own (by name), by locale.
        private var own: [String: [String: String]] = [:]
        private var byText: [String: String] = [:]
        var used = Set<String>()

        /// `@string/NAME` for `text` (one name a text), the name made from `hint`.
        mutating func reference(_ text: String, hint: String) -> String {
            if let name = byText[text] { return "@string/" + name }
            let name = AndroidXWriter.resourceName(hint, used: &used)
            byText[text] = name
            names.append((name, text))
            return "@string/" + name
        }

        /// `@string/NAME` for `text` with translations of its own (`own`, by locale): a name of
        /// its own, not shared with the text elsewhere.
        mutating func reference(_ text: String, hint: String, own translations: [String: String]) -> String {
            let name = AndroidXWriter.resourceName(hint, used: &used)
            names.append((name, text))
            own[name] = translations
            return "@string/" + name
        }

        /// `strings.xml`: the texts (`locale` nil), or their translations in the locale `named`
        /// (texts without one left out).
        func file(locale: [String: String]?, named: String? = nil) -> String {
            var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
            for (name, text) in names {
                let value: String
                if let locale {
                    let translated: String?
                    if let mine = own[name] { translated = named.flatMap { mine[$0] } } else { translated = locale[text] }
                    guard let translated else { continue }
                    value = translated
                } else {
                    value = text
                }
                out += "    <string name=\"\(name)\">\(AndroidXWriter.text(value))</string>\n"
            }
            return out + "</resources>\n"
        }
    }

    /// The state of one export: string and array resources made so far.
    struct Writer {
        let plan: ExportPlan
        var strings = StringTable()
        var arrays: [(name: String, items: [String])] = []
        var usedArrays = Set<String>()
        var warnings: [Diagnostic] = []

        init(plan: ExportPlan) { self.plan = plan }

        mutating func screen(_ screen: ExportPlan.PlannedScreen, indent: String, root: Bool, path: [String],
                             opener: (row: Row, title: String)? = nil) -> String {
            var attributes: [(String, String)] = []
            let id = opener?.row.id ?? screen.screen.id
            let table = opener?.row.platform.android ?? screen.screen.platform.android
            attributes.append(("app:key", AndroidXWriter.platform(screen.screen.platform.android, "key").flatMap(AndroidXWriter.attributeText) ?? id))
            if !AndroidXWriter.untitled(table) {
                attributes.append(("android:title", strings.reference(opener?.title ?? screen.screen.title, hint: id + "_title")))
            }
            if let row = opener?.row, case .value(let detail)? = row.detail, !detail.isEmpty {
                attributes.append(("app:summary", strings.reference(detail, hint: id + "_summary")))
            }
            if let row = opener?.row {
                attributes += common(row, element: "PreferenceScreen")
                attributes += platform(row.platform.android, element: "PreferenceScreen", what: "row \(row.id)", textHint: id)
            }
            attributes += platform(screen.screen.platform.android, element: "PreferenceScreen", what: "screen \(screen.screen.id)", textHint: id)
            var out = indent + "<PreferenceScreen"
            if root {
                out += " xmlns:android=\"http://schemas.android.com/apk/res/android\"\n" + indent + "    xmlns:app=\"http://schemas.android.com/apk/res-auto\""
            }
            // The root's other namespace declarations beside android's and app's.
            if root { out += attributes.filter { $0.0.hasPrefix("xmlns:") }.map { "\n" + indent + "    \($0.0)=\"\(XMLText.escape(String($0.1.dropFirst())))\"" }.joined() }
            out += AndroidXWriter.attributes(attributes.filter { !$0.0.hasPrefix("xmlns:") }, indent: indent + "    ") + ">\n"
            for table in [opener?.row.platform.android, screen.screen.platform.android].compactMap({ $0 }) {
                out += AndroidXWriter.children(table, indent: indent + "    ")
            }
            // Categories still open (a category inside a category: `android.parent`, and rows
            // after it: `android.continues`), innermost last.
            var open: [(id: String, name: String, indent: String)] = []
            func close(until target: String?) {
                while let last = open.last, last.id != target {
                    out += last.indent + "</\(last.name)>\n"
                    open.removeLast()
                }
            }
            for (n, planned) in screen.sections.enumerated() {
                let table = planned.section.platform.android
                let continues = AndroidXWriter.string(table, "continues"), parent = AndroidXWriter.string(table, "parent")
                let target = (continues ?? parent).flatMap { t in open.contains { $0.id == t } ? t : nil }
                close(until: target)
                let inner = open.last.map { $0.indent + "    " } ?? indent + "    "
                if continues != nil, target != nil {
                    for row in planned.rows { out += element(row, indent: inner, path: path) }
                    continue
                }
                let holds = screen.sections.contains { other in
                    [AndroidXWriter.string(other.section.platform.android, "parent"),
                     AndroidXWriter.string(other.section.platform.android, "continues")].contains(planned.section.id)
                }
                let (text, opened) = section(planned, position: n + 1, indent: inner, path: path, holdsOthers: holds)
                out += text
                if let opened { open.append((planned.section.id, opened, inner)) }
            }
            close(until: nil)
            return out + indent + "</PreferenceScreen>\n"
        }

        /// A section: its category's element with its rows, left open (its name returned) for
        /// the caller to close; rows alone for a bare section.
        mutating func section(_ planned: ExportPlan.PlannedSection, position: Int, indent: String, path: [String],
                              holdsOthers: Bool) -> (String, String?) {
            let section = planned.section
            var inner = indent
            var out = ""
            var name = "PreferenceCategory"
            if let element = AndroidXWriter.string(section.platform.android, "element"), AndroidXWriter.isElementName(element) { name = element }
            let bare = section.header == nil && section.footer == nil && section.platform.android.isEmpty
                && section.id == "section\(position)" && !isHidden(section.visible)
            if !bare {
                var attributes: [(String, String)] = [("app:key", section.id)]
                if let header = section.header { attributes.append(("android:title", strings.reference(header, hint: section.id + "_title"))) }
                if let footer = section.footer { attributes.append(("app:summary", strings.reference(footer, hint: section.id + "_summary"))) }
                if isHidden(section.visible) { attributes.append(("app:isPreferenceVisible", "false")) }
                attributes += platform(section.platform.android, element: name, what: "section \(section.id)", textHint: section.id)
                if AndroidXWriter.platform(section.platform.android, "iconSpaceReserved") == nil { attributes.append(("app:iconSpaceReserved", "false")) }
                out += "\n" + indent + "<\(name)" + AndroidXWriter.attributes(attributes, indent: indent + "    ")
                let children = AndroidXWriter.children(section.platform.android, indent: indent + "    ")
                if planned.rows.isEmpty && children.isEmpty && !holdsOthers { return (out + " />\n", nil) }
                out += ">\n" + children
                inner = indent + "    "
            }
            for row in planned.rows { out += element(row, indent: inner, path: path) }
            return (out, bare ? nil : name)
        }

        private func isHidden(_ visible: Dynamic<Bool>) -> Bool {
            if case .value(false) = visible { return true }
            return false
        }

        /// The attributes every row's element has: `enabled`, `isPreferenceVisible`, `dependency`,
        /// `iconSpaceReserved` (false unless the row has an icon).
        mutating func common(_ row: Row, element: String) -> [(String, String)] {
            var out: [(String, String)] = []
            if case .value(false) = row.enabled { out.append(("app:enabled", "false")) }
            if isHidden(row.visible) { out.append(("app:isPreferenceVisible", "false")) }
            if row.icon == nil, AndroidXWriter.platform(row.platform.android, "iconSpaceReserved") == nil { out.append(("app:iconSpaceReserved", "false")) }
            return out
        }

        /// A row's `android` table as attributes of `element`, each as written: a qualified name
        /// (`android:inputType`, `app:x`, `search:ignore`, `tools:targetApi`, `xmlns:search`) in its
        /// namespace, a bare name androidx.preference declares in its namespace (`app:` for its
        /// own), any other bare name (`style`) with no namespace. `element`, `untitled` and
        /// `children` are not attributes.
        mutating func platform(_ table: [PlatformEntry], element: String, what: String, textHint: String? = nil) -> [(String, String)] {
            var out: [(String, String)] = []
            for entry in table where !AndroidXWriter.notAttributes.contains(entry.key) {
                if case .table(let own) = entry.value, case .string(let text)? = own.first(where: { $0.key == "text" })?.value,
                   AndroidXReader.texts.contains(String(entry.key.split(separator: ":").last ?? "")) {
                    // A text with its own translations (import kept them): a string of its own.
                    var translations: [String: String] = [:]
                    for entry in own where entry.key != "text" { if case .string(let t) = entry.value { translations[entry.key] = t } }
                    let bare = String(entry.key.split(separator: ":").last ?? "")
                    out.append((entry.key.contains(":") ? entry.key : "app:" + entry.key,
                                strings.reference(text, hint: (textHint ?? "text") + "_" + bare, own: translations)))
                    continue
                }
                if case .list(let items) = entry.value, items.allSatisfy({ AndroidXWriter.attributeText($0) != nil }) {
                    // An array (an app's `@array/` import resolved): one of the export's arrays.
                    let bare = String(entry.key.split(separator: ":").last ?? "")
                    let base = AndroidXWriter.resourceName((textHint ?? "array") + "_" + bare, used: &usedArrays)
                    let texts = items.compactMap(AndroidXWriter.attributeText)
                    arrays.append((base, bare == "entries" ? texts.enumerated().map { strings.reference($1, hint: base + "_\($0 + 1)") }
                                                          : texts.map(AndroidXWriter.text)))
                    var name = entry.key
                    if !name.contains(":") { name = "app:" + name }
                    out.append((name, "@array/" + base))
                    continue
                }
                guard let value = AndroidXWriter.attributeText(entry.value) else {
                    warn("\(what): android.\(entry.key) left out: an attribute holds one value, not a table")
                    continue
                }
                var name = entry.key
                if !name.contains(":"), let declared = AndroidXAttributes.styleables.values.joined().first(where: { $0.name == name }) {
                    name = (declared.app ? "app:" : "android:") + name
                }
                // Texts the user reads (summaryOn, summaryOff, dialog and button texts) go to strings.xml.
                let bare = String(name.split(separator: ":").last ?? "")
                if let textHint, name.hasPrefix("app:") || name.hasPrefix("android:"), AndroidXReader.texts.contains(bare), !value.hasPrefix("@") {
                    out.append((name, strings.reference(value, hint: textHint + "_" + bare)))
                } else {
                    out.append((name, "\u{0}" + value))  // as written in the XML: not an Android literal
                }
            }
            return out
        }

        mutating func warn(_ message: String) {
            warnings.append(Diagnostic(.warning, file: "", line: nil, path: "", message: message))
        }

        mutating func element(_ planned: ExportPlan.PlannedRow, indent: String, path: [String]) -> String {
            let row = planned.row
            let title = row.text.value ?? row.id
            let hint = row.binding?.key ?? row.id
            var name: String
            var attributes: [(String, String)] = [("app:key", row.binding?.key ?? row.id)]
            if !AndroidXWriter.untitled(row.platform.android) { attributes.append(("android:title", strings.reference(title, hint: hint + "_title"))) }
            let detail: String? = { if case .value(let d)? = row.detail, !d.isEmpty { return d } else { return nil } }()
            switch planned {
            case .value:
                name = "Preference"
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
            case .child(_, let file, let childTitle):
                if let child = plan.screens.first(where: { $0.file == file }), !path.contains(file) {
                    return screen(child, indent: indent, root: false, path: path + [file], opener: (row, title.isEmpty ? childTitle : title))
                }
                // A screen already open above (a cycle).
                name = "Preference"
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
            case .button:
                name = "Preference"
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
            case .toggle(_, let binding):
                name = "SwitchPreferenceCompat"
                if AndroidXWriter.platform(row.platform.android, "defaultValue") == nil {
                    attributes.append(("app:defaultValue", (binding.toggleIsOn(binding.defaultValue) ?? false) ? "true" : "false"))
                }
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
            case .choice(_, let binding, let options):
                name = "ListPreference"
                // Arrays of different lengths (kept whole in android) are written from there.
                if case .list? = AndroidXWriter.platform(row.platform.android, "entryValues") {} else { attributes += optionArrays(binding, options) }
                if AndroidXWriter.platform(row.platform.android, "nodefault") != .bool(true) { attributes.append(("app:defaultValue", binding.defaultValue.description)) }
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
                else if AndroidXWriter.platform(row.platform.android, "useSimpleSummaryProvider") == nil,
                        AndroidXWriter.platform(row.platform.android, "summary") == nil { attributes.append(("app:useSimpleSummaryProvider", "true")) }
            case .multipleChoice(_, let binding, let options):
                name = "MultiSelectListPreference"
                attributes += optionArrays(binding, options)
                if case .list(let items) = binding.defaultValue, !items.isEmpty {
                    let base = AndroidXWriter.resourceName(binding.key + "_defaults", used: &usedArrays)
                    arrays.append((base, items.map { AndroidXWriter.text($0.description) }))
                    attributes.append(("app:defaultValue", "@array/" + base))
                }
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
            case .input(_, let binding):
                name = "EditTextPreference"
                if !binding.defaultValue.description.isEmpty { attributes.append(("app:defaultValue", binding.defaultValue.description)) }
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
                else if !binding.secure, AndroidXWriter.platform(row.platform.android, "useSimpleSummaryProvider") == nil,
                        AndroidXWriter.platform(row.platform.android, "summary") == nil {
                    attributes.append(("app:useSimpleSummaryProvider", "true"))
                }
            case .numberField(_, let binding):
                // A number typed in the dialog's EditText (its number input type is set in code).
                name = "EditTextPreference"
                attributes.append(("app:defaultValue", binding.defaultValue.description))
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
                else if AndroidXWriter.platform(row.platform.android, "useSimpleSummaryProvider") == nil,
                        AndroidXWriter.platform(row.platform.android, "summary") == nil {
                    attributes.append(("app:useSimpleSummaryProvider", "true"))
                }
            case .slider(_, let binding, let min, let max):
                name = "SeekBarPreference"
                attributes += [("app:defaultValue", StoreValue.format(binding.defaultValue.doubleValue ?? min)),
                               ("app:min", StoreValue.format(min)), ("android:max", StoreValue.format(max))]
                if let step = binding.step { attributes.append(("app:seekBarIncrement", StoreValue.format(step))) }
                if let detail { attributes.append(("app:summary", strings.reference(detail, hint: hint + "_summary"))) }
                if AndroidXWriter.platform(row.platform.android, "showSeekBarValue") == nil { attributes.append(("app:showSeekBarValue", "true")) }
            }
            // An imported custom element (or a list whose entries the app sets) keeps its name.
            if let element = AndroidXWriter.string(row.platform.android, "element"), AndroidXWriter.isElementName(element) { name = element }
            attributes += common(row, element: name)
            attributes += platform(row.platform.android, element: name, what: "row \(row.id)", textHint: hint)
            let children = AndroidXWriter.children(row.platform.android, indent: indent + "    ")
            let open = indent + "<\(name)" + AndroidXWriter.attributes(attributes, indent: indent + "    ")
            return children.isEmpty ? open + " />\n" : open + ">\n" + children + indent + "</\(name)>\n"
        }

        /// A list preference's options as two string arrays (`KEY_entries` of `@string/`
        /// references, `KEY_values`), in the order its dialog lists them (`sorted`: by text).
        mutating func optionArrays(_ binding: Binding, _ unsorted: [ChoiceOption]) -> [(String, String)] {
            let options = binding.sortedOptions ? AndroidXWriter.sortedByText(unsorted) : unsorted
            let base = AndroidXWriter.resourceName(binding.key, used: &usedArrays)
            arrays.append((base + "_entries", options.enumerated().map { n, option in
                strings.reference(option.text, hint: "\(binding.key)_\(option.value.description.isEmpty ? String(n + 1) : option.value.description)")
            }))
            arrays.append((base + "_values", options.map { AndroidXWriter.text($0.value.description) }))
            return [("app:entries", "@array/\(base)_entries"), ("app:entryValues", "@array/\(base)_values")]
        }
    }

    /// The keys of an `android` table that are not attributes: the element's name, that it
    /// had no title, its child elements, where its category sits.
    static let notAttributes: Set<String> = ["element", "untitled", "children", "parent", "continues", "nodefault"]

    /// The string under `key` in an `android` table (as written, no namespace added).
    static func string(_ table: [PlatformEntry], _ key: String) -> String? {
        if case .string(let s)? = table.first(where: { $0.key == key })?.value { return s }
        return nil
    }

    /// Whether `name` can be an element's name (a class: letters, digits, `.`, `_`, `$`).
    static func isElementName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 95 || $0 == 36 }
    }

    /// The `children` of an `android` table (an element's `<intent>`, `<extra>`, as import
    /// kept them), one a line.
    static func children(_ table: [PlatformEntry], indent: String) -> String {
        guard case .string(let xml)? = table.first(where: { $0.key == "children" })?.value, !xml.isEmpty else { return "" }
        return xml.split(separator: "\n", omittingEmptySubsequences: true).map { indent + $0 + "\n" }.joined()
    }

    /// ` name="value"` for each attribute, one a line; duplicates (an `android` table naming
    /// an attribute luascreen writes too, in `android:` or `app:`) keep the first.
    static func attributes(_ list: [(String, String)], indent: String) -> String {
        var seen = Set<String>()
        var out = ""
        for (name, value) in list {
            let bare = name.hasPrefix("android:") || name.hasPrefix("app:") ? (name.split(separator: ":").last.map(String.init) ?? name) : name
            guard seen.insert(bare).inserted else { continue }
            let literal = value.hasPrefix("\u{0}") ? XMLText.escape(String(value.dropFirst()))
                : value.hasPrefix("@string/") || value.hasPrefix("@array/") ? XMLText.escape(value) : attr(value)
            out += "\n" + indent + "\(name)=\"\(literal)\""
        }
        return out
    }

    /// Options in the order of their texts, ignoring case (equal texts keep their order).
    static func sortedByText(_ options: [ChoiceOption]) -> [ChoiceOption] {
        options.enumerated().map { ($0.offset, $0.element, $0.element.text.lowercased()) }.sorted { a, b in
            a.2 != b.2 ? a.2 < b.2 : a.0 < b.0
        }.map(\.1)
    }

    /// A string as an Android resource literal in an attribute: backslash escapes for the
    /// characters aapt reads specially, then XML escapes.
    static func attr(_ s: String) -> String { XMLText.escape(androidLiteral(s)) }

    /// A string as the text of an `<item>` or a `<string>`.
    static func text(_ s: String) -> String { XMLText.escape(androidLiteral(s)) }

    static func androidLiteral(_ s: String) -> String {
        var out = ""
        for (i, scalar) in s.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case " " where i == 0 || i == s.unicodeScalars.count - 1: out += "\\u0020"
            case " " where out.hasSuffix(" "): out += "\\u0020"
            case "@", "?": if i == 0 { out += "\\" }; out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A resource name from a key: a-z, 0-9 and `_`, starting with a letter, unique.
    static func resourceName(_ key: String, used: inout Set<String>) -> String {
        var base = slug(key)
        if base.isEmpty || !base.first!.isLetter { base = "key_" + base }
        var name = base
        var n = 2
        while used.contains(name) { name = "\(base)_\(n)"; n += 1 }
        used.insert(name)
        return name
    }
}
