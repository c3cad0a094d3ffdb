import LuaRuntime
import ScreenModel

/// Evaluating screens against the store: the field functions run here, each read of
/// `ctx.store` recorded, and a failing field function marks its row instead of failing.
extension Session {
    /// The current screen, evaluated (cached until something changes).
    public func currentScreen() -> ResolvedScreen {
        if let cache = caches.screen, cache.generation == caches.generation, cache.depth == navigation.count { return cache.screen }
        let resolved = resolve(navigation.count - 1)
        caches.screen = (caches.generation, navigation.count, resolved)
        return resolved
    }

    /// A screen of the app evaluated as if it were pushed now (for `dump` and `render --screen`).
    public func resolvedScreen(id: String) -> ResolvedScreen? {
        guard let screen = registry.screen(id) else { return nil }
        navigation.append(liveScreen(for: screen))
        defer { navigation.removeLast() }
        return resolve(navigation.count - 1)
    }

    /// Every screen declared in the script, in order, inline child screens included.
    public var screenIDs: [String] { registry.screenIDs }

    func resolve(_ level: Int) -> ResolvedScreen {
        lua.beginAction()  // evaluating one screen is one action: its field functions share one budget
        defer { lua.endAction() }
        let live = navigation[level]
        if let picker = live.picker { return resolvePicker(live, picker) }
        if let list = live.list { return resolveList(live, list).0 }
        var number = 0
        let (sections, error) = sections(of: live)
        var resolved = ResolvedScreen(id: live.id, title: title(of: live), sections: [])
        if let error {
            resolved.sections.append(ResolvedSection(id: "error", header: nil, footer: nil, rows: [Session.sectionsErrorRow(error)]))
        }
        resolved.sections.reserveCapacity(sections.count)
        // By index (and the rows in place): `for row in section.rows` would copy every row.
        for s in sections.indices {
            let visible = sectionVisible(sections[s])
            var rows: [ResolvedRow] = []
            rows.reserveCapacity(sections[s].rows.count)
            sections[s].rows.withUnsafeBufferPointer { declared in
                for r in declared.indices {
                    rows.append(resolveRow(declared[r], sectionVisible: visible, number: &number))
                }
            }
            resolved.sections.append(ResolvedSection(id: sections[s].id, header: header(of: sections[s]),
                                                      footer: footer(of: sections[s]), visible: visible, rows: rows))
        }
        return resolved
    }

    /// The row a screen whose sections could not be built shows in their place.
    static func sectionsErrorRow(_ error: String) -> ResolvedRow {
        ResolvedRow(id: "error", kind: .text, text: "The sections could not be built", detail: error, visible: true, error: error)
    }

    /// Whether a section is shown (a failing `visible` function shows it).
    func sectionVisible(_ section: Section) -> Bool {
        switch evalBool(section.visible, row: nil, what: "visible of section \"\(section.id)\"") {
        case .success(let v): return v
        case .failure: return true
        }
    }

    /// Each row of the screen on top of the navigation evaluated as `resolve` evaluates it,
    /// without drawing the screen (no header, footer or `ResolvedRow` made): `body` gets the
    /// place of the row (a screen whose sections could not be built first gets its error row,
    /// in section -1), whether its section is shown, its id and its fields. Returns the
    /// screen's title as shown.
    func forEachRowFields(_ body: (_ section: Int, _ row: Int, _ sectionVisible: Bool, _ id: String, _ fields: RowFields) -> Void) -> String {
        lua.beginAction()
        defer { lua.endAction() }
        let live = navigation[navigation.count - 1]
        let (sections, error) = sections(of: live)
        let title = title(of: live)
        if let error {
            let row = Session.sectionsErrorRow(error)
            body(-1, 0, true, row.id, RowFields(visible: true, enabled: true, text: row.text, detail: row.detail, errors: [error]))
        }
        for s in sections.indices {
            let visible = sectionVisible(sections[s])
            sections[s].rows.withUnsafeBufferPointer { rows in
                // (the row by its address: passed by value across the field functions' calls,
                // a row read from a buffer is copied, as it must outlive any write to it)
                for r in rows.indices { body(s, r, visible, rows[r].id, rowFields(at: rows.baseAddress! + r, sectionVisible: visible)) }
            }
        }
        return title
    }

    /// The sections of a live screen: its own, or what its `sections` function returns.
    package func sections(of live: LiveScreen) -> ([Section], String?) {
        if let sections = live.sections { return (sections, nil) }
        guard let ref = live.sectionsFunction else { return ([], nil) }
        // The sections read and their references, or the type of what the function returned.
        let result = callField(ref, row: nil, what: "sections of screen \"\(live.id)\"") { v -> (([Section], LuaRefGroup)?, LuaType) in
            let read = v.table { list in
                var ids = RowIDs()
                return script.validator.readAgain {
                    script.validator.readRuntimeSections(list, path: [.field(live.id), .field("sections")], rowIDs: &ids, registry: &registry)
                }
            }
            return (read, v.type)
        }
        let sections: [Section], refs: LuaRefGroup
        switch result {
        case .failure(let error): return ([], error.description)
        case .success((nil, let type)):
            return ([], "the sections function of screen \"\(live.id)\" returned a \(type.name), not a list of sections")
        case .success((let read?, _)): (sections, refs) = read
        }
        // The previous render's rows are replaced: their references go.
        bridge.renderRefs[live.id] = refs
        let problems = script.validator.takeDiagnostics().filter { $0.severity == .error }
        if !problems.isEmpty {
            return (sections, problems.map(\.description).joined(separator: "\n"))
        }
        return (sections, nil)
    }

    /// A row's evaluated fields: what `resolveRow` draws, and `find` searches.
    struct RowFields {
        var visible: Bool
        var enabled: Bool
        var text: String
        var detail: String?
        /// The bound value (the mask for a secure one).
        var value: StoreValue? = nil
        var toggleOn: Bool? = nil
        /// The bound value is empty or unset.
        var empty = false
        /// What failed, each field function's message.
        var errors: [String] = []
    }

    /// Runs the row's field functions (a failing one is noted in `errors`, and its field
    /// falls back) and reads its bound value.
    func rowFields(_ row: Row, sectionVisible: Bool) -> RowFields {
        withUnsafePointer(to: row) { rowFields(at: $0, sectionVisible: sectionVisible) }
    }

    /// `rowFields` of the row at `row`, read field by field where it lies (a row passed by
    /// value from a buffer is copied whole, with a retain and a release of each field). The
    /// row must stay where it is while this runs (the caller holds its section list).
    func rowFields(at row: UnsafePointer<Row>, sectionVisible: Bool) -> RowFields {
        var errors: [String] = []
        func note<T>(_ result: Result<T, SessionError>, _ fallback: T) -> T {
            switch result {
            case .success(let v): return v
            case .failure(let e): errors.append(e.message); return fallback
            }
        }
        // A field that is a value is read in place: evaluating it would copy the row (into
        // the Optional a field function's ctx.row is made from).
        func bool(_ field: Dynamic<Bool>, _ what: @autoclosure () -> String) -> Bool {
            if case .value(let b) = field { return b }
            return note(evalBool(field, row: row.pointee, what: what()), true)
        }
        func string(_ field: Dynamic<String>, _ what: @autoclosure () -> String, _ fallback: String?) -> String? {
            if case .value(let s) = field { return s }
            return note(evalString(field, row: row.pointee, what: what()), fallback)
        }
        var visible = sectionVisible && bool(row.pointee.visible, "visible of row \"\(row.pointee.id)\"")
        if visible, symbols != nil { visible = symbolRowVisible(row) }
        let enabled = bool(row.pointee.enabled, "enabled of row \"\(row.pointee.id)\"")
        let text = tr(string(row.pointee.text, "text of row \"\(row.pointee.id)\"", row.pointee.id) ?? row.pointee.id)
        var detail: String?
        if let d = row.pointee.detail {
            detail = string(d, "detail of row \"\(row.pointee.id)\"", nil).map(tr)
        }
        var value: StoreValue?, toggleOn: Bool?, empty = false
        if let binding = row.pointee.binding {
            value = self.value(for: binding.key)
            empty = value?.description.isEmpty ?? true
            if row.pointee.detail == nil { detail = note(displayValue(row, binding, value), nil) }
            if symbols != nil, let i = symbolIndex(forKey: binding.key) { detail = symbolDetail(i, shown: detail, kind: row.pointee.kind) }
            if binding.secure { value = .string(Binding.secureMask) }
            if row.pointee.kind == .toggle, binding.toggleValues != nil, let value { toggleOn = binding.toggleIsOn(value) }
        }
        return RowFields(visible: visible, enabled: enabled, text: text, detail: detail, value: value,
                         toggleOn: toggleOn, empty: empty, errors: errors)
    }

    func resolveRow(_ row: Row, sectionVisible: Bool, number: inout Int) -> ResolvedRow {
        let fields = rowFields(row, sectionVisible: sectionVisible)
        let (visible, enabled, text, detail, value, toggleOn, empty, errors) =
            (fields.visible, fields.enabled, fields.text, fields.detail, fields.value, fields.toggleOn, fields.empty, fields.errors)
        let binding = row.binding  // (a copy out of its box: taken once)
        var resolved = ResolvedRow(id: row.id, kind: row.kind, text: text, detail: detail, icon: row.icon,
                                   style: row.style, accessory: row.effectiveAccessory, enabled: enabled,
                                   visible: visible, selectable: row.isSelectable, key: binding?.key,
                                   value: value, destructive: row.destructive)
        if row.hasRareFields {
            let actions = row.actions
            if !actions.isEmpty {
                resolved.actions = actions.map { ResolvedAction(id: $0.id, text: tr($0.text), destructive: $0.destructive) }
            }
        }
        if row.kind == .choice, row.detail == nil, let items = value?.listItems {
            resolved.selectedCount = items.count
        }
        if let toggleOn { resolved.toggleOn = toggleOn }
        if let binding, row.detail == nil, row.kind == .input || row.kind == .list || row.kind == .date || row.kind == .time,
           binding.placeholder != nil || binding.placeholderFunction != nil, empty {
            resolved.isPlaceholder = true
        }
        if !errors.isEmpty {
            resolved.error = errors.joined(separator: "; ")
        }
        if symbols != nil, let key = binding?.key, let i = symbolIndex(forKey: key) {
            resolved.symbol = ResolvedRow.SymbolState(chosen: symbols!.userValue(i), reason: symbols!.reason(i))
        }
        if visible, resolved.selectable {
            number += 1
            resolved.number = number
        }
        return resolved
    }

    /// A bound value as the row at `row` shows it (read in place, as `rowFields(at:)` reads it).
    func displayValue(_ row: UnsafePointer<Row>, _ binding: Binding, _ value: StoreValue?) -> Result<String?, SessionError> {
        guard let value else { return .success(nil) }
        switch row.pointee.kind {
        case .toggle:
            if let on = binding.toggleIsOn(value) { return .success(on ? "on" : "off") }
            return .success(value.description)
        case .choice where binding.multiple:
            switch options(of: row.pointee) {
            case .success(let options):
                let items = value.listItems ?? []
                return .success(items.map { item in options.first { $0.value.sameValue(as: item) }.map { tr($0.text) } ?? item.description }
                    .joined(separator: ", "))
            case .failure(let e):
                return .failure(e)
            }
        case .list:
            let n = value.listItems?.count ?? 0
            return .success(n == 0 ? (placeholder(of: row.pointee) ?? tr("none")) : counted(n, one: "1 item", many: "%d items"))
        case .choice:
            switch options(of: row.pointee) {
            case .success(let options):
                return .success(options.first { $0.value.sameValue(as: value) }.map { tr($0.text) } ?? value.description)
            case .failure(let e):
                return .failure(e)
            }
        case .input:
            // A secure input's placeholder is drawn while it is empty; its value never is.
            if binding.secure { return .success(value.description.isEmpty ? placeholder(of: row.pointee) : Binding.secureMask) }
            if value.description.isEmpty { return .success(placeholder(of: row.pointee)) }
            if binding.multiline, case .string(let s) = value, let newline = s.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
                // The first line, and … when more lines follow.
                let rest = s[s.index(after: newline)...]
                return .success(String(s[..<newline]) + (rest.isEmpty ? "" : "…"))
            }
            return .success(value.description)
        case .date, .time:
            if value.description.isEmpty { return .success(placeholder(of: row.pointee) ?? tr("not set")) }
            return .success(value.description)
        case .number:
            let unit = binding.unit.map { " " + tr($0) } ?? ""
            return .success(value.description + unit)
        default:
            return .success(value.description)
        }
    }

    func resolvePicker(_ live: LiveScreen, _ picker: PickerSource) -> ResolvedScreen {
        let row = picker.row
        guard row.binding != nil else { return ResolvedScreen(id: live.id, title: live.title, sections: []) }
        var rows: [ResolvedRow] = []
        var errorText: String? = nil
        switch optionRows(of: row) {
        case .success(let options): rows = options
        case .failure(let e): errorText = e.message
        }
        let footer = errorText ?? helpText(of: row)
        return ResolvedScreen(id: live.id, title: live.title,
                              sections: [ResolvedSection(id: "options", header: nil, footer: footer, rows: rows)])
    }

    /// The options of a choice row as its picker shows them, one row each: the option's text
    /// translated, a checkmark on each chosen one, the option's value (also the row's id).
    /// An inline radio group (the preview's iOS look) draws these rows too.
    package func optionRows(of row: Row) -> Result<[ResolvedRow], SessionError> {
        guard let binding = row.binding else { return .success([]) }
        let current = value(for: binding.key)
        return options(of: row).map { options in
            options.enumerated().map { i, option in
                let checked = current.map { current in
                    current.listItems.map { $0.contains { option.value.sameValue(as: $0) } } ?? option.value.sameValue(as: current)
                } ?? false
                return ResolvedRow(id: option.value.description, kind: .text, text: tr(option.text),
                                   accessory: checked ? .checkmark : .none, selectable: true,
                                   value: option.value, number: i + 1)
            }
        }
    }

    /// The options of a choice row, evaluating and validating an options function.
    package func options(of row: Row) -> Result<[ChoiceOption], SessionError> {
        switch row.binding?.options {
        case .value(let options)?:
            return .success(options)
        case .function(let ref)?:
            let read = callField(ref, row: row, what: "options of row \"\(row.id)\"") { v -> Result<[ChoiceOption]?, SessionError> in
                guard let options = v.table({ script.validator.readRuntimeOptions($0, path: [.field(row.id)]) }) else {
                    return .failure(.refused("the options function of row \"\(row.id)\" returned a \(v.type.name), not a list"))
                }
                return .success(options)
            }
            let options: [ChoiceOption]?
            switch read {
            case .failure(let error), .success(.failure(let error)): return .failure(error)
            case .success(.success(let read)): options = read
            }
            let problems = script.validator.takeDiagnostics().filter { $0.severity == .error }
            guard let options, problems.isEmpty else {
                return .failure(SessionError(.invalid, problems.map(\.message).joined(separator: "; ")))
            }
            return .success(options)
        case nil:
            return .success([])
        }
    }

    // MARK: field functions

    /// Runs `body` recording the store keys read; nested calls keep the outer record too.
    package func withReadLog<T>(_ body: () throws -> T) rethrows -> T {
        let outer = tracking.readLog
        tracking.readLog = []
        defer {
            if let inner = tracking.readLog, outer != nil { tracking.readLog = outer! + inner } else { tracking.readLog = outer }
        }
        return try body()
    }

    /// Calls a field function with ctx, recording the store keys it reads, and reads its
    /// result with `read`.
    private func callField<R>(_ ref: ScriptRef, row: Row?, what: @autoclosure () -> String,
                              _ read: (borrowing LuaValueView) -> R) -> Result<R, SessionError> {
        do {
            return .success(try withReadLog { try call(ref, row: row, what: what(), results: 1) { read($0[1]) } })
        } catch let e as SessionError {
            return .failure(e)
        } catch {
            return .failure(.refused("\(error)"))
        }
    }

    func evalBool(_ field: Dynamic<Bool>, row: Row?, what: @autoclosure () -> String) -> Result<Bool, SessionError> {
        switch field {
        case .value(let b): return .success(b)
        case .function(let ref):
            return callField(ref, row: row, what: what()) { $0.truth }
        }
    }

    func evalString(_ field: Dynamic<String>, row: Row?, what: @autoclosure () -> String) -> Result<String?, SessionError> {
        switch field {
        case .value(let s): return .success(s)
        case .function(let ref):
            let read = callField(ref, row: row, what: what()) { v -> Result<String?, SessionError>? in
                switch v.type {
                case .string: return v.string.map { .success($0) }  // nil: the copy was refused
                case .number: return .success(v.isInteger ? v.integer.map { String($0) } : v.number.map(StoreValue.format))
                case .nil_: return .success(nil)
                default: return .failure(.refused("\(what()) returned a \(v.type.name), expected a string"))
                }
            }
            switch read {
            case .failure(let error): return .failure(error)
            case .success(let result?): return result
            case .success(nil): return .failure(hostMemoryFailure(ref, what: what()))
            }
        }
    }

    /// Evaluates a field function recording what it read: for `why`.
    package func explain(_ field: Dynamic<Bool>, row: Row?, what: @autoclosure () -> String) -> (Bool, [(key: String, value: StoreValue?)], SessionError?) {
        let outer = tracking.readLog
        tracking.readLog = []
        let result = evalBool(field, row: row, what: what())
        let reads = tracking.readLog ?? []
        tracking.readLog = outer
        switch result {
        case .success(let b): return (b, reads, nil)
        case .failure(let e): return (true, reads, e)
        }
    }
}
