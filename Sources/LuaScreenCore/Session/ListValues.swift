import LuaRuntime
import ScreenModel

/// List values (SPEC §8): `choice { multiple = true }`, whose value is a list of option
/// values, and the `list` kind, a list of strings the person edits on a screen of its own.
extension Session {
    // MARK: rules

    /// A multiple choice's value: every item an option, kept in option order, each once,
    /// within `min_selected`/`max_selected`.
    func checkMultiple(_ value: StoreValue, for row: Row, _ binding: Binding) throws -> StoreValue {
        let name = row.text.value ?? row.id
        guard let items = value.listItems else {
            throw SessionError.refused("\"\(name)\" is a multiple choice: its value is a list of options, not \(value.typeName) \"\(value)\"")
        }
        let options = try options(of: row).get()
        var chosen = [Bool](repeating: false, count: options.count)
        for item in items {
            guard let i = options.firstIndex(where: { $0.value.sameValue(as: item) }) else {
                let list = options.prefix(20).map { "\"\($0.value)\"" }.joined(separator: ", ")
                throw SessionError.refused("\"\(item)\" is not an option of \"\(name)\" (options: \(list)\(options.count > 20 ? ", …" : ""))\(Suggest.hint(item.description, options.map { $0.value.description }))")
            }
            chosen[i] = true
        }
        let result = options.indices.filter { chosen[$0] }.map { options[$0].value }
        if let hi = binding.maxSelected, result.count > hi {
            throw SessionError.refused("\"\(name)\" takes at most \(hi) option\(hi == 1 ? "" : "s"); this chooses \(result.count)")
        }
        if let lo = binding.minSelected, result.count < lo {
            throw SessionError.refused("\"\(name)\" needs at least \(lo) option\(lo == 1 ? "" : "s"); this chooses \(result.count)")
        }
        return .list(result)
    }

    /// A list row's value: strings, at least `min_items` and at most `max_items`, each once
    /// when `unique`.
    func checkList(_ value: StoreValue, for row: Row, _ binding: Binding) throws -> StoreValue {
        let name = row.text.value ?? row.id
        guard let items = value.listItems else {
            throw SessionError.refused("\"\(name)\" is a list: its value is a list of strings, not \(value.typeName) \"\(value)\"")
        }
        var strings: [StoreValue] = []
        strings.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .string: strings.append(item)
            case .integer, .number: strings.append(.string(item.description))
            default: throw SessionError.refused("\"\(name)\" holds strings, not \(item.typeName)")
            }
        }
        if let max = binding.maxItems, strings.count > max {
            throw SessionError.refused("\"\(name)\" holds at most \(max) item\(max == 1 ? "" : "s"); this is \(strings.count)")
        }
        if let min = binding.minItems, strings.count < min {
            throw SessionError.refused("\"\(name)\" needs at least \(min) item\(min == 1 ? "" : "s"); this is \(strings.count)")
        }
        if binding.unique {
            var seen = Set<StoreValue>()
            for item in strings where !seen.insert(item).inserted {
                throw SessionError.refused("\"\(name)\" already holds \"\(item)\" (each item once)")
            }
        }
        return .list(strings)
    }

    // MARK: typed text

    /// `set REF a, b`: items separated by commas and trimmed; nothing clears the list.
    static func splitItems(_ text: String) -> [String] {
        let t = text.trimmingSpaces
        if t.isEmpty { return [] }
        return t.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
    }

    /// REPL text for a multiline input: each `\n` (backslash, n) a newline.
    static func readingNewlines(_ text: String) -> String {
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i] == "\\", next < text.endIndex, text[next] == "n" {
                out.append("\n")
                i = text.index(after: next)
            } else {
                out.append(text[i])
                i = next
            }
        }
        return out
    }

    /// A multiple choice's typed value: each item an option's value or text.
    func parseMultiple(_ text: String, for row: Row) throws -> StoreValue {
        let options = try options(of: row).get()
        var values: [StoreValue] = []
        for item in Session.splitItems(text) {
            let lower = item.lowercased()
            guard let o = options.first(where: { $0.value.description == item }) ?? options.first(where: { $0.text == item || tr($0.text) == item })
                    ?? options.first(where: { $0.text.lowercased() == lower || $0.value.description.lowercased() == lower }) else {
                let list = options.map { $0.text == $0.value.description ? $0.text : "\($0.value) (\($0.text))" }
                throw SessionError.refused("\"\(item)\" is not an option of \"\(row.text.value ?? row.id)\"; options: \(list.joined(separator: ", "))\(Suggest.hint(item, options.map(\.text)))")
            }
            values.append(o.value)
        }
        return .list(values)
    }

    // MARK: the picker of a multiple choice

    /// Picking an option of a multiple choice adds it or removes it.
    func toggleOption(_ option: StoreValue, of row: Row) throws {
        guard let binding = row.binding else { return }
        var items = value(for: binding.key)?.listItems ?? []
        if let i = items.firstIndex(where: { $0.sameValue(as: option) }) {
            items.remove(at: i)
        } else {
            items.append(option)
        }
        try change(row, to: .list(items))
    }

    // MARK: the screen of a list

    /// Selecting a list row pushes the screen of its items (id: the row's id).
    func pushList(_ row: Row, title: String) {
        var live = LiveScreen(id: row.id, title: title)
        live.list = PickerSource(row: row, screenID: currentScreenID)
        navigation.append(live)
        changed()
    }

    /// The items of a list screen as rows, numbered (only `range` of them when given).
    func resolveList(_ live: LiveScreen, _ source: PickerSource, range: Range<Int>? = nil) -> (ResolvedScreen, Int) {
        let items = source.row.binding.flatMap { value(for: $0.key)?.listItems } ?? []
        let shown = range.map { $0.clamped(to: 0..<items.count) } ?? 0..<items.count
        var rows: [ResolvedRow] = []
        rows.reserveCapacity(shown.count)
        for i in shown {
            rows.append(ResolvedRow(id: String(i + 1), kind: .text, text: items[i].description, selectable: true,
                                    value: items[i], number: i + 1))
        }
        var footer = items.isEmpty ? (placeholder(of: source.row) ?? "No items yet: add TEXT") : nil
        if range == nil || shown.upperBound == items.count { footer = footer ?? helpText(of: source.row) }
        let screen = ResolvedScreen(id: live.id, title: title(of: live),
                                    sections: [ResolvedSection(id: "items", header: nil, footer: footer, rows: rows)])
        return (screen, items.count)
    }

    /// One page of a list screen, evaluating only that page's items.
    func listPage(_ live: LiveScreen, _ source: PickerSource, _ pageIndex: Int, _ perPage: Int) -> ScreenPage {
        let total = source.row.binding.flatMap { value(for: $0.key)?.listItems?.count } ?? 0
        let count = max(1, (total + perPage - 1) / perPage)
        let page = min(max(1, pageIndex), count)
        let (screen, _) = resolveList(live, source, range: ((page - 1) * perPage)..<(page * perPage))
        return ScreenPage(screen: screen, index: page, count: count)
    }

    // MARK: add, remove, move

    /// The id of the list row whose screen of items is shown (nil on other screens).
    public var shownListID: String? { navigation.last?.list?.row.id }

    /// The id of the choice row whose picker is shown (nil on other screens).
    public var shownPickerID: String? { navigation.last?.picker?.row.id }

    /// Whether the shown picker picks several options (`multiple = true`): checkboxes, not radio dots.
    public var shownPickerIsMultiple: Bool { navigation.last?.picker?.row.binding?.multiple ?? false }

    /// The list row an edit names: REF on the current screen, or (left out, or naming it)
    /// the list whose screen is shown.
    func listTarget(_ reference: String?) throws -> Row {
        let ref = reference?.trimmingSpaces ?? ""
        if let source = navigation.last?.list,
           ref.isEmpty || ref == source.row.id || ref.lowercased() == (source.row.text.value ?? "").lowercased() {
            return source.row
        }
        guard !ref.isEmpty else { throw SessionError(RowRefusal.noList) }
        let resolved = try lookup(ref)
        guard let row = declaredRow(resolved), row.kind == .list else {
            throw SessionError.refused("\"\(resolved.text)\" is not a list row; add, remove and move edit a list")
        }
        if !resolved.enabled {
            throw SessionError(RowRefusal.disabled(text: resolved.text, reference: resolved.numberOrID))
        }
        return row
    }

    private func items(of row: Row) -> [StoreValue] {
        row.binding.flatMap { value(for: $0.key)?.listItems } ?? []
    }

    private func position(_ n: Int, in count: Int, _ what: String) throws -> Int {
        guard n >= 1, n <= count else {
            throw SessionError.refused(count == 0 ? "the list is empty: there is no item \(n)"
                                                  : "no item \(n): \(what) takes a position from 1 to \(count)")
        }
        return n - 1
    }

    /// `add REF TEXT`: appends an item.
    public func addItem(_ reference: String?, _ text: String) throws {
        let row = try listTarget(reference)
        try perform { try change(row, to: .list(items(of: row) + [.string(text)])) }
    }

    /// `remove REF N`: removes the item at N (from 1).
    public func removeItem(_ reference: String?, at n: Int) throws {
        let row = try listTarget(reference)
        var list = items(of: row)
        list.remove(at: try position(n, in: list.count, Verb.remove.name))
        try perform { try change(row, to: .list(list)) }
    }

    /// `move REF FROM TO`: removes the item at FROM and inserts it at TO.
    public func moveItem(_ reference: String?, from: Int, to: Int) throws {
        let row = try listTarget(reference)
        var list = items(of: row)
        let a = try position(from, in: list.count, Verb.move.name)
        let b = try position(to, in: list.count, Verb.move.name)
        let item = list.remove(at: a)
        list.insert(item, at: b)
        try perform { try change(row, to: .list(list)) }
    }
}

extension LuaTableView {
    /// The table read as a store list: its array part, strings and finite numbers only
    /// (raw reads: a metatable is never consulted). nil when it holds anything else.
    func storeList(limit: Int = StoreInput.maxListItems) -> StoreValue? {
        let n = count
        guard n <= limit else { return nil }
        var items: [StoreValue] = []
        items.reserveCapacity(n)
        let plain = allArrayItems(upTo: n) { _, item in
            switch item.plainValue {
            // Text must be valid UTF-8: never altered, so refused.
            case .string(let s, valid: true): items.append(.string(s))
            case .integer(let v): items.append(.integer(v))
            case .number(let d) where d.isFinite: items.append(.number(d))
            default: return false
            }
            return true
        }
        guard plain else { return nil }
        // Other keys than 1...n make it a record, not a list.
        let listOnly = allPairs { key, _ in key.isInteger && (key.integer.map { $0 >= 1 && $0 <= Int64(n) } ?? false) }
        return listOnly ? .list(items) : nil
    }
}
