import LuaRuntime
import ScreenModel
import LuaScreenCore

/// Reading one specifier into a row or a section. Each kind takes the keys it writes back
/// exactly as they were; every other key of the specifier (vendor keys, InAppSettingsKit's,
/// a value of another plist type than export would write) goes into the row's `ios`, so
/// export gives the specifier back as it was and nothing is dropped without a warning.
extension Importer {
    mutating func read(_ item: PlistValue, at n: Int, into screen: inout ScreenBuilder, depth: Int) throws {
        let file = screen.file
        guard case .dictionary = item else {
            warn(file, n, "\(item.described), not a specifier dictionary; left out")
            return
        }
        guard let type = item["Type"]?.string else {
            // What iOS skips, kept as it was: a plain row whose ios holds every key, and says
            // which keys export would add (`["-Type"] = true`, ...).
            warn(file, n, "a specifier without a Type string (Settings shows nothing for it): kept as a plain row, its keys in ios")
            let title = item["Title"]?.string, key = item["Key"]?.string
            let text = title ?? key ?? "specifier\(n)"
            var row = ImportedRow(kind: .text(detail: nil, push: nil), text: text, id: title == nil ? text : nil, key: nil)
            let absent = ["Type", "Key", "DefaultValue", "Title"].filter { item[$0] == nil }
            row.ios = PlatformValues.sorted(rest(item, [], file, n, "specifier") + absent.map { PlatformEntry(key: "-" + $0, value: .bool(true)) })
            screen.add(row)
            return
        }
        let title = item["Title"]?.string
        let key = item["Key"]?.string
        let name = "\(type)\(title.map { " \"\($0)\"" } ?? key.map { " (Key \"\($0)\")" } ?? "")"
        // Type is taken where export writes the same type (not for the IASK kinds it maps).
        var taken: Set<String> = ["IASKTextViewSpecifier", "IASKOpenURLSpecifier", "IASKMailComposeSpecifier",
                                  "IASKDatePickerSpecifier"].contains(type) ? [] : ["Type"]
        /// A specifier luascreen cannot show as its own kind of row: kept as a plain row
        /// whose ios holds every key (Type too), so export writes it back as it was.
        func leftOut(_ why: String?) {
            if let why { warn(file, n, "\(name) kept as a plain row: \(why); its keys stay in ios") }
            let text = title ?? key ?? type
            var row = ImportedRow(kind: .text(detail: nil, push: nil), text: text, id: title == nil ? text : nil, key: nil)
            var kept: Set<String> = []
            if let title, title != slug(title) { kept.insert("Title") }
            row.ios = rest(item, kept, file, n, name)
            screen.add(row)
        }
        /// Takes `Title` when export writes it back: it is a string and not the text export
        /// leaves it out for (`fallback`, what an untitled specifier is shown as).
        func takeTitle(fallback: String?) {
            if let title, title != fallback { taken.insert("Title") }
        }
        /// Takes `key` when export writes `exported` for it, exactly (type too).
        func take(_ key: String, ifExported exported: PlistValue?) {
            if let exported, let original = item[key], exported == original { taken.insert(key) }
        }

        /// Keys the specifier lacks that export would write (its `ios` says `["-KEY"] = true`).
        var omitted: [String] = []
        var row: ImportedRow
        switch type {
        case "PSGroupSpecifier":
            taken.formUnion(["Title", "FooterText"].filter { item[$0]?.string != nil })
            screen.startSection(header: title, footer: item["FooterText"]?.string)
            screen.setSectionKeys(rest(item, taken, file, n, name))
            return
        case "PSToggleSwitchSpecifier":
            guard let key else { return leftOut("it has no Key") }
            taken.insert("Key")
            let on = item["TrueValue"].flatMap(storeValue), off = item["FalseValue"].flatMap(storeValue)
            var values: (on: StoreValue, off: StoreValue)?
            if let on, let off, !on.sameValue(as: off), on.typeName != "list" {
                values = (on, off)
                take("TrueValue", ifExported: SettingsBundleWriter.plist(on))
                take("FalseValue", ifExported: SettingsBundleWriter.plist(off))
            }
            var isOn = false
            if let d = item["DefaultValue"] {
                let stored = storeValue(d)
                if let values, let stored, stored.sameValue(as: values.on) { isOn = true }
                else if let values, let stored, stored.sameValue(as: values.off) { isOn = false }
                else { isOn = truthy(d) }
                take("DefaultValue", ifExported: .bool(isOn))
            } else {
                // Off by default; export leaves DefaultValue out again (`["-DefaultValue"] = true`).
                omitted.append("DefaultValue")
            }
            let togglesDefault = values.map { isOn ? $0.on : $0.off } ?? .bool(isOn)
            if let why = bind(key, "toggle", rules: "\(togglesDefault)|\(values.map { "\($0.on),\($0.off)" } ?? "")") { return leftOut(why) }
            takeTitle(fallback: key)
            row = ImportedRow(kind: .toggle(default: isOn, values: values), text: title ?? key, key: key)
        case "PSMultiValueSpecifier", "PSRadioGroupSpecifier":
            guard let key else { return leftOut("it has no Key") }
            guard let values = item["Values"]?.array, !values.isEmpty else { return leftOut("it has no Values") }
            taken.insert("Key")
            let titles = item["Titles"]?.array ?? []
            if titles.count != values.count {
                warn(file, n, "\(name): \(titles.count) Titles for \(values.count) Values; the values stand in for missing titles")
            }
            let shortTitles = item["ShortTitles"]?.array
            if let shortTitles, shortTitles.count != values.count {
                warn(file, n, "\(name): \(shortTitles.count) ShortTitles for \(values.count) Values; the titles stand in for missing short titles")
            }
            var options: [ChoiceOption] = []
            options.reserveCapacity(values.count)
            var seen = Set<OptionKey>()
            var exact = titles.count == values.count && (shortTitles.map { $0.count == values.count } ?? true)
            for (k, v) in values.enumerated() {
                guard let value = storeValue(v), value.typeName != "boolean" else {
                    return leftOut("value \(k + 1) is \(v.described) (options are strings or numbers)")
                }
                guard seen.insert(OptionKey(value)).inserted else {
                    warn(file, n, "\(name): value \"\(value)\" is listed twice; the second is left out of the choice (the specifier keeps both)")
                    exact = false
                    continue
                }
                let text = k < titles.count ? titles[k].string ?? value.description : value.description
                let short = shortTitles.flatMap { k < $0.count ? $0[k].string : nil }
                options.append(ChoiceOption(value: value, text: text, short: short))
            }
            if exact {
                take("Values", ifExported: .array(options.map { SettingsBundleWriter.plist($0.value) }))
                take("Titles", ifExported: .array(options.map { .string($0.text) }))
                if options.contains(where: { $0.short != nil }), type == "PSMultiValueSpecifier" {
                    take("ShortTitles", ifExported: .array(options.map { .string($0.short ?? $0.text) }))
                }
            }
            var chosen = options[0].value
            if let d = item["DefaultValue"] {
                if let s = storeValue(d), let match = options.first(where: { $0.value.sameValue(as: s) }) {
                    chosen = match.value
                    take("DefaultValue", ifExported: SettingsBundleWriter.plist(chosen))
                } else {
                    warn(file, n, "\(name): DefaultValue \(shown(d)) is not among the Values; luascreen shows the first value (the specifier keeps its DefaultValue)")
                }
            } else {
                omitted.append("DefaultValue")  // the first value is the default; export writes none again
            }
            if let why = bind(key, "choice", rules: "\(chosen)|" + options.map { "\"\($0.value)\"" }.sorted().joined(separator: ",")) { return leftOut(why) }
            let sorted = item["DisplaySortedByTitle"] == .bool(true)
            if sorted { taken.insert("DisplaySortedByTitle") }
            let radio = type == "PSRadioGroupSpecifier"
            takeTitle(fallback: key)
            row = ImportedRow(kind: .choice(options: options, default: chosen, sorted: sorted, radio: radio), text: title ?? key, key: key)
            if radio {
                // A radio group is a group of its own, its title the header and its footer the
                // section's: a section starting with a choice { radio = true }.
                if item["FooterText"]?.string != nil { taken.insert("FooterText") }
                screen.startSection(header: title, footer: item["FooterText"]?.string)
            }
        case "PSTextFieldSpecifier":
            guard let key else { return leftOut("it has no Key") }
            taken.insert("Key")
            var value = ""
            if let d = item["DefaultValue"] {
                value = storeValue(d)?.description ?? ""
                // Export leaves an empty default out: a written "" stays in ios.
                if case .string(let text) = d, !text.isEmpty { taken.insert("DefaultValue") }
            }
            if value.contains("\n") { warn(file, n, "\(name): its DefaultValue holds a newline") }
            if let why = bind(key, "input", rules: value) { return leftOut(why) }
            if case .bool? = item["IsSecure"] { taken.insert("IsSecure") }
            let hints = inputHints(item, &taken, file, n, name)
            takeTitle(fallback: key)
            row = ImportedRow(kind: .input(default: value, secure: item["IsSecure"].map(truthy),
                                          placeholder: item["IASKPlaceholder"]?.string, hints: hints),
                              text: title ?? key, key: key)
        case "IASKTextViewSpecifier":
            // A multiline input, which export writes as this specifier again (with the same
            // keyboard keys a text field has).
            guard let key else { return leftOut("it has no Key") }
            if let why = bind(key, "input", rules: item["DefaultValue"].flatMap(storeValue)?.description ?? "") { return leftOut(why) }
            taken.formUnion(["Key", "Type"])
            if case .string(let text)? = item["DefaultValue"], !text.isEmpty { taken.insert("DefaultValue") }
            let hints = inputHints(item, &taken, file, n, name)
            takeTitle(fallback: key)
            row = ImportedRow(kind: .input(default: item["DefaultValue"].flatMap(storeValue)?.description ?? "", secure: nil,
                                          placeholder: item["IASKPlaceholder"]?.string, hints: hints, multiline: true),
                              text: title ?? key, key: key)
        case "PSSliderSpecifier":
            guard let key else { return leftOut("it has no Key") }
            let min = item["MinimumValue"]?.number, max = item["MaximumValue"]?.number
            var value = item["DefaultValue"]?.number
            for (label, v) in [("MinimumValue", min), ("MaximumValue", max), ("DefaultValue", value)] where v.map({ !$0.isFinite }) ?? false {
                return leftOut("its \(label) is not a finite number")
            }
            if min == nil || max == nil { warn(file, n, "\(name): no MinimumValue or MaximumValue; the number has no bounds (and export leaves it out)") }
            if let lo = min, let hi = max, lo > hi { return leftOut("MinimumValue \(StoreValue.format(lo)) is above MaximumValue \(StoreValue.format(hi))") }
            if let v = value, let lo = min, v < lo { warn(file, n, "\(name): DefaultValue below MinimumValue; the minimum is the default"); value = lo }
            if let v = value, let hi = max, v > hi { warn(file, n, "\(name): DefaultValue above MaximumValue; the maximum is the default"); value = hi }
            if let why = bind(key, "number", rules: [value, min, max].map { $0.map(StoreValue.format) ?? "" }.joined(separator: "|")) { return leftOut(why) }
            taken.insert("Key")
            if let min { take("MinimumValue", ifExported: SettingsBundleWriter.number(min)) }
            if let max { take("MaximumValue", ifExported: SettingsBundleWriter.number(max)) }
            if let value { take("DefaultValue", ifExported: SettingsBundleWriter.number(value)) }
            takeTitle(fallback: key)
            row = ImportedRow(kind: .number(default: value, min: min, max: max), text: title ?? key, key: key)
        case "PSTitleValueSpecifier":
            var detail = item["DefaultValue"].flatMap(storeValue)?.description
            if let d = item["DefaultValue"], let values = item["Values"]?.array, let titles = item["Titles"]?.array,
               let k = values.firstIndex(of: d), k < titles.count, let t = titles[k].string {
                detail = t
            }
            take("DefaultValue", ifExported: .string(detail ?? ""))
            if item["DefaultValue"] == nil { omitted.append("DefaultValue") }
            if key != nil { taken.insert("Key") }
            takeTitle(fallback: key ?? "")
            row = ImportedRow(kind: .text(detail: detail.flatMap { $0.isEmpty ? nil : $0 }, push: nil),
                              text: title ?? key ?? "", id: key, key: nil)
            row.keyAsID = key
        case "PSChildPaneSpecifier":
            // No File (InAppSettingsKit's view controller or segue), or a pane not read (a web
            // page's URL, a placeholder, a missing file): a plain row with every key, written back.
            guard let child = item["File"]?.string, !child.isEmpty else { return leftOut("it has no File (the app shows its own view)") }
            guard let id = try self.child(child, title: title, at: n, screen: screen, depth: depth, name: name) else { return leftOut(nil) }
            // Export names the child's file after its screen id: a File in a folder comes back
            // as a flat name (a difference the round trip reports).
            taken.insert("File")
            if title != nil { taken.insert("Title") } else { warn(file, n, "\(name): no Title; export writes the File as its Title (the schema requires one)") }
            row = ImportedRow(kind: .text(detail: nil, push: id), text: title ?? child, key: nil)
        case "IASKButtonSpecifier":
            let text = title ?? key ?? "Button"
            warn(file, n, "\(name): a button that shows an alert (the app handled its tap)")
            row = ImportedRow(kind: .button(message: "\(text) (handled by the app)"), text: text, id: key, key: nil)
            // Type and the rest stay in ios: export writes the specifier back.
            taken = []
            if key != nil { taken.insert("Key") }
            takeTitle(fallback: key ?? slug(text))
            row.keyAsID = key
        case "IASKOpenURLSpecifier", "IASKMailComposeSpecifier":
            let target = item["File"]?.string ?? item["IASKMailComposeToRecipents"]?.array?.compactMap(\.string).joined(separator: ", ")
            warn(file, n, "\(name): a row showing \(type == "IASKOpenURLSpecifier" ? "the address" : "the recipients"); it opens nothing")
            takeTitle(fallback: key ?? slug(title ?? key ?? type))
            row = ImportedRow(kind: .text(detail: target.flatMap { $0.isEmpty ? nil : $0 }, push: nil), text: title ?? key ?? type, id: key, key: nil)
        case "IASKDatePickerSpecifier":
            var detail: String?
            if case .date(let seconds)? = item["DefaultValue"] { detail = ISODate.format(seconds) }
            warn(file, n, "\(name): a row showing its default; luascreen has no date picker yet")
            takeTitle(fallback: key ?? slug(title ?? key ?? "Date"))
            row = ImportedRow(kind: .text(detail: detail, push: nil), text: title ?? key ?? "Date", id: key, key: nil)
        default:
            return leftOut(type.hasPrefix("IASK") ? "an InAppSettingsKit specifier luascreen cannot show" : "an unknown specifier type")
        }
        row.ios = PlatformValues.sorted(rest(item, taken, file, n, name) + omitted.map { PlatformEntry(key: "-" + $0, value: .bool(true)) })
        screen.add(row)
    }

    /// The specifier's keys not taken, as platform values (sorted); a date or data value,
    /// which Lua cannot hold, is a warning.
    private mutating func rest(_ item: PlistValue, _ taken: Set<String>, _ file: String, _ n: Int, _ name: String) -> [PlatformEntry] {
        guard case .dictionary(let members) = item else { return [] }
        var out: [PlatformEntry] = []
        var seen = Set<String>()
        for member in members.reversed() where !taken.contains(member.key) && seen.insert(member.key).inserted {
            if case .dictionary(let inner) = member.value, inner.isEmpty {
                warn(file, n, "\(name): \(member.key) is an empty dictionary: it comes back as an empty array (Lua's {} is both)")
            }
            if let v = PlatformValues.value(member.value) { out.append(PlatformEntry(key: member.key, value: v)) }
            else { warn(file, n, "\(name): \(member.key) (\(member.value.described)) left out: luascreen keeps strings, numbers, booleans, arrays and dictionaries") }
        }
        return PlatformValues.sorted(out)
    }

    /// A text field's KeyboardType, AutocapitalizationType and AutocorrectionType, taken when
    /// luascreen has a name for them; another value stays in `ios` as written, with a warning.
    private mutating func inputHints(_ item: PlistValue, _ taken: inout Set<String>, _ file: String, _ n: Int, _ name: String) -> InputHints {
        var hints = InputHints()
        func unknown(_ key: String, _ known: [String]) {
            let shown = item[key].map { $0.string.map { "\"\($0)\"" } ?? $0.described } ?? ""
            warn(file, n, "\(name): \(key) \(shown) kept in ios, luascreen has no name for it (known: \(known.joined(separator: ", ")))")
        }
        if let v = item["KeyboardType"] {
            if let k = v.string.flatMap(KeyboardKind.init(settingsBundleName:)), k.settingsBundleName == v.string {
                hints.keyboard = k
                taken.insert("KeyboardType")
            } else { unknown("KeyboardType", KeyboardKind.allCases.map(\.settingsBundleName)) }
        }
        if let v = item["AutocapitalizationType"] {
            if let a = v.string.flatMap(Autocapitalization.init(settingsBundleName:)), a.settingsBundleName == v.string {
                hints.autocapitalize = a
                taken.insert("AutocapitalizationType")
            } else { unknown("AutocapitalizationType", Autocapitalization.allCases.map(\.settingsBundleName)) }
        }
        switch item["AutocorrectionType"]?.string {
        case "Yes"?: hints.autocorrect = true; taken.insert("AutocorrectionType")
        case "No"?: hints.autocorrect = false; taken.insert("AutocorrectionType")
        case "Default"?: break  // the platform's default: kept in ios as written
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

    private func shown(_ v: PlistValue) -> String {
        switch v {
        case .string(let s): return "\"\(s.prefix(60))\""
        case .integer(let i): return String(i)
        case .real(let d): return StoreValue.format(d)
        case .bool(let b): return b ? "true" : "false"
        default: return v.described
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

/// An option's value as a set member that tells values apart as `sameValue` does: strings
/// byte for byte, numbers by value (1 and 1.0 are one value).
struct OptionKey: Hashable {
    let bytes: [UInt8]
    let number: Double?

    init(_ value: StoreValue) {
        switch value {
        case .integer(let i): bytes = []; number = Double(i)
        case .number(let d): bytes = []; number = d
        default: bytes = Array(value.description.utf8); number = nil
        }
    }
}

extension PlistValue {
    /// A dictionary's keys, in order.
    var dictionaryKeys: [String] {
        guard case .dictionary(let members) = self else { return [] }
        return members.map(\.key)
    }
}
