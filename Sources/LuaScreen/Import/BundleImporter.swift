import LuaRuntime
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScreenModel

/// What `luascreen import` makes: the script, and a warning for each specifier (or key)
/// that luascreen has no row for.
public struct ImportResult: Sendable {
    /// The Lua script, ready to write.
    public var script: String
    /// One warning for each specifier (or key) that has no luascreen equivalent.
    public var warnings: [Diagnostic]
}

/// A plist that cannot be imported: `file: error: ...` with the position.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    /// `file: error: ...`, with the position when the plist is damaged.
    public var description: String
}

/// `luascreen import`: a Settings.bundle's `Root.plist` (XML or binary) and the child panes it
/// names, read into screens, sections and rows, written as a Lua script (SPEC §13).
/// A namespace of functions that keep no state: callable from any thread.
public enum BundleImporter {
    /// Reads `rootPlist` and every `File.plist` its child panes name, from the same folder.
    public static func importBundle(rootPlist given: String) throws -> ImportResult {
        // A bundle folder stands for its Root.plist.
        let rootPlist = PathText.isFolder(given) ? (given.hasSuffix("/") ? given : given + "/") + "Root.plist" : given
        var importer = Importer(folder: PathText.folder(of: rootPlist))
        let rootID = PathText.withoutExtension(PathText.lastComponent(rootPlist))
        _ = try importer.load(path: rootPlist, id: rootID.isEmpty ? "Root" : rootID, title: nil)
        var app = ImportedApp(root: importer.screens[0].id, screens: importer.screens)
        app.strings = importer.translations()
        return ImportResult(script: LuaScriptWriter.script(app, source: rootPlist), warnings: importer.warnings)
    }

    /// Reads one plist file into a value, or an error with the file and position.
    public static func readPlist(path: String) throws -> PlistValue {
        try readPlistWithLines(path: path).value
    }

    /// Reads one plist file, with the lines of its values when it is XML.
    static func readPlistWithLines(path: String) throws -> (value: PlistValue, lines: PlistLines?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            if PathText.isFolder(path) {
                throw ImportError(description: "\(path): error: this is a folder, not a plist")
            }
            throw ImportError(description: "\(path): error: cannot read the file (\(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))")
        }
        guard data.count <= 64 << 20 else { throw ImportError(description: "\(path): error: the file is larger than 64 MiB; a Settings.bundle plist is a few KiB") }
        do {
            return try PlistReader.readWithLines([UInt8](data))
        } catch let error as PlistReadError {
            throw ImportError(description: error.diagnostic(file: path))
        }
    }
}

/// The state of one import: screens read so far, keys seen, warnings.
private struct Importer {
    let folder: String
    var screens: [ImportedScreen] = []
    var warnings: [Diagnostic] = []
    /// Each bound key and the kind that binds it (one key holds one kind of value).
    var keyKinds: [String: String] = [:]
    /// Screen ids by file, so a pane named twice (or a cycle) is read once.
    var loaded: [String: String] = [:]
    /// The `StringsTable` names the plists give.
    var stringsTables: [String] = []
    /// The line of the specifier being read (XML plists).
    var currentLine: Int?

    init(folder: String) { self.folder = folder }

    /// Reads the plist at `path` as a screen with `id`; returns the screen's id.
    mutating func load(path: String, id: String, title: String?) throws -> String {
        let (value, lines) = try BundleImporter.readPlistWithLines(path: path)
        loaded[path] = id
        let index = screens.count
        screens.append(ImportedScreen(id: id, title: id, sections: []))
        guard case .dictionary = value else {
            throw ImportError(description: "\(path): error: the plist holds \(value.described), not a dictionary with PreferenceSpecifiers")
        }
        guard let specifiers = value["PreferenceSpecifiers"] else {
            throw ImportError(description: "\(path): error: no PreferenceSpecifiers key (this is not a Settings.bundle plist)")
        }
        guard let list = specifiers.array else {
            throw ImportError(description: "\(path): error: PreferenceSpecifiers is \(specifiers.described), not an array")
        }
        if let table = value["StringsTable"]?.string, !stringsTables.contains(table) { stringsTables.append(table) }
        let screenTitle = value["Title"]?.string ?? title ?? (index == 0 ? bundleName() : id)
        var screen = ScreenBuilder(file: path)
        for (n, item) in list.enumerated() {
            currentLine = lines?.line(of: [.key("PreferenceSpecifiers"), .index(n)], in: value)
            try read(item, at: n, into: &screen)
        }
        screens[index] = ImportedScreen(id: id, title: screenTitle, sections: screen.finished())
        return id
    }

    /// The translations of the bundle: `LANG.lproj/TABLE.strings` for each strings table the
    /// plists name (`Base.lproj` holds no translation). A file that cannot be read is a warning.
    mutating func translations() -> [(language: String, pairs: [(String, String)])] {
        guard !stringsTables.isEmpty,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        var out: [(language: String, pairs: [(String, String)])] = []
        for name in names.sorted() where name.hasSuffix(".lproj") && name != "Base.lproj" {
            let language = String(name.dropLast(6))
            guard !language.isEmpty, language.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 45 }) else { continue }
            var pairs: [(String, String)] = []
            var seen = Set<String>()
            for table in stringsTables {
                let path = (folder.isEmpty ? "" : folder + "/") + name + "/" + table + ".strings"
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                do {
                    for pair in try StringsFileReader.read([UInt8](data)) where seen.insert(pair.0).inserted { pairs.append(pair) }
                } catch let error as PlistReadError {
                    warnings.append(Diagnostic(.warning, file: path, line: { if case .line(let l, _) = error.position { return l } else { return nil } }(),
                                               path: "", message: "\(error.message); its translations are left out"))
                } catch {}
            }
            if !pairs.isEmpty { out.append((language, pairs)) }
        }
        return out
    }

    private func bundleName() -> String {
        let name = PathText.lastComponent(folder)
        if name.hasSuffix(".bundle") { return String(name.dropLast(7)) }
        return "Settings"
    }

    private mutating func warn(_ file: String, _ n: Int, _ message: String) {
        warnings.append(Diagnostic(.warning, file: file, line: currentLine, path: "PreferenceSpecifiers[\(n)]", message: message))
    }

    /// Binds `key` to `kind`, or says why it cannot be (bound before with another kind).
    private mutating func bind(_ key: String, _ kind: String) -> String? {
        if let previous = keyKinds[key], previous != kind {
            return "key \"\(key)\" is bound by a \(previous) already; one key holds one kind of value"
        }
        keyKinds[key] = kind
        return nil
    }

    private mutating func read(_ item: PlistValue, at n: Int, into screen: inout ScreenBuilder) throws {
        let file = screen.file
        guard case .dictionary = item else {
            warn(file, n, "\(item.described), not a specifier dictionary; left out")
            return
        }
        guard let type = item["Type"]?.string else {
            warn(file, n, "a specifier without a Type string; left out")
            return
        }
        let title = item["Title"]?.string
        let key = item["Key"]?.string
        let name = "\(type)\(title.map { " \"\($0)\"" } ?? key.map { " (Key \"\($0)\")" } ?? "")"
        func leftOut(_ why: String) { warn(file, n, "\(name) left out: \(why)") }
        func lost(_ keys: [String]) {
            let present = keys.filter { item[$0] != nil }
            if !present.isEmpty { warn(file, n, "\(name): \(present.joined(separator: ", ")) left out (luascreen has no field for \(present.count == 1 ? "it" : "them"))") }
        }
        let idioms = ["SupportedUserInterfaceIdioms"]

        switch type {
        case "PSGroupSpecifier":
            screen.startSection(header: title, footer: item["FooterText"]?.string)
            lost(idioms)
        case "PSToggleSwitchSpecifier":
            guard let key else { return leftOut("it has no Key") }
            if let why = bind(key, "toggle") { return leftOut(why) }
            let on = item["TrueValue"], off = item["FalseValue"]
            var isOn = false
            if let d = item["DefaultValue"] {
                if let on, d == on { isOn = true } else if let off, d == off { isOn = false } else { isOn = truthy(d) }
            } else {
                warn(file, n, "\(name): no DefaultValue; the toggle is off by default")
            }
            let boolean = (on == nil || on == .bool(true)) && (off == nil || off == .bool(false))
            if !boolean { warn(file, n, "\(name): TrueValue and FalseValue left out (a luascreen toggle stores true and false)") }
            lost(idioms)
            // TrueValue true and FalseValue false, written out: kept as values = { true, false }.
            let booleans = on == .bool(true) && off == .bool(false)
            screen.add(ImportedRow(kind: .toggle(default: isOn, booleans: booleans), text: title ?? key, key: key))
        case "PSMultiValueSpecifier", "PSRadioGroupSpecifier":
            guard let key else { return leftOut("it has no Key") }
            guard let values = item["Values"]?.array, !values.isEmpty else { return leftOut("it has no Values") }
            let titles = item["Titles"]?.array ?? []
            if titles.count != values.count {
                warn(file, n, "\(name): \(titles.count) Titles for \(values.count) Values; the values stand in for missing titles")
            }
            let shortTitles = item["ShortTitles"]?.array
            if let shortTitles, shortTitles.count != values.count {
                warn(file, n, "\(name): \(shortTitles.count) ShortTitles for \(values.count) Values; the titles stand in for missing short titles")
            }
            var options: [ChoiceOption] = []
            for (k, v) in values.enumerated() {
                guard let value = storeValue(v), value.typeName != "boolean" else {
                    return leftOut("value \(k + 1) is \(v.described) (options are strings or numbers)")
                }
                if options.contains(where: { $0.value.sameValue(as: value) }) {
                    warn(file, n, "\(name): value \"\(value)\" is listed twice; the second is left out")
                    continue
                }
                let text = k < titles.count ? titles[k].string ?? value.description : value.description
                let short = shortTitles.flatMap { k < $0.count ? $0[k].string : nil }
                options.append(ChoiceOption(value: value, text: text, short: short))
            }
            if let why = bind(key, "choice") { return leftOut(why) }
            var chosen = options[0].value
            if let d = item["DefaultValue"].flatMap(storeValue) {
                if let match = options.first(where: { $0.value.sameValue(as: d) }) { chosen = match.value }
                else { warn(file, n, "\(name): DefaultValue \"\(d)\" is not among the Values; the first value is the default") }
            } else {
                warn(file, n, "\(name): no DefaultValue; the first value is the default")
            }
            lost(idioms)
            let sorted = item["DisplaySortedByTitle"].map(truthy) ?? false
            let radio = type == "PSRadioGroupSpecifier"
            let row = ImportedRow(kind: .choice(options: options, default: chosen, sorted: sorted, radio: radio), text: title ?? key, key: key)
            if radio {
                // A radio group is a group of its own, its title the header and its footer the
                // section's: a section starting with a choice { radio = true }.
                screen.startSection(header: title, footer: item["FooterText"]?.string)
            }
            screen.add(row)
        case "PSTextFieldSpecifier", "IASKTextViewSpecifier":
            guard let key else { return leftOut("it has no Key") }
            if let why = bind(key, "input") { return leftOut(why) }
            let value = item["DefaultValue"].flatMap(storeValue).map { $0.description } ?? ""
            if type == "IASKTextViewSpecifier" { warn(file, n, "\(name): a text view becomes a one-line input") }
            if value.contains("\n") { warn(file, n, "\(name): its DefaultValue holds a newline") }
            lost(idioms)
            let hints = inputHints(item, file, n, name)
            screen.add(ImportedRow(kind: .input(default: value, secure: item["IsSecure"].map(truthy),
                                                placeholder: item["IASKPlaceholder"]?.string, hints: hints),
                                   text: title ?? key, key: key))
        case "PSSliderSpecifier":
            guard let key else { return leftOut("it has no Key") }
            let min = item["MinimumValue"]?.number, max = item["MaximumValue"]?.number
            var value = item["DefaultValue"]?.number
            for (label, v) in [("MinimumValue", min), ("MaximumValue", max), ("DefaultValue", value)] where v.map({ !$0.isFinite }) ?? false {
                return leftOut("its \(label) is not a finite number")
            }
            if min == nil || max == nil { warn(file, n, "\(name): no MinimumValue or MaximumValue; the number has no bounds") }
            if let lo = min, let hi = max, lo > hi { return leftOut("MinimumValue \(StoreValue.format(lo)) is above MaximumValue \(StoreValue.format(hi))") }
            if let v = value, let lo = min, v < lo { warn(file, n, "\(name): DefaultValue below MinimumValue; the minimum is the default"); value = lo }
            if let v = value, let hi = max, v > hi { warn(file, n, "\(name): DefaultValue above MaximumValue; the maximum is the default"); value = hi }
            if let why = bind(key, "number") { return leftOut(why) }
            lost(["MinimumValueImage", "MaximumValueImage"] + idioms)
            screen.add(ImportedRow(kind: .number(default: value, min: min, max: max), text: title ?? key, key: key))
        case "PSTitleValueSpecifier":
            var detail = item["DefaultValue"].flatMap(storeValue)?.description
            if let d = item["DefaultValue"], let values = item["Values"]?.array, let titles = item["Titles"]?.array,
               let k = values.firstIndex(of: d), k < titles.count, let t = titles[k].string {
                detail = t
                warn(file, n, "\(name): shows \"\(t)\", the title of its DefaultValue (Values and Titles left out)")
            }
            lost(idioms)
            screen.add(ImportedRow(kind: .text(detail: detail.flatMap { $0.isEmpty ? nil : $0 }, push: nil),
                                   text: title ?? key ?? "", id: key, key: nil))
        case "PSChildPaneSpecifier":
            guard let child = item["File"]?.string, !child.isEmpty else { return leftOut("it has no File") }
            guard !child.contains("/"), !child.hasPrefix(".") else { return leftOut("File \"\(child)\" is not a plist of this bundle") }
            let path = folder.isEmpty ? child + ".plist" : folder + "/" + child + ".plist"
            var id = loaded[path]
            if id == nil {
                guard FileManager.default.fileExists(atPath: path) else { return leftOut("\(path) does not exist") }
                id = try load(path: path, id: child, title: title)
            }
            lost(idioms)
            screen.add(ImportedRow(kind: .text(detail: nil, push: id), text: title ?? child, key: nil))
        case "IASKButtonSpecifier":
            let text = title ?? key ?? "Button"
            warn(file, n, "\(name): a button that shows an alert (the app handled its tap)")
            screen.add(ImportedRow(kind: .button(message: "\(text) (handled by the app)"), text: text, id: key, key: nil))
        case "IASKOpenURLSpecifier", "IASKMailComposeSpecifier":
            let target = item["File"]?.string ?? item["IASKMailComposeToRecipents"]?.array?.compactMap(\.string).joined(separator: ", ")
            warn(file, n, "\(name): a row showing \(type == "IASKOpenURLSpecifier" ? "the address" : "the recipients"); it opens nothing")
            screen.add(ImportedRow(kind: .text(detail: target.flatMap { $0.isEmpty ? nil : $0 }, push: nil), text: title ?? key ?? type, id: key, key: nil))
        case "IASKDatePickerSpecifier":
            var detail: String?
            if case .date(let seconds)? = item["DefaultValue"] { detail = ISODate.format(seconds) }
            warn(file, n, "\(name): a row showing its default; luascreen has no date picker yet")
            screen.add(ImportedRow(kind: .text(detail: detail, push: nil), text: title ?? key ?? "Date", id: key, key: nil))
        default:
            leftOut(type.hasPrefix("IASK") ? "an InAppSettingsKit specifier luascreen cannot show" : "an unknown specifier type")
        }
    }

    /// A text field's KeyboardType, AutocapitalizationType and AutocorrectionType; a value
    /// luascreen has no name for is a warning and left out.
    private mutating func inputHints(_ item: PlistValue, _ file: String, _ n: Int, _ name: String) -> InputHints {
        var hints = InputHints()
        func unknown(_ key: String, _ known: [String]) {
            let shown = item[key].map { $0.string.map { "\"\($0)\"" } ?? $0.described } ?? ""
            warn(file, n, "\(name): \(key) \(shown) left out (known: \(known.joined(separator: ", ")))")
        }
        if let v = item["KeyboardType"] {
            if let k = v.string.flatMap(KeyboardKind.init(settingsBundleName:)) { hints.keyboard = k }
            else { unknown("KeyboardType", KeyboardKind.allCases.map(\.settingsBundleName)) }
        }
        if let v = item["AutocapitalizationType"] {
            if let a = v.string.flatMap(Autocapitalization.init(settingsBundleName:)) { hints.autocapitalize = a }
            else { unknown("AutocapitalizationType", Autocapitalization.allCases.map(\.settingsBundleName)) }
        }
        switch item["AutocorrectionType"]?.string {
        case "Yes"?: hints.autocorrect = true
        case "No"?: hints.autocorrect = false
        case "Default"?: break  // the platform's default: as if absent
        default: if item["AutocorrectionType"] != nil { unknown("AutocorrectionType", ["Default", "No", "Yes"]) }
        }
        return hints
    }

    private func storeValue(_ v: PlistValue) -> StoreValue? {
        switch v {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .real(let d): return d.isFinite ? .number(d) : nil
        case .bool(let b): return .bool(b)
        default: return nil
        }
    }

    /// How iOS reads a toggle's DefaultValue with no TrueValue: YES, true, 1.
    private func truthy(_ v: PlistValue) -> Bool {
        switch v {
        case .bool(let b): return b
        case .integer(let i): return i != 0
        case .real(let d): return d != 0
        case .string(let s): return ["yes", "true", "1", "y"].contains(s.lowercased())
        default: return false
        }
    }
}

/// Sections of one screen as its specifiers are read, with row and section ids kept unique.
private struct ScreenBuilder {
    let file: String
    var sections: [ImportedSection] = []
    var rowIDs = Set<String>()
    var sectionIDs = Set<String>()

    init(file: String) { self.file = file }

    mutating func startSection(header: String?, footer: String?) {
        var section = ImportedSection(header: header, footer: footer)
        // The validator's default section id: the header made an id, else sectionN.
        let natural = header.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "section\(sections.count + 1)"
        if sectionIDs.contains(natural) {
            var n = 2
            while sectionIDs.contains("\(natural)_\(n)") { n += 1 }
            section.id = "\(natural)_\(n)"
        }
        sectionIDs.insert(section.id ?? natural)
        sections.append(section)
    }

    mutating func add(_ row: ImportedRow) {
        if sections.isEmpty { startSection(header: nil, footer: nil) }
        var row = row
        // The id the validator gives: the key, else the text made an id.
        let natural = row.key ?? slug(row.text)
        var id = row.id ?? natural
        if id.isEmpty { id = "row" }
        if rowIDs.contains(id) {
            var n = 2
            while rowIDs.contains("\(id)_\(n)") { n += 1 }
            id = "\(id)_\(n)"
        }
        rowIDs.insert(id)
        row.id = id == natural ? nil : id
        sections[sections.count - 1].rows.append(row)
    }

    func finished() -> [ImportedSection] { sections }
}

/// The few path operations import needs, on plain strings (no Foundation `NSString`).
/// A namespace of functions that keep no state: callable from any thread.
public enum PathText {
    /// Whether `path` names a folder.
    public static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// `a/b/c.plist` → `c.plist`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
    }

    /// `a/b/c.plist` → `a/b`; `c.plist` → `` (the current folder, as NSString gives it).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `c.plist` → `c`; a name without a dot is kept.
    public static func withoutExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
