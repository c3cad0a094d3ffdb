import LuaScreen
import LuaScreenCore
import ScreenRender

/// `store` (every value, changed ones marked) and `reset all`.
extension Shell {
    /// `store [PATTERN]`: every value, or those whose key contains PATTERN (case-insensitive).
    func printStore(matching pattern: String? = nil) {
        let all = session.storeValues()
        let needle = pattern?.lowercased()
        let values = needle.map { n in all.filter { $0.key.lowercased().contains(n) } } ?? all
        let secure = secureKeys()
        let location = session.store.location
        print(location == "memory" ? "Values (kept in memory, not saved):" : "Values (saved in \(clean(location, keepNewlines: false))):")
        if values.isEmpty {
            if let pattern, !all.isEmpty {
                print("  no key contains \"\(clean(pattern, keepNewlines: false))\" (of \(all.count) keys)")
            } else {
                print("  none: this script has no toggle, choice, input or number rows")
            }
            return
        }
        var rows: [(left: String, right: String)] = []
        var changedRows: Set<Int> = []
        for (key, value) in values {
            let defaultValue = session.defaultValue(for: key)
            let changed = defaultValue.map { !$0.sameValue(as: value) } ?? false
            let hidden = secure.contains(key)
            var right = "= " + (hidden ? mask : shown(value))
            if changed {
                changedRows.insert(rows.count)
                right += hidden ? "   (changed)" : defaultValue.map { "   (default: \(shown($0)))" } ?? ""
            } else if defaultValue == nil {
                right += "   (no row uses this key; kept)"
            }
            rows.append(((changed ? "* " : "  ") + clean(key, keepNewlines: false), right))
        }
        // Each key's lines, aligned: the keys in a column as wide as the widest that leaves
        // the values room; a longer key puts its value on the next line.
        let width = Terminal.width(options)
        let maxKey = max(8, min(rows.map { displayWidth($0.left) }.max() ?? 0, width / 2))
        let laidOut = Columns.grouped(rows, width: width, indent: 0, gap: 1, maxLeft: maxKey, minRight: 12)
        for (i, lines) in laidOut.enumerated() {
            for line in lines { print(changedRows.contains(i) ? style.bold(line) : line) }
        }
        if !changedRows.isEmpty { print(style.dim("* changed from the default")) }
        if pattern == nil, interactive, let height = Terminal.height(), values.count + 2 > height {
            // Longer than the terminal: how to see fewer.
            print(style.dim("\(values.count) keys: `store PATTERN` shows those whose key contains PATTERN"))
        }
    }

    /// A secure input's value as shown (the library's mask, folded to ASCII with --ascii).
    var mask: String { clean(Binding.secureMask, keepNewlines: false) }

    /// A value as Lua would write it: strings as the library's Lua literals (escaped, so one
    /// line and nothing raw), folded to ASCII with --ascii.
    func shown(_ value: StoreValue) -> String {
        switch value {
        case .string(let s): return clean(LuaLiteral.string(s), keepNewlines: false)
        // A list as a Lua table: items quoted, an empty list `{}`.
        case .list(let items): return items.isEmpty ? "{}" : "{ " + items.map(shown).joined(separator: ", ") + " }"
        default: return value.description
        }
    }

    func resetAll() {
        let changed = session.storeValues().filter { entry in
            session.defaultValue(for: entry.key).map { !$0.sameValue(as: entry.value) } ?? false
        }.count
        if changed > 0 {
            let question = changed == 1 ? "Put 1 changed value back to its default?" : "Put \(changed) changed values back to their defaults?"
            guard askYesNo(question) else { return }
        }
        do {
            try session.resetAll()
            render()
            print(changed == 0 ? "Every value was already its default." :
                  "\(changed) value\(changed == 1 ? "" : "s") back to the default.")
        } catch {
            report(error)
        }
    }
}
