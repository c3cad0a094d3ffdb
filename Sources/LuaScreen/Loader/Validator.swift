import LuaRuntime
import ScreenModel

/// Reads a script's tables into the screen model, reporting every problem it finds.
///
/// It reads with raw accessors only (`lua_next`, `lua_rawget*`, `lua_type`), so a metatable
/// never runs; it keeps the path of tables it is inside to detect tables that contain
/// themselves; and it builds a path string only when it reports a problem. The validator
/// lives as long as the session: rows inserted at run time are checked by the same rules,
/// against the same registry of screens and bound keys.
final class Validator {
    enum PathComponent {
        case field(String)
        case index(Int)
    }

    let lua: LuaState
    var stack: LuaStack { lua.stack }
    /// The script's path, as the person gave it.
    let file: String
    var diagnostics: [Diagnostic] = []
    /// The app's `strings`, when it gave some.
    var strings: Translations?

    private var path: [PathComponent] = []
    /// The place (file, line) of each table being read, innermost last; files by index.
    private var places: [(file: Int32, line: Int32)] = []
    /// Beside each place: the index in `callChains` of the calls that led to its constructor
    /// (0: made in a main chunk, or a plain table).
    private var placeChains: [Int32] = []
    private var callChains: [[SourceLocation]] = [[]]
    /// The calls that led to each row built inside a function, by `rowKey(id:location:)`.
    private(set) var rowCallers: [String: [SourceLocation]] = [:]
    static func rowKey(id: String, location: SourceLocation?) -> String { "\(id)\u{1F}\(location?.line ?? 0)" }
    private var files: [String] = []
    private var lastSource: (pointer: UnsafePointer<CChar>, file: Int32)?
    /// The tables being read (screens and sections, a handful deep): a cycle shows here.
    private var visiting: [UnsafeRawPointer] = []
    private(set) var screens: [Screen] = []
    /// The script's invariants (`invariants = { NAME = function(ctx) ... end }` of the app or
    /// of a screen, `screen` nil for the app's), sorted by name within each table.
    var invariants: [(name: String, screen: String?, ref: ScriptRef)] = []
    private var screenIndex: [String: Int] = [:]
    private var screenTables: [UnsafeRawPointer: String] = [:]
    private var pendingPushes: [(id: String, place: (file: String, line: Int?), path: String)] = []
    /// Every bound key: the kind of row that binds it, where, and its default.
    private(set) var bindings = KeyTable<BoundKey>()

    /// What a store read needs to know of a key, kept small: a screen may bind 100,000.
    struct BoundKey {
        var kind: RowKind
        var line: Int32
        var defaultValue: StoreValue
        /// The row, when it has rules beyond its kind (checked on every write to the key).
        var rules: BoundRow?
    }
    private var screenDepth = 0
    static let maxScreenDepth = 100

    /// A Lua table mapping each row field's name to its `RowField` number.
    private let fieldTable: Int32

    init(lua: LuaState, file: String) {
        self.lua = lua
        self.file = file
        lua.stack.newTable(recordCount: RowField.allCases.count)
        for field in RowField.allCases {
            lua.stack.push(Int(field.rawValue))
            lua.stack.rawSet(-2, field.name)
        }
        fieldTable = lua.ref()
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: reporting

    private var place: (file: String, line: Int?) {
        guard let p = places.last else { return (file, nil) }
        return (files[Int(p.file)], p.line > 0 ? Int(p.line) : nil)
    }

    private func fileIndex(_ name: String) -> Int32 {
        if let i = files.firstIndex(of: name) { return Int32(i) }
        files.append(name)
        return Int32(files.count - 1)
    }

    /// Pushes the place of the table at `index` when a constructor recorded one; false (and
    /// nothing pushed) for a plain table, whose place is its parent's.
    private func pushPlaceIfRecorded(of index: Int32) -> Bool {
        guard lua.constructorsRecordedPlaces else { return false }
        pushPlace(of: index)
        return true
    }

    /// The place of the table at `index`: the line its constructor recorded, else its parent's.
    private func pushPlace(of index: Int32) {
        let (line, source) = lua.constructorPlace(of: index)
        guard line > 0 else {
            places.append(places.last ?? (fileIndex(file), 0))
            placeChains.append(placeChains.last ?? 0)
            return
        }
        var f: Int32
        if let source {
            if let last = lastSource, last.pointer == source {
                f = last.file
            } else {
                f = fileIndex(luaChunkPath(String(cString: source)))
                lastSource = (source, f)
            }
        } else {
            f = places.last?.file ?? fileIndex(file)
        }
        places.append((f, line))
        let callers = lua.constructorCallers(of: index)
        if callers.isEmpty {
            placeChains.append(0)
        } else {
            placeChains.append(Int32(callChains.count))
            callChains.append(callers.map { SourceLocation(file: $0.file, line: $0.line) })
        }
    }

    /// The rows being read, innermost last: the path component of each and its field slots.
    private var rowNames: [(component: Int, base: Int32, present: UInt64)] = []

    /// The id (else the key) the script gave the row read at path component `component`.
    private func givenName(ofRowAt component: Int) -> String? {
        guard let row = rowNames.last(where: { $0.component == component }) else { return nil }
        for field in [RowField.id, .key] where row.present & field.bit != 0 {
            if stack.type(at: row.base + field.rawValue) == .string, let name = stack.string(at: row.base + field.rawValue) {
                return name.count > 60 ? String(name.prefix(60)) + "…" : name
            }
        }
        return nil
    }

    private func pathString(_ extra: String? = nil) -> String {
        var out = ""
        for (n, component) in path.enumerated() {
            switch component {
            case .field(let name): out += out.isEmpty ? name : "." + name
            case .index(let i):
                out += "[\(i)]"
                // Rows built by a helper share the helper's line: name them by id or key.
                if placeChains.last ?? 0 != 0, let name = givenName(ofRowAt: n) { out += "(\(name))" }
            }
        }
        if let extra { out += out.isEmpty ? extra : "." + extra }
        return out
    }

    func report(_ message: String, field: String? = nil, severity: Diagnostic.Severity = .error) {
        let (f, l) = place
        diagnostics.append(Diagnostic(severity, file: f, line: l, path: pathString(field), message: message,
                                      calledFrom: callChains[Int(placeChains.last ?? 0)]))
    }

    private func typeError(_ field: String, expected: String, at index: Int32 = -1) {
        let actual = stack.type(at: index)
        var shown = actual.name
        if actual == .number, let n = stack.number(at: index) { shown += " (\(StoreValue.format(n)))" }
        if actual == .string, let s = stack.string(at: index) { shown += " (\"\(s.prefix(40))\")" }
        report("expected \(expected), got \(shown)", field: field)
    }

    private func withPath<T>(_ component: PathComponent, _ body: () -> T) -> T {
        path.append(component)
        defer { path.removeLast() }
        return body()
    }

    /// Enters the table at `index`: its own place (a constructor's line) or its parent's.
    /// Returns false (and reports) when the table is already being read: it contains itself.
    private func enter(_ index: Int32) -> Bool {
        guard let pointer = stack.pointer(at: index) else { return false }
        if visiting.contains(pointer) {
            report("this table contains itself (a cycle of tables); a screen can only be reached again by its id, e.g. push = \"id\"")
            return false
        }
        visiting.append(pointer)
        pushPlace(of: index)
        return true
    }

    /// Reports a table that is already being read (it contains itself).
    private func reportIfVisiting(_ index: Int32) -> Bool {
        guard let pointer = stack.pointer(at: index), visiting.contains(pointer) else { return false }
        report("this table contains itself (a cycle of tables); a screen can only be reached again by its id, e.g. push = \"id\"")
        return true
    }

    private func leave(_ index: Int32) {
        if let pointer = stack.pointer(at: index), let i = visiting.lastIndex(of: pointer) { visiting.remove(at: i) }
        places.removeLast()
        placeChains.removeLast()
    }

    private var currentLocation: SourceLocation? {
        guard let p = places.last, p.line > 0 else { return nil }
        return SourceLocation(file: files[Int(p.file)], line: Int(p.line))
    }

    // MARK: values

    /// Keeps the value on top in the registry (it stays on the stack).
    func reference(at index: Int32 = -1) -> ScriptRef {
        // Rows next to each other often share one callback function: one reference serves
        // them all (the function is kept alive by it).
        let pointer = stack.type(at: index) == .function ? stack.pointer(at: index) : nil
        if let pointer, let last = lastFunction, last.pointer == pointer { return last.ref }
        stack.pushValue(index)
        let ref = ScriptRef(id: lua.ref())
        if let pointer { lastFunction = (pointer, ref) }
        collectedRefs?.append(ref.id)
        return ref
    }

    /// While set, the references taken (for tables read again at each render: a `sections`
    /// function's result), so the session can release them at the next render.
    var collectedRefs: [Int32]?

    /// Reads something that is read again at each render: references are collected, and a
    /// screen id read again replaces the screen registered under it.
    func readAgain<T>(_ body: () -> T) -> (T, refs: [Int32]) {
        lastFunction = nil
        collectedRefs = []
        replacesScreens = true
        defer {
            collectedRefs = nil
            replacesScreens = false
            lastFunction = nil
        }
        let result = body()
        return (result, collectedRefs ?? [])
    }

    private var replacesScreens = false

    /// The function most recently referenced, and its reference.
    private var lastFunction: (pointer: UnsafeRawPointer, ref: ScriptRef)?

    private func string(_ field: String, at index: Int32 = -1) -> String? {
        if let (s, valid) = stack.checkedString(at: index) {
            if !valid { report("the text is not valid UTF-8; invalid bytes are shown as \u{FFFD}", field: field, severity: .warning) }
            return s
        }
        typeError(field, expected: "a string", at: index)
        return nil
    }

    private func dynamicString(_ field: String, at index: Int32 = -1) -> Dynamic<String>? {
        switch stack.type(at: index) {
        case .string: return string(field, at: index).map { .value($0) }
        case .function: return .function(reference(at: index))
        default:
            typeError(field, expected: "a string or a function of ctx", at: index)
            return nil
        }
    }

    private func dynamicBool(_ field: String, at index: Int32 = -1) -> Dynamic<Bool>? {
        switch stack.type(at: index) {
        case .boolean: return .value(stack.bool(at: index))
        case .function: return .function(reference(at: index))
        default:
            typeError(field, expected: "a boolean or a function of ctx", at: index)
            return nil
        }
    }

    private func bool(_ field: String, at index: Int32 = -1) -> Bool? {
        if stack.type(at: index) == .boolean { return stack.bool(at: index) }
        typeError(field, expected: "a boolean", at: index)
        return nil
    }

    private func function(_ field: String, at index: Int32 = -1) -> ScriptRef? {
        if stack.type(at: index) == .function { return reference(at: index) }
        typeError(field, expected: "a function", at: index)
        return nil
    }

    private func finiteNumber(_ field: String, at index: Int32 = -1) -> Double? {
        guard let n = stack.number(at: index) else {
            typeError(field, expected: "a number", at: index)
            return nil
        }
        guard n.isFinite else {
            report("expected a finite number, got \(StoreValue.format(n))", field: field)
            return nil
        }
        return n
    }

    private func storeValue(at index: Int32) -> StoreValue? {
        switch stack.type(at: index) {
        case .boolean: return .bool(stack.bool(at: index))
        case .string:
            guard let (text, valid) = stack.checkedString(at: index) else { return nil }
            // An error fails the load, so the replaced text is never stored (SPEC §6).
            if !valid { report("a value must be valid UTF-8 text, and this string is not (stored text is kept byte for byte, never altered)") }
            return .string(text)
        case .number:
            if stack.isInteger(at: index), let i = stack.integer(at: index) { return .integer(i) }
            return stack.number(at: index).map { .number($0) }
        default: return nil
        }
    }

    private func enumValue<E: RawRepresentable & CaseIterable>(_ field: String, _ type: E.Type, at index: Int32 = -1) -> E? where E.RawValue == String {
        guard let raw = stack.name(at: index) else {
            typeError(field, expected: "a string", at: index)
            return nil
        }
        if let value = E(rawValue: raw) { return value }
        let names = E.allCases.map(\.rawValue)
        let suggestion = Suggest.closest(to: raw, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        report("unknown value \"\(raw)\" (expected \(names.joined(separator: ", "))\(suggestion))", field: field)
        return nil
    }

    private func unknownField(_ key: String, allowed: [String]) {
        var hint = Suggest.hint(key, allowed)
        if hint.isEmpty {
            let owners = FieldNames.kinds(having: key)
            if !owners.isEmpty {
                hint = " (it is a field of \(owners.map { $0.constructor }.joined(separator: ", ")) rows)"
            }
        }
        report("unknown field \"\(key)\"\(hint)", field: key)
    }

    /// Iterates the table at `index`: string keys go to `field` (the value on top),
    /// positive integer keys are counted as its array part, other keys are reported.
    private func forEachField(_ index: Int32, what: String, field: (String) -> Void) -> Int {
        let t = stack.absolute(index)
        var arrayCount = 0
        stack.ensure(8)
        stack.pushNil()
        while stack.next(t) {
            switch stack.type(at: -2) {
            case .string:
                if let key = stack.name(at: -2) { field(key) }
            case .number:
                if let i = stack.integer(at: -2), i >= 1 { arrayCount += 1 } else {
                    report("unexpected key \(StoreValue.format(stack.number(at: -2) ?? 0)) in a \(what)")
                }
            default:
                report("unexpected \(stack.type(at: -2).name) key in a \(what)")
            }
            stack.pop()
        }
        return arrayCount
    }

    private func typeTag(_ index: Int32) -> String? {
        defer { stack.pop() }
        return stack.rawGet(index, "type") == .string ? stack.string(at: -1) : nil
    }

    // MARK: the script's result

    /// Reads the value the script returned (at `index`) into an app.
    func readScript(_ index: Int32) -> App? {
        let t = stack.absolute(index)
        switch stack.type(at: t) {
        case .table: break
        case .nil_, .none:
            report("the script returns no screen or app: end it with `return screen { ... }` or `return app { ... }`")
            return nil
        default:
            report("the script returns a \(stack.type(at: t).name), not a screen or app: end it with `return screen { ... }`")
            return nil
        }
        let tag = typeTag(t)
        if tag == nil, isStringsTable(t) {
            report("this file returns a table of strings (text = translation), not a screen or app: it is a locale file, read by the app whose `strings` names its folder; check that app with --locale")
            return nil
        }
        var root: String?
        var storeName: String?
        let isApp: Bool
        if let tag { isApp = tag == "app" } else {
            isApp = stack.rawGet(t, "screens") != .nil_
            stack.pop()
        }
        if isApp {
            (root, storeName) = readApp(t)
        } else if tag == nil || tag == "screen" {
            root = readScreen(t, requireID: false, defaultID: nil)
        } else {
            report("the script returns a \(tag!) table, not a screen or app: end it with `return screen { ... }`")
        }
        resolvePushes()
        guard let root, !hasErrors else { return nil }
        return App(root: root, storeName: storeName, screens: screens, file: file, strings: strings)
    }

    /// Whether the table at `t` holds only string keys with string values, none of them a
    /// field of a screen or an app: what a locale file of `strings = "folder"` returns.
    private func isStringsTable(_ t: Int32) -> Bool {
        guard stack.rawLength(t) == 0 else { return false }
        var any = false
        stack.pushNil()
        while stack.next(t) {
            guard stack.type(at: -2) == .string, stack.type(at: -1) == .string,
                  let key = stack.string(at: -2), !FieldNames.screen.contains(key), !FieldNames.app.contains(key) else {
                stack.pop(2)
                return false
            }
            any = true
            stack.pop()
        }
        return any
    }

    private func readApp(_ t: Int32) -> (String?, String?) {
        guard enter(t) else { return (nil, nil) }
        defer { leave(t) }
        var root: String?
        var rootPlace = place
        var storeName: String?
        var sawScreens = false
        _ = forEachField(t, what: "app") { key in
            switch key {
            case "type":
                if let tag = string(key), tag != "app" { report("an app's type must be \"app\"", field: key) }
            case "root": root = string(key); rootPlace = place
            case "store":
                storeName = string(key)
                if let name = storeName, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
                    report("store must be a plain file name (no '/', not starting with '.'), got \"\(name)\"", field: key)
                }
            case "strings":
                strings = readStrings()
            case "screens":
                sawScreens = true
                guard stack.type(at: -1) == .table else { typeError(key, expected: "a list of screens"); return }
                withPath(.field("screens")) { readScreenList(stack.absolute(-1)) }
            case "invariants": invariants += readInvariants(key).map { ($0.name, nil, $0.ref) }
            default: unknownField(key, allowed: FieldNames.app)
            }
        }
        if !sawScreens { report("missing required field \"screens\" (a list of screen { ... })") }
        if sawScreens, screens.isEmpty { report("the app has no screens", field: "screens") }
        if let r = root {
            if screenIndex[r] == nil, !screens.isEmpty {
                diagnostics.append(Diagnostic(file: rootPlace.file, line: rootPlace.line, path: "root",
                                              message: "no screen with id \"\(r)\"\(Suggest.hint(r, screens.map(\.id)))"))
            }
        } else {
            root = screens.first?.id
        }
        return (root, storeName)
    }

    private func readScreenList(_ list: Int32) {
        // The array part in order, then screens keyed by id.
        let count = stack.rawLength(list)
        if count > 0 {
            for i in 1...count {
                stack.rawGet(list, index: i)
                withPath(.index(i)) {
                    if stack.type(at: -1) == .table {
                        _ = readScreen(stack.absolute(-1), requireID: true, defaultID: nil)
                    } else {
                        typeError("", expected: "a screen table")
                    }
                }
                stack.pop()
            }
        }
        stack.pushNil()
        while stack.next(list) {
            if stack.type(at: -2) == .string, let key = stack.string(at: -2) {
                withPath(.field(key)) {
                    if stack.type(at: -1) == .table {
                        _ = readScreen(stack.absolute(-1), requireID: false, defaultID: key)
                    } else {
                        typeError("", expected: "a screen table")
                    }
                }
            } else if let i = stack.integer(at: -2), i >= 1, i <= count {
                // read above
            } else {
                report("unexpected key in the screens list")
            }
            stack.pop()
        }
    }

    // MARK: screens

    /// Reads a screen, registers it and returns its id (nil when it has no usable id).
    @discardableResult
    func readScreen(_ t: Int32, requireID: Bool, defaultID: String?) -> String? {
        if let pointer = stack.pointer(at: t), let known = screenTables[pointer] { return known }
        guard !reportIfVisiting(t) else { return nil }
        if let tag = typeTag(t), tag != "screen" {
            report("expected a screen, got a \(tag) table\(tag == "section" ? " (sections go inside screen { ... })" : "")")
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
            default: unknownField(key, allowed: FieldNames.screen)
            }
        }
        if id == nil, requireID {
            report("missing required field \"id\" (every screen of an app needs one)")
        }
        if title == nil { report("missing required field \"title\"") }
        if sectionsField, arrayCount > 0 {
            report("sections are given both in \"sections\" and in the array part; use one of them", field: "sections")
        }
        let screenID = id ?? defaultID ?? (title.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "screen\(screens.count + 1)")
        if let existing = screenIndex[screenID], replacesScreens {
            // Read again (a sections function at a later render): the new definition wins.
            screens[existing] = Screen(id: screenID, title: title ?? "", sections: .value([]), onAppear: onAppear, location: location)
            screens[existing].titleFunction = titleFunction
            if let pointer = stack.pointer(at: t) { screenTables[pointer] = screenID }
            screens[existing].sections = readScreenSections(t, sectionsField: sectionsField, arrayCount: arrayCount, function: sectionsFunction)
            return screenID
        }
        if let existing = screenIndex[screenID] {
            let other = screens[existing].location.map { " (also at line \($0.line))" } ?? ""
            report("duplicate screen id \"\(screenID)\"\(other); give each screen its own id", field: id == nil ? nil : "id")
            return nil
        }
        // Register before reading the sections, so rows can push this screen by id.
        let index = screens.count
        screens.append(Screen(id: screenID, title: title ?? "", sections: .value([]), onAppear: onAppear, location: location))
        screens[index].titleFunction = titleFunction
        screenIndex[screenID] = index
        if let pointer = stack.pointer(at: t) { screenTables[pointer] = screenID }
        invariants += screenInvariants.map { ($0.name, screenID, $0.ref) }

        screens[index].sections = readScreenSections(t, sectionsField: sectionsField, arrayCount: arrayCount, function: sectionsFunction)
        return screenID
    }

    /// A screen's sections: its `sections` function, its `sections` list or its array part.
    private func readScreenSections(_ t: Int32, sectionsField: Bool, arrayCount: Int, function: ScriptRef?) -> Dynamic<[Section]> {
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

    private func readSections(_ list: Int32, count: Int, rowIDs: inout RowIDs) -> [Section] {
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
                        report("duplicate section id \"\(section.id)\" in this screen", field: "id")
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

    // MARK: sections

    func readSection(_ t: Int32, position: Int, rowIDs: inout RowIDs) -> Section? {
        guard !reportIfVisiting(t) else { return nil }
        if let tag = typeTag(t), tag != "section" {
            if FieldNames.rowTypes.contains(tag) {
                report("a \(tag == "text" ? "row" : tag) where a section is expected: put rows inside section { ... }")
            } else {
                report("expected a section, got a \(tag) table")
            }
            return nil
        }
        guard enter(t) else { return nil }
        defer { leave(t) }
        var id: String?
        var header: String?
        var footer: String?
        var headerFunction: ScriptRef?
        var footerFunction: ScriptRef?
        var visible: Dynamic<Bool> = .value(true)
        var rowsField = false
        let location = currentLocation
        let arrayCount = forEachField(t, what: "section") { key in
            switch key {
            case "type": break
            case "id": id = string(key)
            case "header":
                if stack.type(at: -1) == .function { headerFunction = reference() } else { header = dynamicString(key)?.value }
            case "footer":
                if stack.type(at: -1) == .function { footerFunction = reference() } else { footer = dynamicString(key)?.value }
            case "visible": if let v = dynamicBool(key) { visible = v }
            case "rows":
                rowsField = true
                if stack.type(at: -1) != .table { typeError(key, expected: "a list of rows") }
            default: unknownField(key, allowed: FieldNames.section)
            }
        }
        if rowsField, arrayCount > 0 {
            report("rows are given both in \"rows\" and in the array part; use one of them", field: "rows")
        }
        var section = Section(id: id ?? header.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "section\(position)",
                              header: header, footer: footer, visible: visible, location: location)
        section.headerFunction = headerFunction
        section.footerFunction = footerFunction
        if rowsField {
            if stack.rawGet(t, "rows") == .table {
                let list = stack.absolute(-1)
                withPath(.field("rows")) {
                    section.rows = readRows(list, count: stack.rawLength(list), rowIDs: &rowIDs)
                }
            }
            stack.pop()
        } else {
            withPath(.field("rows")) {
                section.rows = readRows(t, count: arrayCount, rowIDs: &rowIDs)
            }
        }
        section.visibility = VisibilitySummary(section.rows)
        return section
    }

    private func readRows(_ list: Int32, count: Int, rowIDs: inout RowIDs) -> [Row] {
        var rows: [Row] = []
        guard count > 0 else { return rows }
        rows.reserveCapacity(count)
        rowIDs.reserveCapacity(rowIDs.count + count)
        // One set of field slots serves every row of the list.
        let slots = stack.top
        stack.ensure(RowField.slotCount + 24)
        stack.top = slots + RowField.slotCount
        defer { stack.top = slots }
        // The path's last component is the row's index, rewritten in place for each row.
        path.append(.index(0))
        let last = path.count - 1
        defer { path.removeLast() }
        var i = 0
        while i < count {
            i += 1
            stack.rawGet(list, index: i)
            path[last] = .index(i)
            if stack.type(at: -1) == .table {
                if let row = readRow(stack.top, position: rowIDs.count + 1, rowIDs: &rowIDs, slots: slots) {
                    rows.append(row)
                }
            } else if stack.type(at: -1) != .nil_ {
                typeError("", expected: "a row table")
            }
            stack.pop()
        }
        return rows
    }

    // MARK: rows

    /// Reads one row. `rowIDs` holds the ids already used on its screen (with their lines).
    ///
    /// The row's fields are first copied, in one `lua_next` pass done in C, into stack slots
    /// numbered by field (`RowField`), then read in a fixed order: fast for screens of
    /// a hundred thousand rows, and the diagnostics come out in the same order every run.
    func readRow(_ t: Int32, position: Int, rowIDs: inout RowIDs, slots: Int32? = nil) -> Row? {
        guard !reportIfVisiting(t) else { return nil }
        let entryTop = stack.top
        defer { stack.top = entryTop }
        let base: Int32
        if let slots {
            base = slots
        } else {
            base = stack.top
            stack.ensure(RowField.slotCount + 24)
            stack.top = base + RowField.slotCount
        }
        lua.push(ref: fieldTable)
        var collected: UInt64 = 0
        let unknownKeys = lua.collectFields(of: t, names: stack.top, into: base, present: &collected)
        let present = collected  // a constant: `has` reads it with no exclusivity check (a var costs ~16 a row)
        stack.pop()
        // A diagnostic's path names this row by its id or key while it is read (looked up only
        // when a diagnostic is made).
        rowNames.append((path.count - 1, base, present))
        defer { rowNames.removeLast() }
        func slot(_ f: RowField) -> Int32 { base + f.rawValue }
        func has(_ f: RowField) -> Bool { present & f.bit != 0 }

        var kind = RowKind.text
        // Slots are shared by the rows of a list: only the present ones hold this row's values.
        switch has(.type) ? stack.type(at: slot(.type)) : LuaType.nil_ {
        case .nil_: break
        case .string:
            let tag = stack.string(at: slot(.type)) ?? ""
            if tag == "row" || tag == "text" {
                kind = .text
            } else if let k = RowKind(rawValue: tag) {
                kind = k
            } else if tag == "screen" || tag == "section" || tag == "app" {
                report("expected a row, got a \(tag) table\(tag == "screen" ? " (to open a screen from a row, write row { text = ..., push = screen { ... } })" : "")")
                return nil
            } else {
                guard enter(t) else { return nil }
                let suggestion = Suggest.closest(to: tag, in: FieldNames.rowTypes).map { "; did you mean \"\($0)\"?" } ?? ""
                report("unknown value \"\(tag)\" (expected \(FieldNames.rowTypes.joined(separator: ", "))\(suggestion))", field: "type")
                leave(t)
                return nil
            }
        default:
            guard enter(t) else { return nil }
            typeError("type", expected: "a string", at: slot(.type))
            leave(t)
            return nil
        }
        // A row's own fields hold no rows: only its place is kept, not its table; and a
        // plain table (no constructor recorded a line for it) is where its parent is.
        let ownPlace = pushPlaceIfRecorded(of: t)
        defer { if ownPlace { places.removeLast(); placeChains.removeLast() } }

        let allowed = RowField.allowed(for: kind)
        if unknownKeys > 0 {
            let names = FieldNames.row(kind)
            stack.pushNil()
            while stack.next(t) {
                if let key = stack.name(at: -2) {
                    if RowField(name: key) == nil { unknownField(key, allowed: names) }
                } else {
                    report("unexpected \(stack.type(at: -2).name) key in a row")
                }
                stack.pop()
            }
        }
        if present & ~allowed != 0 {
            for field in RowField.allCases where has(field) && allowed & field.bit == 0 {
                unknownField(field.name, allowed: FieldNames.row(kind))
            }
        }

        var row = Row(id: "", kind: kind, text: .value(""))
        row.location = currentLocation
        let id = has(.id) ? string("id", at: slot(.id)) : nil
        let hasText = has(.text)
        if hasText, let v = dynamicString("text", at: slot(.text)) { row.text = v }
        if has(.detail) { row.detail = dynamicString("detail", at: slot(.detail)) }
        if has(.icon) { row.icon = string("icon", at: slot(.icon)) }
        if has(.style), let s = enumValue("style", RowStyle.self, at: slot(.style)) { row.style = s }
        if has(.accessory) { row.accessory = enumValue("accessory", Accessory.self, at: slot(.accessory)) }
        if has(.onSelect) { row.onSelect = function("on_select", at: slot(.onSelect)) }
        if has(.onAccessory) { row.onAccessory = function("on_accessory", at: slot(.onAccessory)) }
        var pushTable: Int32 = 0
        var pushPlace: (String, (file: String, line: Int?), String)? = nil
        if has(.push) {
            let at = slot(.push)
            switch stack.type(at: at) {
            case .string:
                if let target = stack.string(at: at) {
                    row.push = .screen(target)
                    pushPlace = (target, place, pathString("push"))
                }
            case .table: pushTable = at
            case .function: row.push = .function(reference(at: at))
            default: typeError("push", expected: "a screen id, a screen table or a function of ctx", at: at)
            }
        }
        if has(.enabled), let v = dynamicBool("enabled", at: slot(.enabled)) { row.enabled = v }
        if has(.visible), let v = dynamicBool("visible", at: slot(.visible)) { row.visible = v }
        if has(.help) {
            if stack.type(at: slot(.help)) == .function { row.helpFunction = reference(at: slot(.help)) }
            else { row.help = dynamicString("help", at: slot(.help))?.value }
        }
        if has(.context) { row.context = reference(at: slot(.context)) }
        if has(.actions) { row.actions = readActions(at: slot(.actions)) }

        var key: String?
        var binding = Binding(key: "", defaultValue: .bool(false))
        if kind == .button {
            if has(.destructive), let b = bool("destructive", at: slot(.destructive)) { row.destructive = b }
            if has(.confirm) {
                if stack.type(at: slot(.confirm)) == .function { row.confirmFunction = reference(at: slot(.confirm)) }
                else { row.confirm = dynamicString("confirm", at: slot(.confirm))?.value }
            }
        }
        if kind.isBound {
            if has(.key), case .failure(let refusal)? = StoreInput.key(stack, at: slot(.key)) {
                report(refusal.message, field: "key")
            } else if has(.key) {
                key = string("key", at: slot(.key))
                if key == "" { report("key must not be empty", field: "key"); key = nil }
            }
            if allowed & RowField.onChange.bit != 0, has(.onChange) { binding.onChange = function("on_change", at: slot(.onChange)) }
            if allowed & RowField.options.bit != 0, has(.options) {
                let at = slot(.options)
                switch stack.type(at: at) {
                case .function: binding.options = .function(reference(at: at))
                case .table: binding.options = readOptions(at, field: "options").map { .value($0) }
                default: typeError("options", expected: "a list of options or a function of ctx", at: at)
                }
            }
            if kind == .input || kind == .list || kind == .date || kind == .time {
                if has(.placeholder) {
                    if stack.type(at: slot(.placeholder)) == .function { binding.placeholderFunction = reference(at: slot(.placeholder)) }
                    else { binding.placeholder = dynamicString("placeholder", at: slot(.placeholder))?.value }
                }
                if has(.secure), let b = bool("secure", at: slot(.secure)) { binding.secure = b }
                if has(.multiline), let b = bool("multiline", at: slot(.multiline)) { binding.multiline = b }
                if binding.multiline, binding.secure {
                    report("a secure input is one line; multiline is ignored", field: "multiline", severity: .warning)
                }
                if has(.maxLength) {
                    let at = slot(.maxLength)
                    if let n = stack.integer(at: at), n > 0 { binding.maxLength = Int(n) } else if stack.type(at: at) == .number {
                        report("max_length must be a whole number above 0", field: "max_length")
                    } else {
                        typeError("max_length", expected: "a whole number", at: at)
                    }
                }
            }
            if has(.validate) { binding.validate = function("validate", at: slot(.validate)) }
            if kind == .toggle, has(.values) { binding.toggleValues = toggleValues(at: slot(.values)) }
            if kind == .choice, has(.closeOnPick), let b = bool("close_on_pick", at: slot(.closeOnPick)) { binding.closeOnPick = b }
            if kind == .choice {
                if has(.multiple), let b = bool("multiple", at: slot(.multiple)) { binding.multiple = b }
                if has(.minSelected) { binding.minSelected = count("min_selected", at: slot(.minSelected), least: 0) }
                if has(.maxSelected) { binding.maxSelected = count("max_selected", at: slot(.maxSelected), least: 1) }
                if !binding.multiple, has(.minSelected) || has(.maxSelected) {
                    report("min_selected and max_selected apply to a choice with multiple = true", field: has(.minSelected) ? "min_selected" : "max_selected", severity: .warning)
                }
                if let lo = binding.minSelected, let hi = binding.maxSelected, lo > hi {
                    report("min_selected (\(lo)) is greater than max_selected (\(hi))", field: "min_selected")
                }
                if binding.multiple, binding.closeOnPick {
                    report("close_on_pick is ignored by a choice with multiple = true (each pick adds or removes an option)", field: "close_on_pick", severity: .warning)
                }
            }
            if kind == .date || kind == .time {
                if has(.min) { binding.earliest = dayTime(kind, "min", at: slot(.min)) }
                if has(.max) { binding.latest = dayTime(kind, "max", at: slot(.max)) }
                if let lo = binding.earliest, let hi = binding.latest, lo > hi {
                    report("min (\(lo)) is later than max (\(hi))", field: "min")
                }
            }
            if kind == .list {
                if has(.maxItems) { binding.maxItems = count("max_items", at: slot(.maxItems), least: 1) }
                if has(.unique), let b = bool("unique", at: slot(.unique)) { binding.unique = b }
            }
            if kind == .number {
                if has(.min) { binding.minimum = finiteNumber("min", at: slot(.min)) }
                if has(.max) { binding.maximum = finiteNumber("max", at: slot(.max)) }
                if has(.step) { binding.step = finiteNumber("step", at: slot(.step)) }
                if has(.unit) { binding.unit = string("unit", at: slot(.unit)) }
            }
        }

        if !hasText { report("missing required field \"text\"") }
        if kind == .button, row.onSelect == nil, !has(.onSelect) {
            report("missing required field \"on_select\" (a button must do something when selected)")
        }
        if row.onAccessory != nil, !(row.accessory?.hasDetailButton ?? false) {
            report("on_accessory needs accessory = \"detail\" or \"detail_disclosure\" (the detail button it answers)", field: "on_accessory")
        }
        if kind == .toggle, key == nil, !has(.key) { report("missing required field \"key\" (the store key the toggle sets)") }

        // The id: as given, else the key, else the text made an identifier.
        if let given = id ?? key {
            row.id = given
        } else if hasText, case .value = row.text, let textID = stack.slug(at: slot(.text)), !textID.isEmpty {
            row.id = textID
        } else {
            row.id = "row\(position)"
            if hasText, case .function = row.text {
                report("this row's text is a function, so its id was made up (\"\(row.id)\"), and it changes when rows move: give the row an id = \"...\", which the REPL, tests and the store can rely on", severity: .warning)
            }
        }
        if id != nil, row.id.isEmpty { report("id must not be empty", field: "id") }
        if let chain = placeChains.last, chain != 0 {
            rowCallers[Validator.rowKey(id: row.id, location: row.location)] = callChains[Int(chain)]
        }
        if let previous = rowIDs.insert(row.id, line: Int32(place.line ?? 0)) {
            let also = previous > 0 ? " (also at line \(previous))" : ""
            let fix = id == nil ? "; give one of them an id" : ""
            report("duplicate row id \"\(row.id)\" in this screen\(also)\(fix)", field: id == nil ? nil : "id")
        }

        if kind.isBound {
            binding.key = key ?? row.id
            var defaultPresent = has(.default_)
            if defaultPresent, stack.type(at: slot(.default_)) == .function {
                // A function of ctx, run at each read; the kind's fallback stands in for it.
                binding.defaultFunction = reference(at: slot(.default_))
                defaultPresent = false
            }
            let defaultValue: StoreValue? = !defaultPresent ? nil
                : (kind == .list || binding.multiple) ? listValue(at: slot(.default_)) : storeValue(at: slot(.default_))
            if defaultPresent, defaultValue == nil {
                typeError("default", expected: expectedDefault(kind), at: slot(.default_))
            }
            checkBinding(kind, &binding, defaultValue: defaultValue, defaultPresent: defaultPresent, optionsPresent: has(.options))
            row.binding = binding
            let entry = BoundKey(kind: kind, line: Int32(row.location?.line ?? 0), defaultValue: binding.defaultValue,
                                 rules: BoundRow.hasRules(row) ? BoundRow(row) : nil)
            if let previous = bindings.insertIfAbsent(binding.key, entry) {
                if previous.kind != kind {
                    let at = previous.line > 0 ? " at line \(previous.line)" : ""
                    report("key \"\(binding.key)\" is bound by \(article(kind.constructor)) here and by \(article(previous.kind.constructor))\(at); one key holds one kind of value", field: "key")
                }
            }
        }

        if pushTable != 0 {
            withPath(.field("push")) {
                if let target = readScreen(pushTable, requireID: false, defaultID: nil) {
                    row.push = .screen(target)
                }
            }
        }
        if let (target, p, pathText) = pushPlace {
            pendingPushes.append((target, p, pathText))
        }
        if row.push != nil || row.kind == .button || row.confirm != nil || row.detail != nil {
            warnings(for: row)
        }
        return row
    }

    /// A row's `actions = { { id =, text =, destructive =, confirm =, on_select = }, ... }`.
    func readActions(at index: Int32) -> [RowAction] {
        guard stack.type(at: index) == .table else {
            typeError("actions", expected: "a list of { text =, on_select = } tables", at: index)
            return []
        }
        let list = stack.absolute(index)
        let count = stack.rawLength(list)
        var actions: [RowAction] = []
        var ids = Set<String>()
        withPath(.field("actions")) {
            guard count > 0 else { return }
            for i in 1...count {
                stack.rawGet(list, index: i)
                defer { stack.pop() }
                path.append(.index(i))
                defer { path.removeLast() }
                guard stack.type(at: -1) == .table else {
                    typeError("", expected: "a { text =, on_select = } table")
                    continue
                }
                var id: String?
                var text: String?
                var destructive = false
                var confirm: Dynamic<String>?
                var onSelect: ScriptRef?
                var textSlug: String?
                _ = forEachField(-1, what: "action") { key in
                    switch key {
                    case "id": id = string(key)
                    case "text":
                        text = string(key)
                        textSlug = stack.slug(at: -1)
                    case "destructive": destructive = bool(key) ?? false
                    case "confirm": confirm = dynamicString(key)
                    case "on_select": onSelect = function(key)
                    default: unknownField(key, allowed: FieldNames.action)
                    }
                }
                if text == nil { report("missing required field \"text\" (what the action is called)") }
                if onSelect == nil { report("missing required field \"on_select\" (what the action does)") }
                let actionID = id ?? textSlug ?? "action\(i)"
                if !ids.insert(actionID).inserted {
                    report("duplicate action id \"\(actionID)\" in this row; give one of them an id", field: id == nil ? nil : "id")
                }
                if let text, let onSelect {
                    actions.append(RowAction(id: actionID, text: text, destructive: destructive, confirm: confirm, onSelect: onSelect))
                }
            }
        }
        return actions
    }

    /// A `date` or `time` field: `"YYYY-MM-DD"` or `"HH:MM"`, a real day or time.
    private func dayTime(_ kind: RowKind, _ field: String, at index: Int32) -> String? {
        guard stack.type(at: index) == .string, let text = string(field, at: index) else {
            typeError(field, expected: kind == .date ? "a date \"YYYY-MM-DD\"" : "a time \"HH:MM\"", at: index)
            return nil
        }
        if let value = kind == .date ? DayTime.date(text) : DayTime.time(text) { return value }
        report("\"\(text.prefix(200))\" is not a \(kind == .date ? "real day in the form YYYY-MM-DD (e.g. 2026-11-30)" : "time of day in the form HH:MM, 00:00 to 23:59")", field: field)
        return nil
    }

    /// A whole number at least `least` (a count of items or options).
    private func count(_ field: String, at index: Int32, least: Int) -> Int? {
        if let n = stack.integer(at: index), n >= least, n <= Int32.max { return Int(n) }
        if stack.type(at: index) == .number {
            report("\(field) must be a whole number of at least \(least)", field: field)
        } else {
            typeError(field, expected: "a whole number", at: index)
        }
        return nil
    }

    /// A default list (`{ "a", "b" }`): strings and numbers in its array part.
    private func listValue(at index: Int32) -> StoreValue? {
        guard stack.type(at: index) == .table else { return nil }
        let t = stack.absolute(index)
        let n = stack.rawLength(t)
        var items: [StoreValue] = []
        var ok = true
        if n > 0 {
            for i in 1...n {
                stack.rawGet(t, index: i)
                switch storeValue(at: -1) {
                case .string(let s)?: items.append(.string(s))
                case .integer(let v)?: items.append(.integer(v))
                case .number(let d)? where d.isFinite: items.append(.number(d))
                default: ok = false
                }
                stack.pop()
            }
        }
        return ok ? .list(items) : nil
    }

    private func expectedDefault(_ kind: RowKind) -> String {
        switch kind {
        case .list: return "a list of strings"
        case .date: return "a date \"YYYY-MM-DD\" or a function of ctx"
        case .time: return "a time \"HH:MM\" or a function of ctx"
        case .toggle: return "a boolean"
        case .input: return "a string"
        case .number: return "a number"
        default: return "a boolean, number or string"
        }
    }

    private func checkBinding(_ kind: RowKind, _ binding: inout Binding, defaultValue: StoreValue?, defaultPresent: Bool, optionsPresent: Bool) {
        switch kind {
        case .toggle:
            switch defaultValue {
            case .bool(let b)?: binding.defaultValue = binding.toggleValue(b)
            case let other?: report("expected a boolean, got \(other.typeName)\(binding.toggleValues != nil ? " (the default says on or off: true or false; values says what is stored)" : "")", field: "default")
                binding.defaultValue = binding.toggleValue(false)
            case nil: binding.defaultValue = binding.toggleValue(false)
            }
        case .input:
            if let d = defaultValue {
                if case .string(let s) = d {
                    binding.defaultValue = d
                    if let max = binding.maxLength, s.count > max {
                        report("the default is \(s.count) characters, more than max_length \(max)", field: "default")
                    }
                } else {
                    report("expected a string, got \(d.typeName)", field: "default")
                    binding.defaultValue = .string("")
                }
            } else {
                binding.defaultValue = .string("")
            }
        case .number:
            if let lo = binding.minimum, let hi = binding.maximum, lo > hi {
                report("min (\(StoreValue.format(lo))) is greater than max (\(StoreValue.format(hi)))", field: "min")
            }
            if let step = binding.step, step <= 0 {
                report("step must be greater than 0, got \(StoreValue.format(step))", field: "step")
            }
            var value: StoreValue = binding.minimum.map { numberValue($0) } ?? .integer(0)
            let rangeIsValid = (binding.minimum ?? 0) <= (binding.maximum ?? .infinity) || binding.minimum == nil || binding.maximum == nil
            if let d = defaultValue, !rangeIsValid {
                value = d
            } else if let d = defaultValue {
                if let n = d.doubleValue {
                    guard n.isFinite else {
                        report("expected a finite number, got \(d)", field: "default")
                        binding.defaultValue = value
                        return
                    }
                    value = d
                    if let lo = binding.minimum, n < lo {
                        report("the default \(d) is below min \(StoreValue.format(lo))", field: "default")
                    } else if let hi = binding.maximum, n > hi {
                        report("the default \(d) is above max \(StoreValue.format(hi))", field: "default")
                    } else if let step = binding.step, step > 0,
                              !NumberGrid.isOnGrid(n, step: step, origin: binding.minimum ?? 0) {
                        report("the default \(d) is not a multiple of step \(StoreValue.format(step))", field: "default", severity: .warning)
                    }
                } else {
                    report("expected a number, got \(d.typeName)", field: "default")
                }
            } else if binding.minimum == nil, let hi = binding.maximum, hi < 0 {
                value = numberValue(hi)
            }
            binding.defaultValue = value
        case .choice where binding.multiple:
            binding.defaultValue = .list([])
            guard let items = defaultValue?.listItems else {
                if binding.options == nil, !optionsPresent {
                    report("missing required field \"options\" (a list of strings or { value =, text = } tables)")
                }
                return
            }
            if case .value(let options)? = binding.options {
                for item in items where !options.contains(where: { $0.value.sameValue(as: item) }) {
                    let values = options.prefix(20).map { "\"\($0.value)\"" }.joined(separator: ", ")
                    report("the default holds \"\(item)\", which is not among the options (\(values))\(Suggest.hint(item.description, options.map { $0.value.description }))", field: "default")
                }
            }
            if let lo = binding.minSelected, items.count < lo {
                report("the default chooses \(items.count) options, fewer than min_selected \(lo)", field: "default")
            }
            if let hi = binding.maxSelected, items.count > hi {
                report("the default chooses \(items.count) options, more than max_selected \(hi)", field: "default")
            }
            binding.defaultValue = .list(items)
        case .date, .time:
            binding.defaultValue = .string(binding.earliest ?? "")
            guard let d = defaultValue else { return }
            guard case .string(let text) = d, let value = kind == .date ? DayTime.date(text) : DayTime.time(text) else {
                report("the default \"\(d.description.prefix(200))\" is not a \(kind == .date ? "date YYYY-MM-DD" : "time HH:MM")", field: "default")
                return
            }
            if let lo = binding.earliest, value < lo { report("the default \(value) is before min \(lo)", field: "default") }
            if let hi = binding.latest, value > hi { report("the default \(value) is after max \(hi)", field: "default") }
            binding.defaultValue = .string(value)
        case .list:
            binding.defaultValue = .list([])
            guard let items = defaultValue?.listItems else { return }
            if let max = binding.maxItems, items.count > max {
                report("the default has \(items.count) items, more than max_items \(max)", field: "default")
            }
            if binding.unique, Set(items.map(\.description)).count != items.count {
                report("the default holds an item twice, and the list is unique", field: "default")
            }
            binding.defaultValue = .list(items)
        case .choice:
            if case .value(let options)? = binding.options {
                if let d = defaultValue {
                    if !options.contains(where: { $0.value.sameValue(as: d) }) {
                        let values = options.map { "\"\($0.value)\"" }.joined(separator: ", ")
                        report("the default \"\(d)\" is not among the options (\(values))\(Suggest.hint(d.description, options.map { $0.value.description }))", field: "default")
                    }
                    binding.defaultValue = d
                } else if let first = options.first {
                    binding.defaultValue = first.value
                }
            } else if binding.options == nil, !optionsPresent {
                report("missing required field \"options\" (a list of strings or { value =, text = } tables)")
            } else if let d = defaultValue {
                binding.defaultValue = d
            } else {
                binding.defaultValue = .string("")
            }
        case .text, .button:
            break
        }
    }

    /// A toggle's `values = { ON, OFF }`: two different booleans, numbers or strings.
    private func toggleValues(at index: Int32) -> (on: StoreValue, off: StoreValue)? {
        guard stack.type(at: index) == .table else {
            typeError("values", expected: "a list of two values { ON, OFF }", at: index)
            return nil
        }
        let t = stack.absolute(index)
        var extra = false
        stack.pushNil()
        while stack.next(t) {
            if !(stack.isInteger(at: -2) && (stack.integer(at: -2) == 1 || stack.integer(at: -2) == 2)) { extra = true }
            stack.pop()
        }
        stack.rawGet(t, index: 1)
        stack.rawGet(t, index: 2)
        defer { stack.pop(2) }
        guard !extra, let on = storeValue(at: -2), let off = storeValue(at: -1) else {
            report("values must be a list of two values { ON, OFF } (booleans, numbers or strings), e.g. { \"yes\", \"no\" }", field: "values")
            return nil
        }
        if on.sameValue(as: off) {
            report("values: ON and OFF are both \"\(on)\"; they must differ", field: "values")
            return nil
        }
        return (on, off)
    }

    private func numberValue(_ d: Double) -> StoreValue {
        d == d.rounded() && abs(d) < 1e15 ? .integer(Int64(d)) : .number(d)
    }

    /// Reads a list of options: strings (or numbers, booleans), or { value =, text = } tables.
    func readOptions(_ list: Int32, field: String) -> [ChoiceOption]? {
        var options: [ChoiceOption] = []
        var ok = true
        let count = stack.rawLength(list)
        withPath(.field(field)) {
            if count == 0 {
                report("the options list is empty; a choice needs at least one option")
                ok = false
                return
            }
            for i in 1...count {
                stack.rawGet(list, index: i)
                path.append(.index(i))
                if let value = storeValue(at: -1) {
                    options.append(ChoiceOption(value: value, text: value.description))
                } else if stack.type(at: -1) == .table {
                    let t = stack.absolute(-1)
                    var value: StoreValue?
                    var text: String?
                    _ = forEachField(t, what: "option") { key in
                        switch key {
                        case "value":
                            value = storeValue(at: -1)
                            if value == nil { typeError(key, expected: "a string, number or boolean") }
                        case "text": text = string(key)
                        default: unknownField(key, allowed: ["value", "text"])
                        }
                    }
                    if let value {
                        options.append(ChoiceOption(value: value, text: text ?? value.description))
                    } else {
                        report("an option table needs a value: { value = \"x\", text = \"Shown\" }")
                        ok = false
                    }
                } else {
                    typeError("", expected: "a string or a { value =, text = } table")
                    ok = false
                }
                path.removeLast()
                stack.pop()
            }
            // Numbers by value (5 == 5.0), as sameValue: a set, not a scan (100,000 options).
            var seen = Set<StoreValue>()
            for (i, option) in options.enumerated() {
                let key = option.value.doubleValue.map { StoreValue.number($0) } ?? option.value
                if !seen.insert(key).inserted {
                    path.append(.index(i + 1))
                    report("duplicate option \"\(option.value)\"")
                    path.removeLast()
                    ok = false
                }
            }
        }
        return ok ? options : nil
    }

    private func warnings(for row: borrowing Row) {
        if row.push != nil, let accessory = row.accessory, accessory == .none || accessory == .checkmark {
            report("the row pushes a screen but its accessory \"\(accessory.rawValue)\" hides the disclosure", field: "accessory", severity: .warning)
        }
        if row.kind == .button, row.push != nil {
            report("a button runs on_select; its push is followed too, which is unusual", field: "push", severity: .warning)
        }
        if row.push != nil, [.toggle, .choice, .input, .number].contains(row.kind) {
            let does = row.kind == .toggle ? "flips its value" : row.kind == .choice ? "opens its options" : "asks for its value"
            report("a \(row.kind.constructor) \(does) when selected; its push is never followed (put the push on a row of its own, or call ctx:push in on_change)", field: "push", severity: .warning)
        }
        if let binding = row.binding, binding.secure, row.detail != nil {
            report("detail on a secure input is shown instead of the masked value", field: "detail", severity: .warning)
        }
        if row.confirm != nil, row.kind != .button {
            report("confirm is only asked for buttons", field: "confirm", severity: .warning)
        }
    }

    // MARK: pushes

    private func resolvePushes() {
        for push in pendingPushes where screenIndex[push.id] == nil {
            diagnostics.append(Diagnostic(.error, file: push.place.file, line: push.place.line, path: push.path,
                                          message: "no screen with id \"\(push.id)\"\(Suggest.hint(push.id, screens.map(\.id)))"))
        }
        pendingPushes.removeAll()
    }

    // MARK: run time

    /// The id a screen table already read was registered under, or reads and registers it.
    func screenID(forTableAt index: Int32, path base: [PathComponent]) -> String? {
        path = base
        defer { path = [] }
        let id = readScreen(stack.absolute(index), requireID: false, defaultID: nil)
        resolvePushes()
        return id
    }

    func screen(_ id: String) -> Screen? { screenIndex[id].map { screens[$0] } }

    /// Validates rows and sections inserted at run time, against the ids already on the screen.
    func readRuntimeRow(_ index: Int32, path base: [PathComponent], rowIDs: inout RowIDs) -> Row? {
        path = base
        defer { path = [] }
        let row = readRow(stack.absolute(index), position: rowIDs.count + 1, rowIDs: &rowIDs)
        resolvePushes()
        return row
    }

    func readRuntimeSection(_ index: Int32, path base: [PathComponent], position: Int, rowIDs: inout RowIDs) -> Section? {
        path = base
        defer { path = [] }
        let section = readSection(stack.absolute(index), position: position, rowIDs: &rowIDs)
        resolvePushes()
        return section
    }

    func readRuntimeSections(_ index: Int32, path base: [PathComponent], rowIDs: inout RowIDs) -> [Section] {
        path = base
        defer { path = [] }
        let list = stack.absolute(index)
        let sections = readSections(list, count: stack.rawLength(list), rowIDs: &rowIDs)
        resolvePushes()
        return sections
    }

    func readRuntimeOptions(_ index: Int32, path base: [PathComponent]) -> [ChoiceOption]? {
        path = base
        defer { path = [] }
        return readOptions(stack.absolute(index), field: "options")
    }

    /// Takes the diagnostics found so far.
    func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }
}

func article(_ word: String) -> String {
    guard let first = word.first else { return word }
    return ("aeiou".contains(first) ? "an " : "a ") + word
}

/// Whether a number lies on a step grid, within a tolerance for decimal steps (0.7 is on a
/// 0.1 grid although 0.7 / 0.1 is 6.999...).
enum NumberGrid {
    static func isOnGrid(_ value: Double, step: Double, origin: Double) -> Bool {
        guard step > 0 else { return true }
        let q = (value - origin) / step
        return abs(q - q.rounded()) <= 1e-6 * max(1, abs(q))
    }
}
