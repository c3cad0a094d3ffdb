import LuaRuntime
import ScreenModel

/// Reading screens and their list of sections.
extension Validator {
    /// Reads a screen, registers it and returns its id (nil when it has no usable id).
    @discardableResult
    func readScreen(_ t: borrowing LuaTableView, requireID: Bool, defaultID: String?) -> String? {
        if let pointer = t.pointer, let known = screenTables[pointer] { return known }
        guard !reportIfVisiting(t) else { return nil }
        if let tag = typeTag(t), tag != "screen" {
            report("expected a screen, got a \(tag) table\(tag == "section" ? " (sections go inside screen { ... })" : "")", code: .wrongType)
            return nil
        }
        guard screenDepth < Validator.maxScreenDepth else {
            report("screens are nested more than \(Validator.maxScreenDepth) deep; declare deep screens in an app and push them by id")
            return nil
        }
        guard enter(t) else { return nil }
        defer { leave(t) }
        screenDepth += 1
        defer { screenDepth -= 1 }

        var id: String?
        var title: String?
        var titleFunction: ScriptRef?
        var sectionsField = false
        var sectionsFunction: ScriptRef?
        var onAppear: ScriptRef?
        var screenInvariants: [(name: String, ref: ScriptRef)] = []
        var platform = PlatformKeys()
        var strings: [String: [String: String]] = [:]
        let location = currentLocation
        let arrayCount = forEachField(t, what: "screen") { key, value in
            switch key {
            case "type": break
            case "id": id = string(key, at: value)
            case "title":
                if value.type == .function { titleFunction = reference(at: value); title = "" }
                else { title = dynamicString(key, at: value)?.value }
            case "sections":
                sectionsField = true
                switch value.type {
                case .function: sectionsFunction = reference(at: value)
                case .table: break
                default: typeError(key, expected: "a list of sections or a function of ctx", at: value)
                }
            case "on_appear": onAppear = function(key, at: value)
            case "invariants": screenInvariants = readInvariants(key, at: value)
            case "ios": platform.ios = platformTable(key, at: value) ?? []
            case "android": platform.android = platformTable(key, at: value) ?? []
            case "strings":
                if value.type == .string {
                    report("a screen's strings is a table of locales ({ fr = { [\"Advanced\"] = \"Avancé\" } }); a folder of locale files is the app's strings", field: "strings", code: .wrongType)
                } else {
                    strings = readStrings(value)?.tables ?? [:]
                }
            default: unknownField(key, allowed: FieldNames.screen)
            }
        }
        if id == nil, requireID {
            report("missing required field \"id\" (every screen of an app needs one)", code: .missingField)
        }
        if title == nil { report("missing required field \"title\"", code: .missingField) }
        if sectionsField, arrayCount > 0 {
            report("sections are given both in \"sections\" and in the array part; use one of them", field: "sections")
        }
        let screenID = id ?? defaultID ?? (title.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "screen\(registry.screens.count + 1)")
        var screen = Screen(id: screenID, title: title ?? "", sections: .value([]), onAppear: onAppear, location: location)
        screen.titleFunction = titleFunction
        screen.platform = platform
        screen.strings = strings
        if let existing = registry.screenPosition(screenID), replacesScreens {
            // Read again (a sections function at a later render): the new definition wins.
            registry.replaceScreen(at: existing, with: screen)
            if let pointer = t.pointer { screenTables[pointer] = screenID }
            registry.setSections(readScreenSections(t, sectionsField: sectionsField, arrayCount: arrayCount, function: sectionsFunction), ofScreenAt: existing)
            return screenID
        }
        if let existing = registry.screenPosition(screenID) {
            let other = registry.screens[existing].location.map { " (also at line \($0.line))" } ?? ""
            report("duplicate screen id \"\(screenID)\"\(other); give each screen its own id", field: id == nil ? nil : "id", code: .duplicate)
            return nil
        }
        // Register before reading the sections, so rows can push this screen by id.
        let index = registry.register(screen)
        if let pointer = t.pointer { screenTables[pointer] = screenID }
        registry.addInvariants(screenInvariants.map { ($0.name, screenID, $0.ref) })

        registry.setSections(readScreenSections(t, sectionsField: sectionsField, arrayCount: arrayCount, function: sectionsFunction), ofScreenAt: index)
        return screenID
    }

    /// A screen's sections: its `sections` function, its `sections` list or its array part.
    func readScreenSections(_ t: borrowing LuaTableView, sectionsField: Bool, arrayCount: Int, function: ScriptRef?) -> Dynamic<[Section]> {
        if let function { return .function(function) }
        var rowIDs = RowIDs()
        var sections: [Section] = []
        if sectionsField {
            _ = t.table("sections") { list in
                withPath(.field("sections")) {
                    sections = readSections(list, count: list.count, rowIDs: &rowIDs)
                }
            }
        } else {
            withPath(.field("sections")) {
                sections = readSections(t, count: arrayCount, rowIDs: &rowIDs)
            }
        }
        return .value(sections)
    }

    /// Reads the first `count` sections of a list.
    func readSections(_ list: borrowing LuaTableView, count: Int, rowIDs: inout RowIDs) -> [Section] {
        var sections: [Section] = []
        sections.reserveCapacity(count)
        // Room for every row's id at once: the table growing list by list would hash the ids
        // again at each doubling (157,000 hashes for 100,000 rows). Counted raw (a row list's
        // border; a section's `rows`, else its array part), read again below.
        var rows = 0
        list.forEachArrayItem(upTo: count) { _, item in
            rows += item.table { section in section.table("rows") { $0.count } ?? section.count } ?? 0
        }
        rowIDs.reserveCapacity(rowIDs.count + rows)
        var sectionIDs = Set<String>()
        list.forEachArrayItem(upTo: count) { i, item in
            path.append(.index(i))
            if let read = item.table({ readSection($0, position: i, rowIDs: &rowIDs) }) {
                if let section = read {
                    if !sectionIDs.insert(section.id).inserted {
                        report("duplicate section id \"\(section.id)\" in this screen", field: "id", code: .duplicate)
                    }
                    sections.append(section)
                }
            } else if !item.isNil {
                typeError("", expected: "a section table", at: item)
            }
            path.removeLast()
        }
        return sections
    }
}
