import ScreenModel

/// The app's symbols (docs/dependencies.md): their engine, built at each load, fed the
/// person's values from the store, asked for each symbol row's effective value, visibility,
/// reason and `why`, and told of each committed change.
extension Session {
    /// Builds the engine from what loading read, and loads the store's values into it.
    func buildSymbols() {
        configEntriesMemo = nil
        guard !registry.symbols.isEmpty else { symbols = nil; return }
        let timing = PhaseTimer()
        let engine = symbolEngine()
        timing.lap("symbols: engine")
        symbols = engine
        for problem in engine.problems { warnings.append(problem) }
        if let config = configStore {
            config.warnings = engine.loadConfig(config.loadedText)
            timing.lap("symbols: load .config")
            let title = app.screen(app.root).map { $0.title } ?? app.root
            config.render = { [unowned self] in configText(title: title) }
            config.stamp = { [unowned engine] in engine.changeCount }
            // Written as `conf --olddefconfig` writes it, when that differs from the file (never
            // through a read-only view: `check`, `dump` and `render` only read).
            if store is ConfigStore {
                let text = configText(title: title)
                timing.lap("symbols: .config text")
                if text != config.loadedText {
                    do { try config.write(text) } catch { warnings.append("\(error)") }
                    timing.lap("symbols: written")
                } else {
                    config.noteCurrent()
                }
            }
            return
        }
        engine.clearUserValues()
        for (key, value) in store.values {
            guard let i = engine.symbol(named: key), engine.name(i) == key else { continue }
            if let w = engine.loadUser(i, text: Session.symbolText(value)) { warnOnce(key, "the store's value for \(key): \(w)") }
        }
        engine.invalidateAll()
    }

    /// The engine of the definitions loading read; when expressions name plain bound rows (a
    /// toggle, number or input without rules), built again with one more definition for
    /// each: it is a symbol too, its prompt the row's text, its default the row's.
    func symbolEngine() -> RuleEngine {
        let read = registry.symbols.definitions
        let engine = RuleEngine(definitions: read, modules: registry.symbols.modules)
        let missing = engine.undeclaredNames
        guard !missing.isEmpty else { return engine }
        var added: [String: SymbolDefinition] = [:]
        for screen in registry.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for section in sections {
                for row in section.rows {
                    guard let binding = row.binding, missing.contains(binding.key), added[binding.key] == nil else { continue }
                    let type: SymbolType
                    switch row.kind {
                    case .toggle: type = .bool
                    case .number: type = .int
                    case .input: type = .string
                    default: continue
                    }
                    var d = SymbolDefinition(name: binding.key, type: type, prompt: row.text.value ?? binding.key)
                    d.location = row.location
                    d.help = row.help
                    let text = Session.symbolText(binding.defaultValue)
                    switch type {
                    case .string: d.defaults = [RuleDefault(value: .constant(text), when: nil)]
                    case .bool: d.defaults = [RuleDefault(value: .symbol(text == "y" ? "y" : "n"), when: nil)]
                    default: d.defaults = [RuleDefault(value: .symbol(text), when: nil)]
                    }
                    added[binding.key] = d
                }
            }
        }
        guard !added.isEmpty else { return engine }
        // In declaration order: each row's definitions where its row is.
        var out: [SymbolDefinition] = []
        var byName: [String: [SymbolDefinition]] = [:]
        for d in read { byName[d.choice ?? d.name, default: []].append(d) }
        var emitted = Set<String>()
        for screen in registry.screens {
            guard case .value(let sections) = screen.sections else { continue }
            for section in sections {
                for row in section.rows {
                    guard let key = row.binding?.key, emitted.insert(key).inserted else { continue }
                    if let d = added[key] { out.append(d) }
                    if let ds = byName[key] { out += ds }
                }
            }
        }
        for d in read where !emitted.contains(d.choice ?? d.name) { out.append(d) }
        return RuleEngine(definitions: out, modules: registry.symbols.modules)
    }

    /// Writes the `.config` store when changes wait (the REPL's `quit`, the session's end).
    public func flushStore() throws {
        guard store is ConfigStore else { return }
        try configStore?.flush()
    }

    /// What loading the `.config` store warned about (unknown symbols, bad values), in order.
    public var storeWarnings: [String] { configStore?.warnings.map { "\(configStore!.path): \($0)" } ?? [] }

    /// The `.config` store, when the values live in one.
    var configStore: ConfigStore? {
        if let c = store as? ConfigStore { return c }
        return (store as? ReadOnlyStore)?.base as? ConfigStore
    }

    /// The `.config` text of the symbols' values now (`conf_write`'s), in menu order.
    public func configText(title: String? = nil) -> String {
        guard let symbols else { return "" }
        let t = title ?? app.screen(app.root).map { $0.title } ?? app.root
        return symbols.configText(title: t, entries: configEntries())
    }

    /// The app's symbols and menus in declaration order, from the root, following pushes
    /// (the menu tree); the symbols of screens no row pushes come after.
    func configEntries() -> [ConfigEntry] {
        if let memo = configEntriesMemo { return memo }
        let entries = menuTreeEntries()
        configEntriesMemo = entries
        return entries
    }

    /// `configEntries`, walked from the registry.
    private func menuTreeEntries() -> [ConfigEntry] {
        var seenScreens = Set<String>()
        func screenEntries(_ id: String) -> [ConfigEntry] {
            guard seenScreens.insert(id).inserted, let screen = registry.screen(id), case .value(let sections) = screen.sections else { return [] }
            var out: [ConfigEntry] = []
            for section in sections {
                for row in section.rows {
                    if let key = row.boundKey, symbols?.symbol(named: key) != nil {
                        out.append(.symbol(key))
                        if let i = symbols?.symbol(named: key), symbols!.isChoice(i) {
                            for o in symbols!.options(i) { out.append(.symbol(symbols!.name(o))) }
                        }
                    }
                    guard let push = row.push else {
                        // A plain row is a comment (Kconfig's `comment`): a heading of the `.config`.
                        if row.kind == .text, row.boundKey == nil, let text = row.text.value { out.append(.comment(text, row.depends)) }
                        continue
                    }
                    let target: String?
                    switch push {
                    case .screen(let id): target = id
                    case .function: target = nil
                    }
                    guard let target else { continue }
                    let children = screenEntries(target)
                    if row.boundKey != nil {
                        out += children  // a symbol that opens a screen (menuconfig): no menu heading
                    } else {
                        out.append(.menu(row.text.value ?? target, row.depends, children))
                    }
                }
            }
            return out
        }
        var entries = screenEntries(app.root)
        for screen in registry.screens where !seenScreens.contains(screen.id) { entries += screenEntries(screen.id) }
        return entries
    }

    /// A store value as the engine reads it: `true`/`false` are `y`/`n`.
    static func symbolText(_ value: StoreValue) -> String {
        switch value {
        case .bool(let b): return b ? "y" : "n"
        default: return value.description
        }
    }

    /// The symbol a bound key names, when it is one.
    func symbolIndex(forKey key: String) -> Int32? {
        guard let symbols, let i = symbols.symbol(named: key), symbols.name(i) == key else { return nil }
        return i
    }

    /// The effective value of a symbol as its row's kind holds it: a toggle's boolean, a
    /// tristate's `"n"`/`"m"`/`"y"`, an int, hex or string, a choice's option name (`"m"` for
    /// a tristate choice whose options are modules, `""` for none).
    func symbolValue(_ i: Int32, kind: RowKind?) -> StoreValue {
        let symbols = symbols!
        if symbols.isChoice(i) { return .string(symbols.chosen(i).map { symbols.name($0) } ?? (symbols.tristate(i) == .m ? "m" : "")) }
        let text = symbols.stringValue(i)
        switch symbols.type(i) {
        case .bool?: return .bool(text == "y")
        case .tristate?: return .string(text)
        case .int?: return Int64(text).map { .integer($0) } ?? .string(text)
        default: return .string(text)
        }
    }

    /// Refuses a write to a symbol that menuconfig would refuse (nothing changes).
    func checkSymbolWrite(_ key: String, _ value: StoreValue?) throws {
        guard let i = symbolIndex(forKey: key), let value else { return }
        if let refusal = symbols!.set(i, text: Session.symbolText(value), apply: false) {
            throw SessionError.refused(refusal)
        }
    }

    /// Tells the engine of committed writes to symbols.
    func applySymbolWrites(_ writes: [(key: String, value: StoreValue?)]) {
        guard let symbols else { return }
        for (key, value) in writes {
            guard let i = symbolIndex(forKey: key) else { continue }
            if let value { _ = symbols.set(i, text: Session.symbolText(value)) } else { symbols.forgetUser(i) }
        }
    }

    /// Selecting a tristate: the next value it may take, n → m → y → n (menuconfig's space).
    func cycleSymbol(_ row: Row) throws {
        guard let key = row.binding?.key, let i = symbolIndex(forKey: key), let symbols else { return }
        let order: [Tristate] = [.n, .m, .y]
        let now = symbols.tristate(i)
        let allowed = symbols.assignable(i)
        guard let next = (1...3).lazy.map({ order[(Int(now.rawValue) + $0) % 3] }).first(where: { allowed.contains($0) }), next != now else {
            throw SessionError.refused(symbols.set(i, text: now == .y ? "n" : "y", apply: false) ?? "\(key) cannot change")
        }
        try change(row, to: .string(next.description))
    }

    /// Whether a symbol row shows (its prompt's condition is not `n`, or, for a row that is
    /// not a symbol, its `depends`).
    func symbolRowVisible(_ row: UnsafePointer<Row>) -> Bool {
        guard let symbols else { return true }
        if let key = row.pointee.boundKey, let i = symbolIndex(forKey: key) {
            if row.pointee.kind == .symbol { return false }
            if symbols.visibility(i) != .n { return true }
            // menu_is_visible: a symbol that is not n, with a shown entry under it (its pushed
            // screen), is shown, though it cannot be changed.
            guard symbols.tristate(i) != .n, case .screen(let id)? = row.pointee.push else { return false }
            var seen: Set<String> = []
            return screenShowsARow(id, &seen)
        }
        if let d = row.pointee.depends { return symbols.evaluate(d) != .n }
        return true
    }

    /// Whether any row of the screen `id` (or of a screen it pushes) is shown.
    private func screenShowsARow(_ id: String, _ seen: inout Set<String>) -> Bool {
        guard seen.insert(id).inserted, let screen = registry.screen(id), case .value(let sections) = screen.sections else { return false }
        for section in sections {
            for r in section.rows.indices {
                let shown = section.rows.withUnsafeBufferPointer { rows -> Bool in
                    let row = rows.baseAddress! + r
                    guard case .value(true) = row.pointee.visible else { return false }
                    return symbolRowVisible(row)
                }
                if shown { return true }
            }
        }
        return false
    }

    /// A symbol row's detail: its value, and the reason when it is not simply the person's.
    func symbolDetail(_ i: Int32, shown: String?, kind: RowKind) -> String? {
        guard let reason = symbols?.reason(i) else { return shown }
        // (a toggle draws its state itself: the reason alone)
        if kind == .toggle { return reason }
        return "\(shown ?? symbols!.stringValue(i)) (\(reason))"
    }

    // MARK: names from anywhere (the REPL's `set NAME`, `why NAME`, `help NAME`)

    /// The symbol `name` names (with or without `CONFIG_`), nil when none does.
    public func symbolNamed(_ name: String) -> Int32? { symbols?.symbol(named: name) }

    /// menuconfig's help of the symbol `name`: `Symbol: NAME [=v]`, its type, prompts,
    /// `Depends on:`, `Selected by [y]:`, ... (nil: no such symbol).
    public func explainSymbol(_ name: String) -> [String]? {
        guard let symbols else { return nil }
        guard let i = symbols.symbol(named: name) else {
            // A menu or a comment (a row that is no symbol) with `depends`: its condition.
            guard let found = try? lookup(name, includeHidden: true), let row = declaredRow(found), let d = row.depends else { return nil }
            return ["\(row.push != nil ? "Menu" : "Comment"): \(found.text) [\(symbols.evaluate(d) == .n ? "hidden" : "shown")]",
                    "  Depends on: \(symbols.describe(d))"]
        }
        var lines = symbols.explain(i)
        if let reason = symbols.reason(i) { lines.insert("Value : \(symbols.stringValue(i)) (\(reason))", at: 2) }
        if let chosen = symbols.userValue(i), chosen != symbols.stringValue(i), !symbols.isChoice(i) {
            lines.insert("Chosen: \(chosen)", at: 2)
        }
        return lines
    }

    /// Sets the symbol `name` from typed text, as menuconfig would (refused with the reason).
    public func setSymbol(_ name: String, text: String) throws {
        guard let symbols, let i = symbols.symbol(named: name) else { throw SessionError.refused("no symbol \(name)") }
        let key = symbols.name(i)
        let kind = registry.boundKey(key)?.kind
        let t = text.trimmingSpaces
        // Checked as typed (`m` is refused for a bool, not read as off).
        if let refusal = symbols.set(i, text: t, apply: false) { throw SessionError.refused(refusal) }
        let value: StoreValue
        switch (symbols.type(i), kind) {
        case (.bool?, .toggle?) where !symbols.isChoice(i): value = .bool(Tristate(text: t.lowercased().prefix(1).description) == .y || ["yes", "true", "on"].contains(t.lowercased()))
        case (.int?, _): value = Int64(t).map { .integer($0) } ?? .string(t)
        default: value = .string(symbols.type(i)?.isTristateLike == true && !symbols.isChoice(i) ? String(t.lowercased().prefix(1)) : t)
        }
        try perform { try write(key, value) }
    }

    /// Sets the symbol `name` from a script value (`true`/`false` are `y`/`n`).
    public func setSymbol(_ name: String, value: StoreValue) throws {
        try setSymbol(name, text: Session.symbolText(value))
    }
}
