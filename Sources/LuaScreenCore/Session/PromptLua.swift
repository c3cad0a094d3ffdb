import LuaRuntime
import ScreenModel

/// Lua at the prompt: `lua CODE` and `= EXPR` run in the script's environment with a ctx.
extension Session {
    /// Runs Lua in the script's environment (`lua CODE`), or evaluates an expression
    /// (`= EXPR`). `ctx` is the current screen's. Returns the results as text.
    public func evaluate(_ code: String, expression: Bool) throws -> String {
        let source = expression ? "return " + code : code
        let chunk: LuaChunk
        do {
            chunk = try lua.compile(source, chunkName: "=prompt")
        } catch {
            throw SessionError(.script, error.message)
        }
        // the chunk's first argument and a global `ctx` for the duration
        var results: [String] = []
        try perform {
            let contexts = bridge.activeContexts.count
            defer { bridge.dropContexts(after: contexts) }
            defer { lua.clearGlobal("ctx") }
            do throws(LuaError) {
                _ = try lua.run(chunk, results: -1, arguments: { args in
                    pushContext(row: nil, args)
                    args.setGlobalToLast("ctx")
                }) { $0.forEach { results.append(describeValue($0)) } }
            } catch {
                throw SessionError.script(error)
            }
        }
        return results.joined(separator: "\t")
    }

    /// A result of `= EXPR` as Lua would write it (strings quoted and escaped); a table as a
    /// constructor (`{ "a", "b" }`, `{ 1, 2, name = "x" }`) to 3 levels and 50 entries a
    /// level, deeper or bigger ones as their address.
    private func describeValue(_ v: borrowing LuaValueView, depth: Int = 0) -> String {
        switch v.type {
        case .nil_: return "nil"
        case .boolean: return v.truth ? "true" : "false"
        case .number:
            if v.isInteger, let i = v.integer { return String(i) }
            return StoreValue.format(v.number ?? 0)
        // Quoted as Lua writes it: the string "1" and the number 1 look different.
        case .string: return LuaLiteral.string(v.string ?? "")
        // A list (`ctx.store.tags`) as the REPL's `store` writes it: `{ "a", "b" }`, `{}`.
        case .table:
            if let list = v.table({ $0.storeList() }) ?? nil { return LuaLiteral.value(list) }
            if depth < 3, let written = v.table({ describeTable($0, depth: depth) }) ?? nil { return written }
            fallthrough
        default:
            let p = v.pointer.map { String(UInt(bitPattern: $0), radix: 16) } ?? "?"
            return "\(v.type.name): 0x\(p)"
        }
    }

    /// A table as a constructor: its items 1...n in order, then its other entries sorted;
    /// nil when it has more than 50 entries.
    private func describeTable(_ t: borrowing LuaTableView, depth: Int) -> String? {
        var items: [Int64: String] = [:]
        var fields: [(key: String, value: String)] = []
        var count = 0
        let whole = t.allPairs { k, v in
            count += 1
            guard count <= 50 else { return false }
            let value = describeValue(v, depth: depth + 1)
            switch k.type {
            case .number where k.isInteger: items[k.integer ?? 0] = value
            case .string: fields.append((LuaLiteral.key(k.string ?? ""), value))
            default: fields.append(("[" + describeValue(k, depth: 3) + "]", value))
            }
            return true
        }
        guard whole else { return nil }
        var parts: [String] = []
        var n: Int64 = 1
        while let item = items.removeValue(forKey: n) { parts.append(item); n += 1 }
        fields += items.map { (key: "[\($0.key)]", value: $0.value) }
        parts += fields.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value)" }
        return parts.isEmpty ? "{}" : "{ " + parts.joined(separator: ", ") + " }"
    }
}
