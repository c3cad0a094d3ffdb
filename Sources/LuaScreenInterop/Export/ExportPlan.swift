import LuaRuntime
import ScreenModel
import LuaScreenCore

/// The formats `luascreen export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// An iOS Settings.bundle: `Root.plist` and a `.plist` per child screen.
    case settingsBundle = "settings-bundle"
    /// androidx.preference XML: `res/xml/NAME.xml` and `res/values/arrays.xml`.
    case androidx

    /// The format's name in a warning ("a Settings.bundle has no buttons").
    var article: String { self == .settingsBundle ? "a Settings.bundle" : "androidx.preference" }
}

/// Who reads an exported Settings.bundle: the Settings app (which InAppSettingsKit reads as
/// well), or InAppSettingsKit alone (a bundle named `InAppSettings.bundle`, which InAppSettingsKit
/// reads before `Settings.bundle` and the Settings app never opens). Decides whether writing an
/// InAppSettingsKit specifier (a multiline input's `IASKTextViewSpecifier`) is worth a warning.
public enum BundleReaders: Sendable, Equatable {
    /// `Settings.bundle`: the Settings app shows it, and InAppSettingsKit too.
    case settingsApp
    /// `InAppSettings.bundle`: InAppSettingsKit only.
    case inAppSettingsKit

    /// The readers of a bundle written to `folder`: InAppSettingsKit only when its last part is
    /// `InAppSettings.bundle`.
    public static func reading(folder: String) -> BundleReaders {
        let last = folder.split(separator: "/").last.map(String.init) ?? folder
        return last == "InAppSettings.bundle" ? .inAppSettingsKit : .settingsApp
    }
}

/// What of a script's declared model an export keeps: the screens, sections and rows that
/// have an equivalent in the format, and one warning for each row (section, screen) that
/// lost something or was left out, naming it.
struct ExportPlan {
    struct PlannedScreen {
        var screen: Screen
        /// The file's base name: `Root` and screen ids for a Settings.bundle, resource names for androidx.
        var file: String
        var sections: [PlannedSection]
    }

    struct PlannedSection {
        var section: Section
        var rows: [PlannedRow]
    }

    /// A row as the formats see it.
    enum PlannedRow {
        /// A read-only row showing `detail` (PSTitleValueSpecifier, Preference).
        case value(Row, detail: String)
        /// A row that pushes another exported screen.
        case child(Row, file: String, title: String)
        case toggle(Row, Binding)
        case choice(Row, Binding, [ChoiceOption])
        /// A choice of several options (androidx only: MultiSelectListPreference).
        case multipleChoice(Row, Binding, [ChoiceOption])
        case input(Row, Binding)
        /// A number with both bounds (PSSliderSpecifier, SeekBarPreference).
        case slider(Row, Binding, min: Double, max: Double)
        /// A number typed in a text field (`field = true`, or a text field's type given in
        /// `ios`/`android`): PSTextFieldSpecifier with a number keyboard, EditTextPreference.
        case numberField(Row, Binding)
        /// A button (androidx only: a Preference whose click the app handles).
        case button(Row)

        var row: Row {
            switch self {
            case .value(let r, _), .child(let r, _, _), .toggle(let r, _), .choice(let r, _, _), .multipleChoice(let r, _, _), .input(let r, _),
                 .slider(let r, _, _, _), .numberField(let r, _), .button(let r):
                return r
            }
        }
    }

    var screens: [PlannedScreen] = []
    var warnings: [Diagnostic] = []
    /// What makes the export impossible (an id no file name can be made from): nothing is written.
    var errors: [Diagnostic] = []
    /// The row functions recognised as androidx attributes.
    private var functions = ExportFunctions()
    /// The keys of the app's toggles, in any screen.
    private var toggleKeys = Set<String>()
    /// Who reads a Settings.bundle export.
    private let readers: BundleReaders
    /// The calls that led to a row built by a helper, innermost first (`note: called from here`).
    let callers: (Row) -> [SourceLocation]

    /// The plan of `app` in `format`; `functions` are the row functions recognised as androidx
    /// attributes (a dependency on a toggle, a toggle's two summaries); `callers` name the
    /// calls that led to a row a helper built.
    init(app: App, format: ExportFormat, functions: ExportFunctions = ExportFunctions(), readers: BundleReaders = .settingsApp,
         callers: @escaping (Row) -> [SourceLocation] = { _ in [] }) {
        self.callers = callers
        self.readers = readers
        // Screens whose sections are a function have no fixed rows to write.
        self.functions = functions
        var files: [String: String] = [:]
        var used = Set<String>()
        let ordered = app.screens.filter { $0.id == app.root } + app.screens.filter { $0.id != app.root }
        for screen in ordered {
            guard case .value = screen.sections else {
                warn(screen.location, app.file, "screen \(screen.id)", "screen \"\(screen.title)\" left out: its sections are a function of ctx (\(format.article) has fixed rows only)")
                continue
            }
            guard let name = ExportPlan.fileName(for: screen.id, isRoot: screen.id == app.root, format: format, used: &used) else {
                errors.append(Diagnostic(.error, file: screen.location?.file ?? app.file, line: screen.location?.line, path: "screen \(screen.id)",
                                         message: "screen id \"\(Diagnostic.quote(screen.id))\" cannot be mapped to a file name of at most \(ExportNames.limit) bytes (\(screen.id.utf8.count) bytes); use a shorter id. Nothing was written"))
                continue
            }
            files[screen.id] = name
        }
        let several = app.screens.count > 1
        for screen in app.screens {
            guard case .value(let sections) = screen.sections else { continue }
            toggleKeys.formUnion(sections.flatMap(\.rows).filter { $0.kind == .toggle }.compactMap { $0.binding?.key })
        }
        for screen in ordered {
            guard case .value(let sections) = screen.sections, let file = files[screen.id] else { continue }
            let prefix = several ? "screen \(screen.id)." : ""
            if screen.onAppear != nil {
                warn(screen.location, app.file, prefix.isEmpty ? "" : "screen \(screen.id)",
                     "screen \"\(screen.title)\": on_appear left out (\(format.article) runs no callbacks)")
            }
            var planned: [PlannedSection] = []
            // A dependency is looked up in the screen shown (androidx throws when it is not there).
            let toggles = Set(sections.flatMap(\.rows).filter { $0.kind == .toggle }.compactMap { $0.binding?.key })
            for (si, section) in sections.enumerated() {
                let path = "\(prefix)sections[\(si + 1)]"
                let name = section.header.map { "section \"\($0)\"" } ?? "section \(si + 1)"
                switch section.visible {
                case .value(false) where format == .settingsBundle:
                    warn(section.location, app.file, path, "\(name) left out: it is hidden (visible = false)")
                    continue
                case .value(false):
                    break  // androidx writes app:isPreferenceVisible="false"
                case .function:
                    warn(section.location, app.file, path, "\(name): visible is a function of ctx, left out (the section is always shown)")
                case .value(true):
                    break
                }
                var rows: [PlannedRow] = []
                for (ri, row) in section.rows.enumerated() {
                    let row = format == .androidx ? ExportPlan.recognised(row, functions: functions, toggles: toggles) : row
                    if let kept = plan(row, path: "\(path).rows[\(ri + 1)]", app: app, files: files, format: format) {
                        rows.append(kept)
                    }
                }
                // A section whose every row was left out would be an empty group (a header over
                // nothing); one that had no rows (a footer of its own) is kept, and so is an
                // androidx category other sections are nested in.
                if rows.isEmpty, !section.rows.isEmpty, !(format == .androidx && ExportPlan.holdsOthers(section, sections)) {
                    warn(section.location, app.file, path, "\(name) left out: each of its rows was left out"
                         + (section.footer == nil ? "" : " (its footer with it)"))
                    continue
                }
                planned.append(PlannedSection(section: section, rows: rows))
            }
            screens.append(PlannedScreen(screen: screen, file: file, sections: planned))
        }
    }

    /// `row` with its recognised functions written into its `android` table as androidx has
    /// them, unless the table has them already: `enabled` reading one toggle of the screen as
    /// `app:dependency`, a toggle's `detail` choosing between two texts by its own value as
    /// `app:summaryOn`/`app:summaryOff`.
    static func recognised(_ row: Row, functions: ExportFunctions, toggles: Set<String>) -> Row {
        var row = row
        let table = row.platform.android
        if case .function(let ref) = row.enabled, case .storeKey(let key)? = functions.shapes[ref], toggles.contains(key),
           key != row.binding?.key, AndroidXWriter.platform(table, "dependency") == nil {
            row.platform.android.append(PlatformEntry(key: "app:dependency", value: .string(key)))
        }
        if row.kind == .toggle, case .function(let ref)? = row.detail, case .toggleTexts(let key, let on, let off)? = functions.shapes[ref],
           key == row.binding?.key, AndroidXWriter.platform(table, "summaryOn") == nil, AndroidXWriter.platform(table, "summaryOff") == nil {
            if let on { row.platform.android.append(PlatformEntry(key: "app:summaryOn", value: .string(on))) }
            if let off { row.platform.android.append(PlatformEntry(key: "app:summaryOff", value: .string(off))) }
        }
        return row
    }

    /// Whether another section of `sections` names `section` as its androidx `parent` or `continues`.
    static func holdsOthers(_ section: Section, _ sections: [Section]) -> Bool {
        sections.contains { other in
            [AndroidXWriter.string(other.platform.android, "parent"), AndroidXWriter.string(other.platform.android, "continues")]
                .contains(section.id)
        }
    }

    /// Whether the row's platform table writes what its detail would have shown, so nothing is
    /// lost with a detail function: androidx's `summary` (a toggle's `summaryOn`/`summaryOff`
    /// too); in a Settings.bundle InAppSettingsKit's `IASKSubtitle`, or a plain row's
    /// `DefaultValue` (the value a title-value specifier shows).
    static func summaryWritten(_ row: Row, format: ExportFormat) -> Bool {
        switch format {
        case .androidx:
            return ["summary", "summaryOn", "summaryOff"].contains { AndroidXWriter.platform(row.platform.android, $0) != nil }
        case .settingsBundle:
            return row.platform.ios("IASKSubtitle") != nil || (row.kind == .text && row.push == nil && row.platform.ios("DefaultValue") != nil)
        }
    }

    /// Whether a number row is typed in a text field: `field = true`, or its platform table
    /// names a text field's type (`ios = { Type = "PSTextFieldSpecifier" }`, `android = {
    /// element = "EditTextPreference" }`), which has no bounds.
    static func asksForField(_ row: Row, format: ExportFormat) -> Bool {
        if row.binding?.field == true { return true }
        switch format {
        case .settingsBundle: return row.platform.ios("Type") == .string("PSTextFieldSpecifier")
        case .androidx: return AndroidXWriter.string(row.platform.android, "element") == "EditTextPreference"
        }
    }

    /// The row as the format has it, or nil (left out); a warning says what was lost.
    private mutating func plan(_ row: Row, path: String, app: App, files: [String: String], format: ExportFormat) -> PlannedRow? {
        let name: String
        if case .value(let text) = row.text { name = "\(row.kind.constructor) \"\(text)\"" } else { name = "\(row.kind.constructor) \"\(row.id)\"" }
        func leftOut(_ why: String) -> PlannedRow? {
            warn(row.location, app.file, path, "\(name) left out: \(why)", calledFrom: callers(row))
            return nil
        }
        if case .value(false) = row.visible, format == .settingsBundle { return leftOut("it is hidden (visible = false)") }
        guard case .value = row.text else { return leftOut("its text is a function of ctx") }

        var lost: [String] = []
        if case .function = row.visible { lost.append("visible (a function of ctx)") }
        // androidx writes a dependency (`android = { ["app:dependency"] = KEY }`, imported or recognised) back.
        let kept = { (attribute: String) in format == .androidx && AndroidXWriter.platform(row.platform.android, attribute) != nil }
        if case .function(let ref) = row.enabled, !kept("dependency") {
            if format == .androidx, case .storeKey(let key)? = functions.shapes[ref], toggleKeys.contains(key), key != row.binding?.key {
                lost.append("enabled (it reads toggle \"\(key)\" of another screen: app:dependency finds a preference of the screen shown only)")
            } else if format == .androidx {
                // Said how to keep it: the toggle it follows, named in the row's android table.
                lost.append("enabled (a function of ctx; android = { [\"app:dependency\"] = \"KEY\" } names the toggle it follows)")
            } else {
                lost.append("enabled (a function of ctx)")
            }
        }
        if case .value(false) = row.enabled, format == .settingsBundle { lost.append("enabled = false") }
        if row.onAccessory != nil { lost.append("on_accessory") }
        if row.kind != .button, row.onSelect != nil { lost.append("on_select") }
        if let binding = row.binding {
            if binding.onChange != nil { lost.append("on_change") }
            if binding.validate != nil { lost.append("validate") }
        }
        let summary = ExportPlan.summaryWritten(row, format: format)
        if row.kind.isBound, case .function? = row.detail, !summary { lost.append("detail (a function of ctx)") }
        if row.kind != .text, row.push != nil { lost.append("push (only plain rows open a child screen)") }

        let planned: PlannedRow
        switch row.kind {
        case .button:
            // A Settings.bundle has no buttons, but an imported InAppSettingsKit button keeps
            // its specifier in ios (Type and the rest) and is written back as it was.
            guard format == .androidx || row.platform.ios("Type") != nil else { return leftOut("\(format.article) has no buttons") }
            lost.append("on_select (the app handles the click)")
            planned = .button(row)
        case .text:
            if let push = row.push {
                guard case .screen(let id) = push else { return leftOut("its push is a function of ctx") }
                guard let file = files[id] else { return leftOut("it pushes screen \"\(id)\", which is left out") }
                // androidx writes a fixed detail as the PreferenceScreen's summary.
                let kept: Bool = { if format == .androidx, case .value? = row.detail { return true } else { return false } }()
                if row.detail != nil, !kept, !summary { lost.append("detail (a child pane shows its title only)") }
                let title = app.screen(id)?.title ?? id
                planned = .child(row, file: file, title: title)
            } else {
                switch row.detail {
                case .function?:
                    // The summary its platform table writes stands for it.
                    guard summary else { return leftOut("its detail is a function of ctx") }
                    planned = .value(row, detail: "")
                case .value(let d)?: planned = .value(row, detail: d)
                case nil: planned = .value(row, detail: "")
                }
            }
        case .toggle:
            planned = .toggle(row, row.binding!)
        case .choice:
            let binding = row.binding!
            guard case .value(let options)? = binding.options else { return leftOut("its options are a function of ctx") }
            // A multiple choice (SPEC §8) holds a list of values.
            if binding.defaultValue.typeName == "list" {
                guard format == .androidx else { return leftOut("\(format.article) has no multi-select") }
                planned = .multipleChoice(row, binding, options)
            } else {
                if options.contains(where: { $0.short != nil }) {
                    if format == .androidx { lost.append("short (a ListPreference shows its entries)") }
                    else if binding.radio { lost.append("short (a radio group shows every title in full)") }
                }
                planned = .choice(row, binding, options)
            }
        case .input:
            let binding = row.binding!
            if binding.placeholder != nil { lost.append("placeholder") }
            if binding.maxLength != nil { lost.append("max_length") }
            if format == .androidx {
                // An EditText's inputType, which a Preference's XML cannot set.
                var inputType: [String] = []
                if binding.secure { inputType.append("secure") }
                if binding.keyboard != nil { inputType.append("keyboard") }
                if binding.autocapitalize != nil { inputType.append("autocapitalize") }
                if binding.autocorrect != nil { inputType.append("autocorrect") }
                if !inputType.isEmpty { lost.append("\(inputType.joined(separator: ", ")) (set the EditText's input type in code)") }
            } else if binding.multiline, !binding.secure, row.platform.ios("Type") == nil, readers == .settingsApp {
                // InAppSettingsKit's text view is the one multi-line field a bundle has.
                warn(row.location, app.file, path, "\(name): written as InAppSettingsKit's IASKTextViewSpecifier (multiline), which the Settings app does not show; ios = { Type = \"PSTextFieldSpecifier\" } writes a one-line field it shows (a bundle named InAppSettings.bundle is InAppSettingsKit's only)",
                     calledFrom: callers(row))
            }
            planned = .input(row, binding)
        case .number where ExportPlan.asksForField(row, format: format):
            // A text field has no bounds, step or unit: the app checks what is typed.
            let binding = row.binding!
            let bounds = [binding.minimum.map { _ in "min" }, binding.maximum.map { _ in "max" }, binding.step.map { _ in "step" },
                          binding.unit.map { _ in "unit" }].compactMap { $0 }
            if !bounds.isEmpty { lost.append("\(bounds.joined(separator: ", ")) (a text field has no bounds)") }
            if format == .androidx { lost.append("the number keyboard (set the EditText's input type in code)") }
            planned = .numberField(row, binding)
        case .number:
            let binding = row.binding!
            guard let min = binding.minimum, let max = binding.maximum else {
                return leftOut("\(format.article) has sliders only, for numbers with both min and max")
            }
            if format == .androidx {
                let integral = [min, max, binding.defaultValue.doubleValue ?? min, binding.step ?? 1].allSatisfy {
                    $0 == $0.rounded() && abs($0) < 2_147_483_648
                }
                guard integral else { return leftOut("a SeekBarPreference holds whole numbers only") }
            } else if binding.step != nil {
                lost.append("step (a slider is continuous)")
            }
            if binding.unit != nil { lost.append("unit") }
            planned = .slider(row, binding, min: min, max: max)
        default:
            // Kinds neither format has (lists, dates and times of SPEC §8).
            return leftOut("\(format.article) has no \(row.kind.rawValue) rows")
        }
        if !lost.isEmpty {
            warn(row.location, app.file, path, "\(name): \(lost.joined(separator: ", ")) left out (no equivalent in \(format.article))",
                 calledFrom: callers(row))
        }
        return planned
    }

    private mutating func warn(_ location: SourceLocation?, _ file: String, _ path: String, _ message: String,
                               calledFrom: [SourceLocation] = []) {
        warnings.append(Diagnostic(.warning, file: location?.file ?? file, line: location?.line, path: path, message: message,
                                   calledFrom: calledFrom))
    }

    /// A file name for a screen: `Root` for a Settings.bundle's root, else the id made a file
    /// name by `ExportNames` (androidx resource names: a-z, 0-9 and `_`, starting with a
    /// letter), unique even on a file system that ignores case (`_2`, `_3`, ... added); nil
    /// when no name of at most 200 bytes can be made from it.
    static func fileName(for id: String, isRoot: Bool, format: ExportFormat, used: inout Set<String>) -> String? {
        var base: String
        let suffix = format == .settingsBundle ? ".plist" : ".xml"
        switch format {
        case .settingsBundle:
            if isRoot { base = "Root" } else if inFolder(id, suffix: suffix) {
                // A pane in a folder of the bundle (LicensePlist's `com.mono0926.LicensePlist/AFNetworking`,
                // as import reads it): each part a safe name, written in that folder.
                base = id
            } else {
                guard let mapped = ExportNames.base(for: id, suffix: suffix) else { return nil }
                base = mapped
            }
        case .androidx:
            // A resource name as it is (an app's R.xml names it: `prefactions__more_information`), else made one.
            let isName = id.first.map { $0 >= "a" && $0 <= "z" } ?? false && id.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
            base = isName ? id : slug(id)
            if base.isEmpty || !(base.first!.isLetter) { base = "screen_" + base }
        }
        var name = base
        var n = 2
        while used.contains(name.lowercased()) || (!isRoot && format == .settingsBundle && name.lowercased() == "root") {
            name = "\(base)_\(n)"
            n += 1
        }
        guard ExportNames.isSafe(name + suffix) || (format == .settingsBundle && inFolder(name, suffix: suffix)) else { return nil }
        used.insert(name.lowercased())
        return name
    }

    /// Whether a Settings.bundle pane id is a path of at most four safe names (`Licenses/AFNetworking`).
    static func inFolder(_ id: String, suffix: String) -> Bool {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts.count <= 4, parts[0] != "Root" else { return false }
        return parts.dropLast().allSatisfy(ExportNames.isSafe) && ExportNames.isSafe(parts.last! + suffix)
    }
}
