import LuaRuntime
import ScreenModel
import LuaScreenCore

/// The state of one androidx import: the screens read so far, the ids and keys taken, the
/// string resources used (for the translations) and the warnings.
struct AndroidXReader {
    static let androidURI = "http://schemas.android.com/apk/res/android"
    static let autoURI = "http://schemas.android.com/apk/res-auto"
    /// Package prefixes of the standard elements (`androidx.preference.ListPreference`).
    static let packages = ["androidx.preference.", "android.preference.", "android.support.v7.preference.",
                           "android.support.v14.preference.", "androidx.preference.SwitchPreferenceCompat."]
    /// The attributes read into fields; any other attribute is kept in the row's `android`.
    static let read: Set<String> = ["key", "title", "summary", "defaultValue", "entries", "entryValues",
                                    "min", "max", "enabled", "isPreferenceVisible"]

    let file: String
    let resources: AndroidXResources
    var warnings: [Diagnostic] = []
    private var screens: [ImportedScreen] = []
    private var screenIDs = Set<String>()
    private var rowIDs = Set<String>()
    /// Each key bound so far and whether a toggle binds it.
    private var keys: [String: Bool] = [:]
    /// Texts that came from `@string/` or `@array/` references, with the reference, for the translations.
    var references: [(text: String, reference: String, index: Int?)] = []
    /// Rows depending on a key, resolved once every row is read (a dependency may come later).
    var prefixes: [String: String] = [:]
    /// The root element's line (its namespace declarations go on the root screen's `android`).
    var rootLine = 0

    init(file: String, resources: AndroidXResources) {
        self.file = file
        self.resources = resources
        for problem in resources.problems {
            warnings.append(Diagnostic(.warning, file: sanitize(problem.file, lineBreaks: .escape), line: problem.line, path: "",
                                       message: sanitize(problem.message, lineBreaks: .escape)))
        }
    }

    /// The app of the root `PreferenceScreen` (its id the file's name) and every screen inside.
    mutating func app(_ root: XMLTreeElement, id: String) throws -> ImportedApp {
        // Every prefix the file declares, the root's first (one declared on an inner element,
        // `xmlns:chroma` on a row, stays there as one of its attributes).
        func declare(_ e: XMLTreeElement) {
            for (name, value) in e.attributes where name.hasPrefix("xmlns:") && prefixes[String(name.dropFirst(6))] == nil {
                prefixes[String(name.dropFirst(6))] = value
            }
            e.elements.forEach(declare)
        }
        declare(root)
        rootLine = root.line
        guard elementName(root) == "PreferenceScreen" else {
            throw ImportError(description: "\(file):\(root.line): error: the root element is <\(root.name)>, not <PreferenceScreen> (this is not a preference XML file)")
        }
        _ = screen(root, id: id.isEmpty ? "settings" : id)
        // The root's namespaces other than android's and app's (a library's `search:`,
        // `tools:`, a second res-auto prefix): their attributes are kept with their prefix.
        let declared = root.attributes.filter { $0.name.hasPrefix("xmlns:") && !["xmlns:android", "xmlns:app"].contains($0.name) }
        screens[0].android.insert(contentsOf: declared.map { PlatformEntry(key: $0.name, value: .string($0.value)) }, at: 0)
        resolveDependencies()
        return ImportedApp(root: screens[0].id, screens: screens, strings: translations())
    }

    /// The element's name without a standard package prefix.
    private func elementName(_ e: XMLTreeElement) -> String {
        for p in Self.packages where e.name.hasPrefix(p) { return String(e.name.dropFirst(p.count)) }
        return e.name
    }

    /// Reads a `PreferenceScreen` as a screen; returns its id.
    private mutating func screen(_ e: XMLTreeElement, id wanted: String) -> String {
        let id = Self.unique(wanted, in: &screenIDs)
        // Row ids are a screen's own: the parent's come back after the child is read.
        let parentIDs = rowIDs
        rowIDs = []
        defer { rowIDs = parentIDs }
        let index = screens.count
        screens.append(ImportedScreen(id: id, title: id, sections: []))
        let title = text(e, "title") ?? id
        var sections: [ImportedSection] = []
        /// Where each section's category sits: inside the category of another section
        /// (`parent`), or no category of its own, its rows continuing one (`continues`).
        var within: [(parent: Int?, continues: Int?)] = []
        var loose = ImportedSection()
        for child in e.elements where Self.isPreference(child) {
            if isCategory(child) {
                if !loose.rows.isEmpty { sections.append(loose); within.append((nil, nil)); loose = ImportedSection() }
                category(child, parent: nil, into: &sections, within: &within, screenID: id)
            } else {
                rows(child, into: &loose, screenID: id)
            }
        }
        if !loose.rows.isEmpty || sections.isEmpty { sections.append(loose); within.append((nil, nil)) }
        // Section ids are a screen's own, as luascreen gives them (the key, else the header's
        // slug, else `sectionN`): a second one alike gets an id of its own.
        var sectionIDs = Set<String>()
        var ids: [String] = []
        for n in sections.indices {
            let given = sections[n].id ?? sections[n].header.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "section\(n + 1)"
            if sectionIDs.contains(given) { sections[n].id = Self.unique(given, in: &sectionIDs) } else { sectionIDs.insert(given) }
            ids.append(sections[n].id ?? given)
        }
        // A category inside a category: the inner one's section names the outer one's
        // (`android.parent`), rows after it a section of their own that continues it
        // (`android.continues`); export nests them back.
        for n in sections.indices {
            if let p = within[n].parent { sections[n].android.append(PlatformEntry(key: "parent", value: .string(ids[p]))) }
            if let c = within[n].continues { sections[n].android.append(PlatformEntry(key: "continues", value: .string(ids[c]))) }
        }
        var done = ImportedScreen(id: id, title: title, sections: sections)
        if index == 0 {
            done.android = extra(e, also: raw(e, "key") == nil ? [] : ["key"])
            if raw(e, "title") == nil { done.android.append(PlatformEntry(key: "untitled", value: .bool(true))) }
        }
        screens[index] = done
        return id
    }

    /// Whether `e` is a category: a `PreferenceCategory`, or an app's own element named so
    /// (`com.example.ExtendedPreferenceCategory`).
    private func isCategory(_ e: XMLTreeElement) -> Bool {
        let name = elementName(e)
        return name == "PreferenceCategory" || (AndroidXAttributes.elements[name] == nil && name.hasSuffix("PreferenceCategory"))
    }

    /// The category `c` as a section (inside the category of section `parent`), and each
    /// category inside it, with the sections that continue it after an inner one.
    private mutating func category(_ c: XMLTreeElement, parent: Int?, into sections: inout [ImportedSection],
                                   within: inout [(parent: Int?, continues: Int?)], screenID: String) {
        var section = ImportedSection(id: key(c), header: text(c, "title"), footer: text(c, "summary"))
        section.android = extra(c, also: ["isPreferenceVisible", "enabled"])
        if elementName(c) != "PreferenceCategory" { section.android.insert(PlatformEntry(key: "element", value: .string(c.name)), at: 0) }
        let own = sections.count
        sections.append(section)
        within.append((parent, nil))
        var current: Int? = own
        for inner in c.elements where Self.isPreference(inner) {
            if isCategory(inner) {
                category(inner, parent: own, into: &sections, within: &within, screenID: screenID)
                current = nil
                continue
            }
            if current == nil {
                sections.append(ImportedSection())
                within.append((nil, own))
                current = sections.count - 1
            }
            rows(inner, into: &sections[current!], screenID: screenID)
        }
    }

    /// The row of `e` in `section`.
    private mutating func rows(_ e: XMLTreeElement, into section: inout ImportedSection, screenID: String) {
        if let row = row(e, name: elementName(e), screenID: screenID) { section.rows.append(row) }
    }

    private mutating func row(_ e: XMLTreeElement, name: String, screenID: String) -> ImportedRow? {
        let key = self.key(e)
        let title = text(e, "title") ?? key ?? name
        let summary = text(e, "summary")
        var listSummary = false
        var keptAsWritten: [PlatformEntry] = []
        var row: ImportedRow
        switch name {
        case "PreferenceScreen":
            let child = screen(e, id: key ?? "\(screenID)_\(screens.count + 1)")
            row = ImportedRow(kind: .text(detail: summary, push: child), text: title)
        case "SwitchPreferenceCompat", "SwitchPreference", "CheckBoxPreference", "TwoStatePreference":
            let on = boolean(e, "defaultValue") ?? false
            row = ImportedRow(kind: .toggle(default: on, values: nil), text: title)
            // A default the app's build defines (`@bool/x` in no values file here): kept as written.
            if let d = raw(e, "defaultValue"), d.hasPrefix("@"), case .missing = resources.resolve(d) {
                keptAsWritten.append(PlatformEntry(key: "app:defaultValue", value: .string(d)))
            }
            let summaryOn = text(e, "summaryOn"), summaryOff = text(e, "summaryOff")
            if summaryOn != nil || summaryOff != nil { row.toggleDetail = (summaryOn ?? summary, summaryOff ?? summary) }
            else { row.detail = summary }
        case "ListPreference", "DropDownPreference", "MultiSelectListPreference":
            let multiple = name == "MultiSelectListPreference"
            let entries = list(e, "entries") ?? []
            let values = list(e, "entryValues") ?? entries
            if entries.count != values.count {
                // The rows show the pairs; the arrays come back whole on export.
                warn(e, "entries has \(entries.count) items and entryValues \(values.count): the extra ones are not shown (both arrays kept in android)")
                keptAsWritten = [PlatformEntry(key: "app:entries", value: .list(entries.map(PlatformValue.string))),
                                PlatformEntry(key: "app:entryValues", value: .list(values.map(PlatformValue.string)))]
            }
            var seen = Set<String>()
            var options: [ChoiceOption] = []
            for (text, value) in zip(entries, values) where seen.insert(value).inserted {
                options.append(ChoiceOption(value: .string(value), text: text))
            }
            var value: StoreValue?
            if multiple {
                if let defaults = list(e, "defaultValue") { value = .list(defaults.filter(seen.contains).map(StoreValue.string)) }
            } else if let d = text(e, "defaultValue") {
                if seen.contains(d) { value = .string(d) } else { warn(e, "defaultValue \"\(d)\" is not among its entryValues: left out") }
            }
            if options.isEmpty {
                warn(e, "no entries: it becomes a plain row")
                row = ImportedRow(kind: .text(detail: summary, push: nil), text: title)
            } else {
                row = ImportedRow(kind: .options(options: options, default: value, multiple: multiple), text: title)
                // Android shows the chosen entry where a list's summary has `%s`: luascreen
                // shows it when a choice has no detail; the summary is kept for export.
                if !multiple, summary?.contains("%s") == true { listSummary = true } else { row.detail = summary }
            }
        case "EditTextPreference":
            row = ImportedRow(kind: .input(default: text(e, "defaultValue") ?? "", secure: nil, placeholder: nil, hints: InputHints()), text: title)
            row.detail = summary
        case "SeekBarPreference":
            var min = number(e, "min") ?? 0, max = number(e, "max") ?? 100
            if max < min {
                // The script could not hold it (min above max): the range becomes the one value.
                warn(e, "max \(Self.shown(max)) is below min \(Self.shown(min)): max becomes \(Self.shown(min))")
                max = min
            }
            var value = number(e, "defaultValue")
            if let d = value, d < min || d > max {
                // As the SeekBar would show it: the default held to the range.
                let held = Swift.min(Swift.max(d, min), max)
                warn(e, "defaultValue \(Self.shown(d)) is outside \(Self.shown(min)) to \(Self.shown(max)): it becomes \(Self.shown(held))")
                value = held
            }
            row = ImportedRow(kind: .number(default: value, min: min, max: max), text: title)
            row.detail = summary
        case "Preference":
            row = ImportedRow(kind: .text(detail: summary, push: nil), text: title)
        default:
            warn(e, "\(e.name) is not an androidx.preference element: it becomes a plain row")
            row = ImportedRow(kind: .text(detail: summary, push: nil), text: title)
        }
        if let inner = e.elements.first(where: Self.isPreference), name != "PreferenceScreen" {
            warn(e, "its child preferences (<\(inner.name)>...) are left out")
        }
        // A plain row made of a custom element (or a list without entries) keeps what it had; a
        // Preference its defaultValue (the app reads it).
        let plain = { if case .text = row.kind { return name != "Preference" && name != "PreferenceScreen" } else { return false } }()
        var also: Set<String> = plain ? ["defaultValue", "entries", "entryValues", "min", "max"] : []
        if name == "Preference" || name == "PreferenceScreen" { also.insert("defaultValue") }
        if summary == "" {
            // An empty summary (what the app fills in): kept as written, no detail shown.
            listSummary = true
            row.detail = nil
            if case .text(_, let push) = row.kind { row.kind = .text(detail: nil, push: push) }
        }
        if listSummary { also.insert("summary") }
        row.android = extra(e, also: also)
        row.android += keptAsWritten
        if case .options(_, _, false) = row.kind, raw(e, "defaultValue") == nil { row.android.append(PlatformEntry(key: "nodefault", value: .bool(true))) }
        if case .input = row.kind, raw(e, "defaultValue") != nil, text(e, "defaultValue") == "" { row.android.append(PlatformEntry(key: "app:defaultValue", value: .string(""))) }
        if raw(e, "title") == nil { row.android.append(PlatformEntry(key: "untitled", value: .bool(true))) }
        // The element export writes for the row; another one is kept by name (a custom
        // element, a list whose entries the app sets, a DropDownPreference), except the
        // switches and check boxes SPEC §15 lets come back as SwitchPreferenceCompat.
        let written: String
        switch row.kind {
        case .text: written = name == "PreferenceScreen" ? name : "Preference"
        case .toggle: written = "SwitchPreferenceCompat"
        case .options(_, _, let multiple): written = multiple ? "MultiSelectListPreference" : "ListPreference"
        case .input: written = "EditTextPreference"
        case .number: written = "SeekBarPreference"
        default: written = name
        }
        if written != name, !["SwitchPreference", "CheckBoxPreference", "TwoStatePreference"].contains(name) {
            row.android.insert(PlatformEntry(key: "element", value: .string(name)), at: 0)
        }
        // What luascreen would add on export, kept as it was (androidx's defaults).
        if ["ListPreference", "EditTextPreference"].contains(written), summary == nil, raw(e, "useSimpleSummaryProvider") == nil {
            row.android.append(PlatformEntry(key: "app:useSimpleSummaryProvider", value: .string("false")))
        }
        if written == "SeekBarPreference", raw(e, "showSeekBarValue") == nil {
            row.android.append(PlatformEntry(key: "app:showSeekBarValue", value: .string("false")))
        }
        let bound: Bool
        switch row.kind {
        case .toggle, .options, .input, .number: bound = true
        default: bound = false
        }
        if bound {
            var k = key ?? slug(title)
            if key == nil { warn(e, "no key: it gets the key \"\(k)\"") }
            if k.isEmpty { k = "key" }
            if keys[k] != nil {
                // Two preferences on one key would be two rows with different rules on one
                // value, which luascreen refuses: the later one gets a key of its own.
                var n = 2
                while keys["\(k)_\(n)"] != nil { n += 1 }
                warn(e, "key \"\(k)\" is bound by an earlier preference too: this one gets \"\(k)_\(n)\"")
                k = "\(k)_\(n)"
            }
            if case .toggle = row.kind { keys[k] = true } else { keys[k] = false }
            row.key = k
            if rowIDs.contains(k) { row.id = Self.unique(k, in: &rowIDs) } else { rowIDs.insert(k) }
        } else if let key {
            row.id = Self.unique(key, in: &rowIDs)
        } else {
            // luascreen gives an unkeyed row the id of its text; two such texts need ids.
            let id = slug(title).isEmpty ? "row" : slug(title)
            if rowIDs.contains(id) { row.id = Self.unique(id, in: &rowIDs) } else { rowIDs.insert(id) }
        }
        if boolean(e, "enabled") == false { row.enabled = .never }
        if let dependency = self.key(e, "dependency") { row.enabled = row.enabled ?? .notEmpty(key: dependency) }
        if boolean(e, "isPreferenceVisible") == false { row.hidden = true }
        if raw(e, "disableDependentsState") != nil { disablesWhenOn[row.key ?? ""] = boolean(e, "disableDependentsState") ?? false }
        return row
    }

    /// Toggles whose `disableDependentsState` is true.
    private var disablesWhenOn: [String: Bool] = [:]

    /// A row depending on a toggle is enabled while it is on (off with disableDependentsState).
    private mutating func resolveDependencies() {
        for s in screens.indices {
            for x in screens[s].sections.indices {
                for r in screens[s].sections[x].rows.indices {
                    guard case .notEmpty(let key)? = screens[s].sections[x].rows[r].enabled else { continue }
                    if keys[key] == true {
                        screens[s].sections[x].rows[r].enabled = .toggle(key: key, whenOff: disablesWhenOn[key] ?? false)
                    } else if keys[key] == nil {
                        warnings.append(Diagnostic(.warning, file: file, line: nil, path: "",
                                                   message: sanitize("dependency \"\(key)\" of \"\(screens[s].sections[x].rows[r].text)\": no preference has that key (the row is always enabled)", lineBreaks: .escape)))
                        screens[s].sections[x].rows[r].enabled = nil
                    }
                }
            }
        }
    }

    private mutating func boolean(_ e: XMLTreeElement, _ name: String) -> Bool? {
        guard let v = text(e, name) else { return nil }
        if v == "true" { return true }
        if v == "false" { return false }
        warn(e, "\(name)=\"\(v)\" is not true or false: left out")
        return nil
    }

    /// A number as the XML wrote it: integers without a fraction.
    private static func shown(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    private mutating func number(_ e: XMLTreeElement, _ name: String) -> Double? {
        guard let v = text(e, name) else { return nil }
        if let i = Int64(v) { return Double(i) }
        if let d = Double(v), d.isFinite { return d }
        warn(e, "\(name)=\"\(v)\" is not a number: left out")
        return nil
    }

    /// `wanted`, else `wanted_2`, `wanted_3`, ...: the first not in `used`, added to it. Static:
    /// as a method, the call held a copy of the reader and so of the set, and each insert into
    /// `rowIDs` copied all 10,000 ids (0.37 s of CPU for a 10,000-preference file).
    private static func unique(_ wanted: String, in used: inout Set<String>) -> String {
        var id = wanted
        var n = 2
        while used.contains(id) { id = "\(wanted)_\(n)"; n += 1 }
        used.insert(id)
        return id
    }
}
