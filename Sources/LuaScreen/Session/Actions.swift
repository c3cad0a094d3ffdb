import LuaRuntime
import ScreenModel

/// One search result of `find`.
public struct FindResult: Equatable, Sendable {
    public var screen: String
    public var row: String
    public var text: String
    /// Screen titles from the root to the row's screen.
    public var titles: [String]
    /// Screen ids from the root to the row's screen (how `go` gets there).
    public var path: [String]
    /// The row (or its section) is hidden now: `go` to it says why.
    public var hidden: Bool = false
}

/// What the person (or a test) does: select, set, navigate, search, explain.
extension Session {
    // MARK: row references

    /// Finds a row of the current screen by number, id, text or unique text prefix.
    /// Hidden rows are found only with `includeHidden` (`row(REF)` in tests).
    public func lookup(_ reference: String, includeHidden: Bool = false) throws -> ResolvedRow {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        if let row = quickLookup(reference.trimmingSpaces) { return row }
        let screen = currentScreen()
        let all = screen.sections.flatMap(\.rows)
        let candidates = includeHidden ? all : all.filter(\.visible)
        let ref = reference.trimmingSpaces
        guard !ref.isEmpty else { throw SessionError.refused("which row? give its number, id or text") }
        if ref.allSatisfy(\.isNumber), let n = Int(ref) {
            if let row = candidates.first(where: { $0.number == n }) { return row }
            let count = candidates.compactMap(\.number).max() ?? 0
            throw SessionError.refused(count == 0 ? "no row \(n): this screen has no selectable rows"
                                                  : "no row \(n) on this screen (rows are numbered 1 to \(count))")
        }
        if let row = candidates.first(where: { $0.id == ref }) { return row }
        if let row = candidates.first(where: { $0.text == ref }) { return row }
        let lower = ref.lowercased()
        let exact = candidates.filter { $0.text.lowercased() == lower }
        if exact.count == 1 { return exact[0] }
        let prefixed = candidates.filter { $0.text.lowercased().hasPrefix(lower) }
        if prefixed.count == 1 { return prefixed[0] }
        if prefixed.count > 1 {
            let names = prefixed.prefix(8).map { r in r.number.map { "\(r.text) (\($0))" } ?? r.text }
            throw SessionError.refused("\"\(ref)\" matches \(prefixed.count) rows: \(names.joined(separator: ", ")); type more of the text, or the number")
        }
        if !includeHidden, let hidden = all.first(where: { !$0.visible && ($0.id == ref || $0.text.lowercased().hasPrefix(lower)) }) {
            throw SessionError.refused("row \"\(hidden.text)\" is hidden; `why \(hidden.id)` tells why")
        }
        let names = candidates.map(\.text) + candidates.map(\.id)
        let hint = ref.count <= 64 && names.count <= 2000 ? Suggest.hint(ref, names) : ""
        let shown = ref.count <= 64 ? ref : String(ref.prefix(61)) + "..."
        throw SessionError.refused("no row \"\(shown)\" on screen \"\(screen.title)\"\(hint)")
    }

    /// The declared row behind a resolved row of the current screen.
    func declaredRow(_ resolved: ResolvedRow) -> Row? {
        guard let live = navigation.last else { return nil }
        if let picker = live.picker { return picker.row }
        if let list = live.list { return list.row }
        if let last = lastLookedUp, last.structure == structureGeneration, last.depth == navigation.count,
           last.row.id == resolved.id {
            return last.row
        }
        if let (index, sections) = currentIndex(), let entry = index.entry(id: resolved.id, sections) {
            let (si, ri) = index.entries[entry]
            return sections[Int(si)].rows[Int(ri)]
        }
        let (sections, _) = sections(of: live)
        for section in sections {
            if let row = section.rows.first(where: { $0.id == resolved.id }) { return row }
        }
        return nil
    }

    private func usable(_ reference: String) throws -> (ResolvedRow, Row) {
        let resolved = try lookup(reference)
        if navigation.last?.picker != nil, let row = navigation.last?.picker?.row { return (resolved, row) }
        if let row = navigation.last?.list?.row { return (resolved, row) }
        guard let row = declaredRow(resolved) else { throw SessionError.refused("no row \"\(reference)\"") }
        if let error = resolved.error {
            throw SessionError.refused("row \"\(resolved.text)\" could not be evaluated: \(error)")
        }
        if !resolved.enabled {
            throw SessionError.refused("row \"\(resolved.text)\" is disabled; `why \(resolved.number.map(String.init) ?? resolved.id)` tells why")
        }
        return (resolved, row)
    }

    // MARK: select

    /// Selects a row as SPEC's kinds table says. `answer` replies to a button's `confirm`.
    public func select(_ reference: String, answer: Bool? = nil) throws {
        let (resolved, row) = try usable(reference)
        if navigation.last?.list != nil { return }  // selecting an item does nothing
        if let picker = navigation.last?.picker {
            guard let value = resolved.value else { return }
            if picker.row.binding?.multiple == true {
                try perform { try toggleOption(value, of: picker.row) }
                return
            }
            try perform {
                try change(picker.row, to: value)
                if picker.row.binding?.closeOnPick == true, navigation.last?.picker != nil {
                    navigation.removeLast()
                    changed()
                }
            }
            return
        }
        guard resolved.selectable else {
            throw SessionError.refused("row \"\(resolved.text)\" does nothing when selected")
        }
        switch row.kind {
        case .toggle:
            guard let binding = row.binding else { return }
            let current = value(for: binding.key).flatMap { binding.toggleIsOn($0) } ?? false
            // Flipping is all a toggle does when selected (its push, if any, is never
            // followed: `check` warns); on_select still runs.
            try perform {
                try change(row, to: binding.toggleValue(!current))
                if let onSelect = row.onSelect {
                    try call(onSelect, row: row, what: "on_select of row \"\(row.id)\"")
                }
            }
        case .choice:
            try perform {
                // The options function runs once: a failure is the selection's error.
                if case .failure(let error) = options(of: row) { throw error }
                navigation.append(LiveScreen(id: row.id, title: resolved.text, picker: PickerSource(row: row, screenID: currentScreenID)))
                changed()
            }
        case .list:
            try perform { pushList(row, title: resolved.text) }
        case .input, .number, .date, .time:
            let what = row.kind == .input ? "an input" : "a \(row.kind.rawValue)"
            let example = row.kind == .date ? " (YYYY-MM-DD)" : row.kind == .time ? " (HH:MM)" : ""
            throw SessionError(.needsValue, "\"\(resolved.text)\" is \(what) row: give its new value with set \(resolved.number.map(String.init) ?? row.id) VALUE\(example)")
        case .button:
            if let question = try confirmQuestion(of: row) {
                guard let answer else { throw SessionError(.needsConfirmation(question), question) }
                guard answer else { return }
            }
            try perform { try followAndRun(row) }
        case .text:
            try perform { try followAndRun(row) }
        }
    }

    /// Follows a row's `push` and runs its `on_select`.
    private func followAndRun(_ row: Row) throws {
        switch row.push {
        case .screen(let id)?:
            try pushScreen(id: id)
        case .function(let ref)?:
            let stack = lua.stack
            let top = stack.top
            defer { stack.top = top }
            try call(ref, row: row, what: "push of row \"\(row.id)\"", results: 1)
            if stack.type(at: -1) != .nil_ {
                let id = try pushTargetID(stack, at: -1, what: "push of row \"\(row.id)\"")
                try pushScreen(id: id)
            }
        case nil:
            break
        }
        if let onSelect = row.onSelect {
            try call(onSelect, row: row, what: "on_select of row \"\(row.id)\"")
        }
    }

    /// Runs the row's `on_accessory` (its detail button).
    public func accessory(_ reference: String) throws {
        let (resolved, row) = try usable(reference)
        guard let onAccessory = row.onAccessory else {
            throw SessionError.refused("row \"\(resolved.text)\" has no detail button (on_accessory)")
        }
        try perform { try call(onAccessory, row: row, what: "on_accessory of row \"\(row.id)\"") }
    }

    // MARK: values

    /// Sets a bound row's value from what a person typed.
    public func set(_ reference: String, text: String) throws {
        let (resolved, row) = try usable(reference)
        let target = navigation.last?.picker?.row ?? row
        guard target.binding != nil, target.kind.isBound else {
            throw SessionError.refused("row \"\(resolved.text)\" has no value to set")
        }
        let value = try parse(text, for: target)
        try perform { try change(target, to: value) }
    }

    /// Sets a bound row's value from a script value (tests): parsed like typed text for
    /// strings, taken as is for booleans and numbers.
    public func set(_ reference: String, value: StoreValue) throws {
        let (resolved, row) = try usable(reference)
        if case .string(let s) = value {
            // Text is taken as typed (for an input, as it is: spaces kept).
            if row.kind != .input { return try set(reference, text: s) }
        }
        let target = navigation.last?.picker?.row ?? row
        guard target.kind.isBound else { throw SessionError.refused("row \"\(resolved.text)\" has no value to set") }
        try perform { try change(target, to: value) }
    }

    /// Turns typed text into a value of the row's kind.
    func parse(_ text: String, for row: Row) throws -> StoreValue {
        guard let binding = row.binding else { throw SessionError.refused("row \"\(row.id)\" has no value") }
        let t = text.trimmingSpaces
        switch row.kind {
        case .toggle:
            if let values = binding.toggleValues {
                if t == values.on.description { return values.on }
                if t == values.off.description { return values.off }
            }
            switch t.lowercased() {
            case "true", "on", "yes", "y", "1": return .bool(true)
            case "false", "off", "no", "n", "0": return .bool(false)
            default:
                let mapped = binding.toggleValues.map { " or \($0.on)/\($0.off)" } ?? ""
                throw SessionError.refused("\"\(row.text.value ?? row.id)\" is a toggle: give on or off (true/false, yes/no\(mapped))")
            }
        case .choice where binding.multiple:
            return try parseMultiple(text, for: row)
        case .list:
            return .list(Session.splitItems(text).map { .string($0) })
        case .choice:
            let options = try options(of: row).get()
            if let o = options.first(where: { $0.value.description == t }) { return o.value }
            if let o = options.first(where: { $0.text == t || tr($0.text) == t }) { return o.value }
            if let o = options.first(where: { $0.text.lowercased() == t.lowercased() || $0.value.description.lowercased() == t.lowercased() }) { return o.value }
            let list = options.map { $0.text == $0.value.description ? $0.text : "\($0.value) (\($0.text))" }
            throw SessionError.refused("\"\(t)\" is not an option of \"\(row.text.value ?? row.id)\"; options: \(list.joined(separator: ", "))\(Suggest.hint(t, options.map(\.text)))")
        case .input:
            // REPL text reads \n as a newline in a multiline input.
            return .string(binding.multiline ? Session.readingNewlines(text) : text)
        case .date, .time:
            return .string(t)
        case .number:
            let unitless = binding.unit.map { u in t.hasSuffix(u) ? String(t.dropLast(u.count)).trimmingSpaces : t } ?? t
            let value: StoreValue
            if let i = Int64(unitless) { value = .integer(i) }
            else if let d = Double(unitless), d.isFinite { value = .number(d) }
            else { throw SessionError.refused("\"\(t)\" is not a number") }
            return value
        default:
            throw SessionError.refused("row \"\(row.id)\" has no value")
        }
    }

    /// Stores a new value once it passes every check of its row (WriteCheck), then runs
    /// `on_change(ctx, new, old)`.
    func change(_ row: Row, to proposed: StoreValue) throws {
        guard let binding = row.binding else { return }
        let newValue = try checkWrite(proposed, for: row)
        let old = value(for: binding.key)
        try write(binding.key, newValue)
        if let onChange = binding.onChange {
            try call(onChange, row: row, what: "on_change of row \"\(row.id)\"", extra: [newValue, old])
        }
    }

    /// Puts a row back to its default (removes the stored value).
    public func reset(_ reference: String) throws {
        let (resolved, row) = try usable(reference)
        let target = navigation.last?.picker?.row ?? row
        guard let binding = target.binding else { throw SessionError.refused("row \"\(resolved.text)\" has no value to reset") }
        try perform {
            let old = value(for: binding.key)
            try write(binding.key, nil)
            if let onChange = binding.onChange, let new = value(for: binding.key), old.map({ !$0.sameValue(as: new) }) ?? true {
                try call(onChange, row: target, what: "on_change of row \"\(target.id)\"", extra: [new, old])
            }
        }
    }

    /// Every bound key back to its default; keys the script does not know are kept.
    public func resetAll() throws {
        try perform {
            for key in validator.bindings.keys.sorted() where store.value(for: key) != nil || transaction?.pending(key) != nil {
                try write(key, nil)
            }
        }
    }

    // MARK: reload

    /// Re-reads the script from disk, keeping the values and, where the screens still
    /// exist, the path. Returns a note when the path could not be kept whole.
    @discardableResult
    public func reloadScript() throws -> String? {
        let loaded = try ScriptLoader.load(path: scriptPath, options: options)
        // Each level: a screen id, or the row whose choice picker was open.
        let oldLevels = navigation.dropFirst().map { $0.picker.map { "\u{1}" + $0.row.id } ?? $0.id }
        replaceScript(with: loaded)
        do {
            try openRoot()
        } catch {
            // The root stays open so the person can fix the script and reload again.
            if let root = validator.screen(app.root) { navigation = [liveScreen(for: root)] }
            return "on_appear of the root screen failed: \(error)"
        }
        for level in oldLevels {
            if level.hasPrefix("\u{1}") {
                let rowID = String(level.dropFirst())
                guard let row = try? lookup(rowID), row.kind == .choice, (try? select(row.id)) != nil else {
                    return "the choice \"\(rowID)\" no longer exists; showing \"\(titles.last ?? app.root)\""
                }
                continue
            }
            // A screen pushed from a row of a `sections` function is declared when that
            // function runs: evaluate the screen below first.
            if validator.screen(level) == nil { _ = currentScreen() }
            guard validator.screen(level) != nil else {
                return "screen \"\(level)\" no longer exists; showing \"\(titles.last ?? app.root)\""
            }
            do { try perform { try pushScreen(id: level) } } catch {
                return "stopped at \"\(currentScreenID)\": opening \"\(level)\" failed: \(error)"
            }
        }
        return nil
    }

    // MARK: search

    /// Rows of every screen reachable from the root whose text, detail or help contains
    /// `text`, hidden rows too (marked).
    public func find(_ text: String) -> [FindResult] {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let needle = text.lowercased()
        var results: [FindResult] = []
        var queue: [(id: String, path: [String], titles: [String])] = [(app.root, [app.root], [tr(validator.screen(app.root)?.title ?? app.root)])]
        var seen: Set<String> = [app.root]
        var index = 0
        while index < queue.count {
            let (id, idPath, titlePath) = queue[index]
            index += 1
            guard let screen = resolvedScreen(id: id), let declared = validator.screen(id) else { continue }
            var help: [String: String] = [:]
            if case .value(let sections) = declared.sections {
                for row in sections.lazy.flatMap(\.rows) { if let h = row.help { help[row.id] = h } }
            }
            for section in screen.sections {
                for row in section.rows {
                    let haystack = [row.text, row.detail ?? "", help[row.id] ?? ""].joined(separator: "\n").lowercased()
                    if !needle.isEmpty, haystack.contains(needle) {
                        results.append(FindResult(screen: id, row: row.id, text: row.text, titles: titlePath, path: idPath,
                                                  hidden: !row.visible || !section.visible))
                    }
                }
            }
            for target in pushTargets(of: declared) where !seen.contains(target) {
                seen.insert(target)
                let title = tr(validator.screen(target)?.title ?? target)
                queue.append((target, idPath + [target], titlePath + [title]))
            }
        }
        return results
    }

    private func pushTargets(of screen: Screen) -> [String] {
        guard case .value(let sections) = screen.sections else { return [] }
        return sections.flatMap(\.rows).compactMap { row in
            if case .screen(let id)? = row.push { return id }
            return nil
        }
    }

    /// Goes to a screen by the path of ids from the root (a `find` result), running each
    /// screen's `on_appear` on the way.
    public func go(to path: [String]) throws {
        try perform {
            navigation.removeAll()
            for id in path { try pushScreen(id: id) }
        }
    }

    // MARK: explanations

    /// `why REF`: why a row is disabled or hidden, with the values its conditions read.
    public func why(_ reference: String) throws -> String {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved = try lookup(reference, includeHidden: true)
        guard let row = declaredRow(resolved) else { return "row \"\(resolved.text)\" is a choice's option" }
        var lines: [String] = []
        /// "disabled because sync = false (file:line)" for a condition that is false now.
        func explainFalse(_ field: Dynamic<Bool>, name: String, state: String) {
            switch field {
            case .value:
                lines.append("\(state) because \(name) = false in the script\(row.location.map { " (\($0))" } ?? "")")
            case .function(let ref):
                let (result, allReads, error) = explain(field, row: row, what: "\(name) of row \"\(row.id)\"")
                let reads = deciding(field, row: row, name: name, result: result, reads: allReads)
                let caller = callers(of: row).last.map { ", row made by the call at \($0)" } ?? ""
                let place = definition(of: ref).map { " (\($0)\(caller))" } ?? ""
                if let error {
                    lines.append("\(name) failed: \(error.message)")
                } else if reads.isEmpty {
                    lines.append("\(state) because its \(name) function returned false\(place)")
                } else {
                    let values = reads.map { "\($0.key) = \($0.value.map { $0.description } ?? "nil")" }
                    lines.append("\(state) because \(values.joined(separator: ", "))\(place)")
                }
            }
        }
        if !resolved.visible {
            if case .value(true) = row.visible {
                lines.append("hidden because its section is hidden")
            } else {
                explainFalse(row.visible, name: "visible", state: "hidden")
            }
        }
        if !resolved.enabled { explainFalse(row.enabled, name: "enabled", state: "disabled") }
        if lines.isEmpty {
            var note = "shown and enabled"
            let conditions = [("visible", row.visible), ("enabled", row.enabled)].compactMap { name, field -> String? in
                guard case .function = field else { return nil }
                let (_, allReads, _) = explain(field, row: row, what: name)
                let values = distinct(allReads).map { "\($0.key) = \($0.value.map { $0.description } ?? "nil")" }
                return values.isEmpty ? nil : "\(name) read \(values.joined(separator: ", "))"
            }
            if !conditions.isEmpty { note += " (" + conditions.joined(separator: "; ") + ")" }
            lines.append(note)
        }
        return "\(resolved.text): " + lines.joined(separator: "; ")
    }

    /// The values a condition read, once each, in the order read.
    func distinct(_ reads: [(key: String, value: StoreValue?)]) -> [(key: String, value: StoreValue?)] {
        var seen = Set<String>()
        return reads.filter { seen.insert($0.key).inserted }
    }

    /// Of the values a condition read, those that decided it: each boolean (or unset) value
    /// that, flipped alone, flips the condition (`a and b` false because a is false names a
    /// only). When no single one does (both false, or numbers and strings), or the condition
    /// read more than 16 values, all of them.
    func deciding(_ field: Dynamic<Bool>, row: Row, name: String, result: Bool,
                  reads: [(key: String, value: StoreValue?)]) -> [(key: String, value: StoreValue?)] {
        let reads = distinct(reads)
        // (each try runs the function again: not for a condition that reads dozens of values)
        guard reads.count > 1, reads.count <= 16 else { return reads }
        var decided: [(key: String, value: StoreValue?)] = []
        for read in reads {
            let flipped: StoreValue
            switch read.value {
            case .bool(let b)?: flipped = .bool(!b)
            case nil: flipped = .bool(true)
            default: continue
            }
            readOverrides = [read.key: flipped]
            let (other, _, error) = explain(field, row: row, what: "\(name) of row \"\(row.id)\"")
            readOverrides = nil
            if error == nil, other != result { decided.append(read) }
        }
        return decided.isEmpty ? reads : decided
    }

    /// `help REF`: the row's help, kind, key, value and default.
    public func help(_ reference: String) throws -> String {
        let state = lua  // one action: every field function it runs shares one budget
        state.beginAction()
        defer { state.endAction() }
        let resolved = try lookup(reference, includeHidden: true)
        guard let row = declaredRow(resolved) else { return resolved.text }
        var lines = ["\(resolved.text) (\(row.kind.constructor), id \(row.id))"]
        if let help = helpText(of: row) { lines.append(help) }
        if let binding = row.binding {
            let current = value(for: binding.key)
            lines.append("key: \(binding.key)")
            lines.append("value: \(binding.secure ? "••••" : current.map { $0.description } ?? "nil")")
            lines.append("default: \(binding.secure ? "••••" : binding.defaultValue.description)")
            if row.kind == .number {
                var range: [String] = []
                if let lo = binding.minimum { range.append("min \(StoreValue.format(lo))") }
                if let hi = binding.maximum { range.append("max \(StoreValue.format(hi))") }
                if let st = binding.step { range.append("step \(StoreValue.format(st))") }
                if let unit = binding.unit { range.append("unit \(unit)") }
                if !range.isEmpty { lines.append(range.joined(separator: ", ")) }
            }
            if row.kind == .choice, case .success(let options) = options(of: row) {
                lines.append("options: " + options.map { tr($0.text) == $0.value.description ? $0.text : "\($0.value) (\(tr($0.text)))" }.joined(separator: ", "))
            }
            if row.kind == .input, let max = binding.maxLength { lines.append("at most \(max) characters") }
        }
        lines += actionHelp(row)
        if !resolved.enabled || !resolved.visible { lines.append(try why(reference)) }
        if let location = row.location { lines.append("declared at \(location)") }
        return lines.joined(separator: "\n")
    }

    // MARK: Lua at the prompt

    /// Runs Lua in the script's environment (`lua CODE`), or evaluates an expression
    /// (`= EXPR`). `ctx` is the current screen's. Returns the results as text.
    public func evaluate(_ code: String, expression: Bool) throws -> String {
        let stack = lua.stack
        let top = stack.top
        defer { stack.top = top }
        let source = expression ? "return " + code : code
        if let error = lua.load(source, chunkName: "=prompt") {
            throw SessionError(.script, error.message)
        }
        // the chunk's first argument and a global `ctx` for the duration
        var results: [String] = []
        try perform {
            pushContext(row: nil)
            defer { activeContexts.removeLast() }
            stack.pushValue(-1)
            stack.setGlobal("ctx")
            let base = stack.top - 2
            if let error = lua.call(nargs: 1, nresults: -1) {
                stack.pushNil()
                stack.setGlobal("ctx")
                throw SessionError.script(error)
            }
            stack.pushNil()
            stack.setGlobal("ctx")
            let count = stack.top - base
            if count > 0 {
                for i in 1...count {
                    results.append(describeValue(base + i))
                }
            }
        }
        return results.joined(separator: "\t")
    }

    private func describeValue(_ index: Int32) -> String {
        let s = lua.stack
        switch s.type(at: index) {
        case .nil_: return "nil"
        case .boolean: return s.bool(at: index) ? "true" : "false"
        case .number:
            if s.isInteger(at: index), let i = s.integer(at: index) { return String(i) }
            return StoreValue.format(s.number(at: index) ?? 0)
        case .string: return s.string(at: index) ?? ""
        default:
            let p = s.pointer(at: index).map { String(UInt(bitPattern: $0), radix: 16) } ?? "?"
            return "\(s.type(at: index).name): 0x\(p)"
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        // Fast path: nothing to trim when the first and last bytes are printable ASCII.
        let whole = String(self)
        if let first = whole.utf8.first, let last = whole.utf8.last, first > 32, first < 127, last > 32, last < 127 {
            return whole
        }
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
