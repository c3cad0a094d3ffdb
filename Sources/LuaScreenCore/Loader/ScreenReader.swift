import LuaRuntime
import ScreenModel

/// Reading screens and their list of sections.
extension Validator {
    /// Reads a screen, registers it and returns its id (nil when it has no usable id).
    @discardableResult
    func readScreen(_ t: Int32, requireID: Bool, defaultID: String?) -> String? {
        if let pointer = stack.pointer(at: t), let known = screenTables[pointer] { return known }
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
        let location = currentLocation
        let arrayCount = forEachField(t, what: "screen") { key in
            switch key {
            case "type": break
            case "id": id = string(key)
            case "title":
                if stack.type(at: -1) == .function { titleFunction = reference(); title = "" }
                else { title = dynamicString(key)?.value }
            case "sections":
                sectionsField = true
                switch stack.type(at: -1) {
                case .function: sectionsFunction = reference()
                case .table: break
                default: typeError(key, expected: "a list of sections or a function of ctx")
                }
            case "on_appear": onAppear = function(key)
            case "invariants": screenInvariants = readInvariants(key)
            case "ios": platform.ios = platformTable(key, at: -1) ?? []
            case "android": platform.android = platformTable(key, at: -1) ?? []
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
        if let existing = registry.screenPosition(screenID), replacesScreens {
            // Read again (a sections function at a later render): the new definition wins.
            registry.replaceScreen(at: existing, with: screen)
            if let pointer = stack.pointer(at: t) { screenTables[pointer] = screenID }
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
        if let pointer = stack.pointer(at: t) { screenTables[pointer] = screenID }
        registry.addInvariants(screenInvariants.map { ($0.name, screenID, $0.ref) })

        registry.setSections(readScreenSections(t, sectionsField: sectionsField, arrayCount: arrayCount, function: sectionsFunction), ofScreenAt: index)
        return screenID
    }

    /// A screen's sections: its `sections` function, its `sections` list or its array part.
    func readScreenSections(_ t: Int32, sectionsField: Bool, arrayCount: Int, function: ScriptRef?) -> Dynamic<[Section]> {
        if let function { return .function(function) }
        var rowIDs = RowIDs()
        var sections: [Section] = []
        if sectionsField {
            stack.rawGet(t, "sections")
            let list = stack.absolute(-1)
            withPath(.field("sections")) {
                sections = readSections(list, count: stack.rawLength(list), rowIDs: &rowIDs)
            }
            stack.pop()
        } else {
            withPath(.field("sections")) {
                sections = readSections(t, count: arrayCount, rowIDs: &rowIDs)
            }
        }
        return .value(sections)
    }

    /// Reads the first `count` sections of a list.
    func readSections(_ list: Int32, count: Int, rowIDs: inout RowIDs) -> [Section] {
        var sections: [Section] = []
        sections.reserveCapacity(count)
        var sectionIDs = Set<String>()
        guard count > 0 else { return sections }
        for i in 1...count {
            stack.rawGet(list, index: i)
            path.append(.index(i))
            if stack.type(at: -1) == .table {
                if let section = readSection(stack.absolute(-1), position: i, rowIDs: &rowIDs) {
                    if !sectionIDs.insert(section.id).inserted {
                        report("duplicate section id \"\(section.id)\" in this screen", field: "id", code: .duplicate)
                    }
                    sections.append(section)
                }
            } else if stack.type(at: -1) != .nil_ {
                typeError("", expected: "a section table")
            }
            path.removeLast()
            stack.pop()
        }
        return sections
    }
}
