import LuaRuntime
import ScreenModel

/// The `ctx` handed to every callback and field function, and the Lua side of the store.
extension Session {
    /// The methods of ctx (`ctx:push(target)`, ...), by name; `luascreen stubs` describes each.
    static var contextMethods: [(String, (Session, LuaStack) -> HostResult)] {
        [
            ("push", { $0.ctxPush($1) }),
            ("pop", { $0.ctxPop($1) }),
            ("home", { $0.ctxHome($1) }),
            ("alert", { $0.ctxAlert($1) }),
            ("reload", { $0.ctxReload($1) }),
            ("insert_row", { $0.ctxInsertRow($1) }),
            ("remove_row", { $0.ctxRemoveRow($1) }),
            ("update_row", { $0.ctxUpdateRow($1) }),
            ("insert_section", { $0.ctxInsertSection($1) }),
            ("remove_section", { $0.ctxRemoveSection($1) }),
            ("tr", { $0.ctxTranslate($1) }),
            ("reset", { $0.ctxReset($1) }),
        ]
    }

    /// Creates the store handle, the view metatable and the methods once; each call gets a
    /// small ctx handle whose metatable holds the methods.
    ///
    /// `ctx`, `ctx.store`, `ctx.row` and `ctx.screen` are handles (userdata, SPEC §7): a
    /// script cannot `rawset` or `rawget` them, `setmetatable` refuses them and their
    /// metatables are hidden behind `__metatable`, so no trick on them changes what the host
    /// stores or later reads. Only the documented members change values.
    func installContext() {
        let stack = lua.stack
        // ctx.store: a handle whose reads and writes go through the session.
        stack.newHandle()
        stack.newTable(recordCount: 4)
        lua.pushHostFunction { [unowned self] s in self.storeIndex(s) }
        stack.rawSet(-2, "__index")
        lua.pushHostFunction { [unowned self] s in self.storeNewIndex(s) }
        stack.rawSet(-2, "__newindex")
        lua.pushHostFunction { [unowned self] s in self.storePairs(s) }
        stack.rawSet(-2, "__pairs")
        stack.push("the store")
        stack.rawSet(-2, "__metatable")
        stack.setMetatable(-2)
        contextRefs.store = lua.ref()

        // ctx.row and ctx.screen: read-only views, handles whose hidden slot holds the fields.
        stack.newTable(recordCount: 3)
        lua.pushHostFunction { s in
            guard s.userValue(1, 1) == .table else {
                s.pushNil()
                return .results(1)
            }
            s.pushValue(2)
            s.rawGetTop(-2)
            return .results(1)
        }
        stack.rawSet(-2, "__index")
        lua.pushHostFunction { _ in
            .error("ctx.row and ctx.screen are read-only; change values with ctx.store.KEY = value and rows with ctx:update_row")
        }
        stack.rawSet(-2, "__newindex")
        stack.push("read-only")
        stack.rawSet(-2, "__metatable")
        contextRefs.view = lua.ref()

        // The methods of ctx.
        stack.newTable(recordCount: 3)
        stack.newTable(recordCount: 12)
        for (name, body) in Session.contextMethods {
            lua.pushHostFunction { [unowned self] s in body(self, s) }
            stack.rawSet(-2, name)
        }
        contextRefs.methods = lua.ref()
        lua.pushHostFunction { [unowned self] s in self.ctxIndex(s) }
        stack.rawSet(-2, "__index")
        lua.pushHostFunction { s in
            let field = s.string(at: 2).map { "ctx." + Diagnostic.quote($0) } ?? "a field of ctx"
            return .error("ctx is read-only: cannot set \(field); keep values in the store (ctx.store.KEY = value) or in locals")
        }
        stack.rawSet(-2, "__newindex")
        stack.push("ctx")
        stack.rawSet(-2, "__metatable")
        contextRefs.meta = lua.ref()
    }

    /// ctx's fields: `store`, the methods, and `row` and `screen`, made on first read (a
    /// callback that never looks at them costs no tables) and then kept in the ctx handle's
    /// hidden slots (1: row, 2: screen).
    private func ctxIndex(_ s: LuaStack) -> HostResult {
        guard let key = s.string(at: 2) else {
            s.pushNil()
            return .results(1)
        }
        switch key {
        case "store":
            s.push(ref: contextRefs.store)
        case "locale":
            if let locale { s.push(locale) } else { s.pushNil() }
        case "row", "screen":
            let slot: Int32 = key == "row" ? 1 : 2
            if s.userValue(1, slot) != .nil_ { return .results(1) }
            s.pop()
            guard let pointer = s.pointer(at: 1),
                  let call = activeContexts.last(where: { $0.table == pointer }) else {
                s.pushNil()
                return .results(1)
            }
            if key == "row" {
                guard let row = call.row else {
                    s.pushNil()
                    return .results(1)
                }
                pushRowSummary(row, on: s)
            } else {
                s.newTable(recordCount: 2)
                if navigation.indices.contains(call.level) {
                    s.push(navigation[call.level].id)
                    s.rawSet(-2, field: "id")
                    s.push(navigation[call.level].title)
                    s.rawSet(-2, field: "title")
                }
            }
            pushView(on: s)
            s.pushValue(-1)
            s.setUserValue(1, slot)
        default:
            s.push(ref: contextRefs.methods)
            s.pushValue(2)
            s.rawGetTop(-2)
        }
        return .results(1)
    }

    /// Replaces the table on top with a read-only view of it.
    private func pushView(on s: LuaStack) {
        s.newHandle(userValues: 1)
        s.insert(-2)
        s.setUserValue(-2, 1)
        s.push(ref: contextRefs.view)
        s.setMetatable(-2)
    }

    /// Pushes a ctx for a call about `row` (nil for screen-level calls) on the current screen:
    /// a handle whose metatable answers `store`, `row`, `screen` and the methods.
    func pushContext(row: Row?) {
        let stack = lua.stack
        stack.ensure(10)
        stack.newHandle(userValues: 2)
        lua.push(ref: contextRefs.meta)
        stack.setMetatable(-2)
        if let pointer = stack.pointer(at: -1) {
            activeContexts.append((pointer, row, navigation.count - 1))
        }
    }

    /// ctx.row: id, text, key, value, context.
    func pushRowSummary(_ row: Row, on stack: LuaStack) {
        stack.newTable(recordCount: 5)
        stack.push(row.id)
        stack.rawSet(-2, field: "id")
        if let text = row.text.value {
            stack.push(text)
            stack.rawSet(-2, field: "text")
        }
        if let binding = row.binding {
            stack.push(binding.key)
            stack.rawSet(-2, field: "key")
            if let v = value(for: binding.key) {
                stack.push(v)
                stack.rawSet(-2, field: "value")
            }
        }
        if let context = row.context {
            stack.push(ref: context.id)
            stack.rawSet(-2, field: "context")
        }
    }

    // MARK: calls into Lua

    /// Where a script function was defined.
    public func definition(of ref: ScriptRef) -> SourceLocation? {
        let stack = lua.stack
        defer { stack.pop() }
        guard lua.push(ref: ref.id) == .function, let (source, line) = stack.functionDefinition(-1) else { return nil }
        return SourceLocation(file: luaChunkPath(source), line: line)
    }

    /// Calls `ref(ctx, extra...)` and leaves `results` values on the stack.
    func call(_ ref: ScriptRef, row: Row?, what: @autoclosure () -> String, results: Int32 = 0, extra: [StoreValue?] = [],
              withContext: Bool = true) throws {
        let stack = lua.stack
        let saved = currentCall
        currentCall = (row, navigation.count - 1)
        defer { currentCall = saved }
        stack.ensure(Int32(extra.count) + 4)
        guard lua.push(ref: ref.id) == .function else {
            stack.pop()
            throw SessionError.refused("internal: \(what()) is not a function")
        }
        if withContext { pushContext(row: row) }
        let contexts = activeContexts.count
        defer { if withContext { activeContexts.removeSubrange((contexts - 1)...) } }
        for value in extra {
            if let value { stack.push(value) } else { stack.pushNil() }
        }
        if let error = lua.call(nargs: Int32((withContext ? 1 : 0) + extra.count), nresults: results) {
            throw SessionError.script(error, what: what())
        }
    }

    /// The failure of a field function whose result the host could not copy: the action
    /// has copied as much out of Lua as the memory cap allows.
    func hostMemoryFailure(_ ref: ScriptRef, what: String) -> SessionError {
        let place = definition(of: ref).map { "\($0.file):\($0.line)" } ?? scriptPath
        let error = lua.hostMemoryError(at: place)
            ?? LuaError(kind: .memory, message: "\(place): memory limit exceeded")
        return SessionError.script(error, what: what)
    }

    // MARK: ctx.store

    private func storeIndex(_ s: LuaStack) -> HostResult {
        // A key that is not valid UTF-8 can never be stored: it reads as nil.
        guard case .success(let key)? = StoreInput.key(s, at: 2) else {
            s.pushNil()
            return .results(1)
        }
        let v = readOverrides?[key] ?? value(for: key)
        readLog?.append((key, v))
        if let v { s.push(v) } else { s.pushNil() }
        return .results(1)
    }

    private func storeNewIndex(_ s: LuaStack) -> HostResult {
        guard let keyRead = StoreInput.key(s, at: 2) else {
            return .error("store keys are strings, got a \(s.type(at: 2).name)")
        }
        guard case .success(let key) = keyRead else { return .error(keyRead.refusal) }
        guard let valueRead = StoreInput.value(s, at: 3, key: key) else {
            return .error("store values are booleans, numbers, strings, lists of strings and numbers, or nil; \"\(Diagnostic.quote(key))\" cannot hold a \(s.type(at: 3).name)")
        }
        guard case .success(let newValue) = valueRead else { return .error(valueRead.refusal) }
        guard transaction != nil else {
            return .error("the store can only be changed inside a callback (field functions only read it)")
        }
        if readLog != nil {
            return .error("field functions (text, detail, enabled, visible, options, sections) only read the store; change it in a callback")
        }
        var checked: StoreValue? = nil
        if let v = newValue {
            switch checkedStoreWrite(key, v) {
            case .success(let value): checked = value
            case .failure(let error): return .error(error.message)
            }
        }
        do { try write(key, checked) } catch let error as SessionError { return .error(error.message) } catch { return .error("\(error)") }
        return .results(0)
    }

    // MARK: ctx methods

    private func ensureInAction(_ name: String) -> String? {
        if readLog != nil { return "ctx:\(name) cannot be used in a field function (text, detail, enabled, visible, options, sections); use it in a callback" }
        if transaction == nil { return "ctx:\(name) can only be used inside a callback" }
        return nil
    }

    private func ctxPush(_ s: LuaStack) -> HostResult {
        if let problem = ensureInAction("push") { return .error(problem) }
        do {
            let id = try pushTargetID(s, at: 2, what: "ctx:push")
            try pushScreen(id: id)
            return .results(0)
        } catch let error as SessionError {
            // The push depth limit, from an on_appear further in: raised once more as it
            // is, so each level adds one "file:line:" and not a prefix on the last one's.
            if let limit = appearLimitMessage, error.message.contains(limit) { return .error(limit) }
            return .error(error.message)
        } catch {
            return .error("\(error)")
        }
    }

    /// The screen id a push target (id, screen table, or function returning either) names.
    func pushTargetID(_ s: LuaStack, at index: Int32, what: String) throws -> String {
        switch s.type(at: index) {
        case .string:
            return s.string(at: index) ?? ""
        case .table:
            guard let id = validator.readAgain({ validator.screenID(forTableAt: index, path: [.field("push")]) }).0 else {
                let problems = validator.takeDiagnostics().filter { $0.severity == .error }
                throw SessionError(.invalid, "\(what): the screen is not valid:\n" + problems.map(\.description).joined(separator: "\n"))
            }
            _ = validator.takeDiagnostics()
            return id
        default:
            throw SessionError.refused("\(what) expects a screen id or a screen table, got a \(s.type(at: index).name)")
        }
    }

    private func ctxPop(_ s: LuaStack) -> HostResult {
        if let problem = ensureInAction("pop") { return .error(problem) }
        do { try back() } catch { return .error("ctx:pop: already at the root screen") }
        return .results(0)
    }

    private func ctxHome(_ s: LuaStack) -> HostResult {
        if let problem = ensureInAction("home") { return .error(problem) }
        home()
        return .results(0)
    }

    private func ctxAlert(_ s: LuaStack) -> HostResult {
        if readLog != nil { return .error("ctx:alert cannot be used in a field function; use it in a callback") }
        switch s.type(at: 2) {
        case .string, .number:
            let text = s.string(at: 2) ?? s.number(at: 2).map(StoreValue.format) ?? ""
            alert(text)
            return .results(0)
        default:
            return .error("ctx:alert expects a message (a string), got a \(s.type(at: 2).name)")
        }
    }

    private func ctxReload(_ s: LuaStack) -> HostResult {
        if let problem = ensureInAction("reload") { return .error(problem) }
        reloadCurrentScreen()
        return .results(0)
    }

    /// Re-evaluates the current screen: its run-time changes end.
    func reloadCurrentScreen() {
        guard let live = navigation.last, live.picker == nil, let screen = validator.screen(live.id) else { return }
        var fresh = liveScreen(for: screen)
        fresh.title = live.title
        navigation[navigation.count - 1] = fresh
        lua.forgetKeptHostBytes { $0 == "rows@\(navigation.count - 1)" }  // its run-time rows are gone
        changed()
    }

    private func editableSections(_ name: String) -> Result<[Section], SessionError> {
        guard let live = navigation.last else { return .failure(.refused("no screen")) }
        if live.picker != nil { return .failure(.refused("ctx:\(name): a choice's picker cannot be changed")) }
        guard let sections = live.sections else {
            return .failure(.refused("ctx:\(name): screen \"\(live.id)\" computes its sections with a function; change the values that function reads instead"))
        }
        return .success(sections)
    }

    private func rowIDs(of sections: [Section], except: String? = nil) -> RowIDs {
        var ids = RowIDs()
        for section in sections {
            for row in section.rows where row.id != except { _ = ids.insert(row.id, line: Int32(row.location?.line ?? 0)) }
        }
        return ids
    }

    private func invalid(_ what: String) -> HostResult {
        let problems = Diagnostic.sorted(validator.takeDiagnostics())
        let errors = problems.filter { $0.severity == .error }
        return .error("\(what): not valid:\n" + errors.map(\.description).joined(separator: "\n"))
    }

    private func position(_ s: LuaStack, at index: Int32, count: Int, what: String) -> Result<Int, SessionError> {
        guard let p = s.integer(at: index) else {
            return .failure(.refused("\(what): the position must be a whole number from 1 to \(count + 1), got \(s.type(at: index).name)"))
        }
        guard p >= 1, p <= count + 1 else {
            return .failure(.refused("\(what): position \(p) is out of range (1 to \(count + 1))"))
        }
        return .success(Int(p))
    }

    /// A run-time change of the current screen: checks that it may be made, lets `edit`
    /// change a copy of the sections, and keeps the copy when `edit` succeeds.
    private func editSections(_ name: String, _ edit: (inout [Section]) -> HostResult) -> HostResult {
        if let problem = ensureInAction(name) { return .error(problem) }
        var sections: [Section]
        switch editableSections(name) {
        case .success(let current): sections = current
        case .failure(let e): return .error(e.message)
        }
        let result = edit(&sections)
        if case .results = result {
            for i in sections.indices { sections[i].visibility = VisibilitySummary(sections[i].rows) }
            navigation[navigation.count - 1].sections = sections
            keepLiveRows()
            changed()
        }
        return result
    }

    private func noRow(_ id: String, in sections: [Section], _ what: String) -> HostResult {
        let all = sections.flatMap { $0.rows.map(\.id) }
        return .error("ctx:\(what): no row \"\(Diagnostic.quote(id))\" on screen \"\(currentScreenID)\"\(Suggest.hint(id, all))")
    }

    private func ctxInsertRow(_ s: LuaStack) -> HostResult {
        editSections("insert_row") { sections in
            guard let sectionID = s.string(at: 2) else { return .error("ctx:insert_row expects a section id first") }
            guard let si = sections.firstIndex(where: { $0.id == sectionID }) else {
                return .error("ctx:insert_row: no section \"\(Diagnostic.quote(sectionID))\" on screen \"\(currentScreenID)\"\(Suggest.hint(sectionID, sections.map(\.id)))")
            }
            let pos: Int
            switch position(s, at: 3, count: sections[si].rows.count, what: "ctx:insert_row") {
            case .success(let p): pos = p
            case .failure(let e): return .error(e.message)
            }
            guard s.type(at: 4) == .table else { return .error("ctx:insert_row expects a row table, got a \(s.type(at: 4).name)") }
            var ids = rowIDs(of: sections)
            guard let row = validator.readRuntimeRow(4, path: [.field("insert_row")], rowIDs: &ids),
                  !validator.hasErrors else { return invalid("ctx:insert_row") }
            _ = validator.takeDiagnostics()
            sections[si].rows.insert(row, at: pos - 1)
            return .results(0)
        }
    }

    private func ctxRemoveRow(_ s: LuaStack) -> HostResult {
        editSections("remove_row") { sections in
            guard let id = s.string(at: 2) else { return .error("ctx:remove_row expects a row id") }
            for si in sections.indices {
                if let ri = sections[si].rows.firstIndex(where: { $0.id == id }) {
                    sections[si].rows.remove(at: ri)
                    return .results(0)
                }
            }
            return noRow(id, in: sections, "remove_row")
        }
    }

    private func ctxUpdateRow(_ s: LuaStack) -> HostResult {
        editSections("update_row") { sections in
            guard let id = s.string(at: 2) else { return .error("ctx:update_row expects a row id") }
            guard s.type(at: 3) == .table else { return .error("ctx:update_row expects a table of fields, got a \(s.type(at: 3).name)") }
            for si in sections.indices {
                guard let ri = sections[si].rows.firstIndex(where: { $0.id == id }) else { continue }
                let old = sections[si].rows[ri]
                // The row as a table, with the new fields on top, validated as a whole.
                pushRowTable(old)
                let merged = s.absolute(-1)
                s.pushNil()
                while s.next(3) {
                    let isType = s.type(at: -2) == .string && s.string(at: -2) == "type"
                    if !isType {
                        s.pushValue(-2)
                        s.pushValue(-2)
                        s.rawSet(merged)
                    }
                    s.pop()
                }
                var ids = rowIDs(of: sections, except: old.id)
                let row = validator.readRuntimeRow(merged, path: [.field("update_row")], rowIDs: &ids)
                s.pop()
                guard let row, !validator.hasErrors else { return invalid("ctx:update_row") }
                _ = validator.takeDiagnostics()
                sections[si].rows[ri] = row
                return .results(0)
            }
            return noRow(id, in: sections, "update_row")
        }
    }

    private func ctxInsertSection(_ s: LuaStack) -> HostResult {
        editSections("insert_section") { sections in
            let pos: Int
            switch position(s, at: 2, count: sections.count, what: "ctx:insert_section") {
            case .success(let p): pos = p
            case .failure(let e): return .error(e.message)
            }
            guard s.type(at: 3) == .table else { return .error("ctx:insert_section expects a section table, got a \(s.type(at: 3).name)") }
            var ids = rowIDs(of: sections)
            guard let section = validator.readRuntimeSection(3, path: [.field("insert_section")], position: sections.count + 1, rowIDs: &ids),
                  !validator.hasErrors else { return invalid("ctx:insert_section") }
            _ = validator.takeDiagnostics()
            if sections.contains(where: { $0.id == section.id }) {
                return .error("ctx:insert_section: screen \"\(currentScreenID)\" already has a section \"\(section.id)\"; give the new one another id")
            }
            sections.insert(section, at: pos - 1)
            return .results(0)
        }
    }

    private func ctxRemoveSection(_ s: LuaStack) -> HostResult {
        editSections("remove_section") { sections in
            guard let id = s.string(at: 2) else { return .error("ctx:remove_section expects a section id") }
            guard let si = sections.firstIndex(where: { $0.id == id }) else {
                return .error("ctx:remove_section: no section \"\(Diagnostic.quote(id))\" on screen \"\(currentScreenID)\"\(Suggest.hint(id, sections.map(\.id)))")
            }
            sections.remove(at: si)
            return .results(0)
        }
    }

    /// Pushes a plain table with the fields a row was declared with (for update_row).
    func pushRowTable(_ row: Row) {
        let s = lua.stack
        s.ensure(8)
        s.newTable(recordCount: 16)
        func set(_ name: String, _ push: () -> Void) { push(); s.rawSet(-2, name) }
        func dynamic<T>(_ name: String, _ d: Dynamic<T>?, _ pushValue: (T) -> Void) {
            switch d {
            case .value(let v)?: set(name) { pushValue(v) }
            case .function(let f)?: set(name) { lua.push(ref: f.id) }
            case nil: break
            }
        }
        func ref(_ name: String, _ r: ScriptRef?) { if let r { set(name) { lua.push(ref: r.id) } } }
        func str(_ name: String, _ v: String?) { if let v { set(name) { s.push(v) } } }
        set("type") { s.push(row.kind.rawValue) }
        set("id") { s.push(row.id) }
        dynamic("text", row.text) { s.push($0) }
        dynamic("detail", row.detail) { s.push($0) }
        str("icon", row.icon)
        set("style") { s.push(row.style.rawValue) }
        str("accessory", row.accessory?.rawValue)
        ref("on_select", row.onSelect)
        ref("on_accessory", row.onAccessory)
        switch row.push {
        case .screen(let id)?: set("push") { s.push(id) }
        case .function(let f)?: set("push") { lua.push(ref: f.id) }
        case nil: break
        }
        dynamic("enabled", row.enabled) { s.push($0) }
        dynamic("visible", row.visible) { s.push($0) }
        str("help", row.help)
        ref("context", row.context)
        if row.kind == .button {
            set("destructive") { s.push(row.destructive) }
            str("confirm", row.confirm)
        }
        if let b = row.binding {
            set("key") { s.push(b.key) }
            set("default") { s.push(b.defaultValue) }
            ref("on_change", b.onChange)
            switch b.options {
            case .value(let options)?:
                set("options") {
                    s.newTable(arrayCount: options.count)
                    for (i, o) in options.enumerated() {
                        s.newTable(recordCount: 2)
                        s.push(o.value)
                        s.rawSet(-2, "value")
                        s.push(o.text)
                        s.rawSet(-2, "text")
                        s.rawSet(-2, index: i + 1)
                    }
                }
            case .function(let f)?: set("options") { lua.push(ref: f.id) }
            case nil: break
            }
            if row.kind == .input {
                str("placeholder", b.placeholder)
                set("secure") { s.push(b.secure) }
                if let m = b.maxLength { set("max_length") { s.push(m) } }
                ref("validate", b.validate)
            }
            if row.kind == .number {
                if let v = b.minimum { set("min") { s.push(v) } }
                if let v = b.maximum { set("max") { s.push(v) } }
                if let v = b.step { set("step") { s.push(v) } }
                str("unit", b.unit)
            }
        }
        pushValueKindFields(row)
    }
}


extension LuaStack {
    /// Pushes a store value as the Lua boolean, integer, float or string it is.
    func push(_ value: StoreValue) {
        switch value {
        case .bool(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .list(let items):
            ensure(3)
            newTable(arrayCount: items.count)
            for (i, item) in items.enumerated() {
                push(item)
                rawSet(-2, index: i + 1)
            }
        }
    }
}
