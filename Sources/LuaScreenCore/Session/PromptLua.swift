import LuaRuntime
import ScreenModel

/// Lua at the prompt: `lua CODE` and `= EXPR` run in the script's environment with a ctx.
extension Session {
    /// Runs Lua in the script's environment (`lua CODE`), or evaluates an expression
    /// (`= EXPR`). `ctx` is the current screen's. Returns the results as text.
    public func evaluate(_ code: String, expression: Bool) throws -> String {
        let stack = lua.stack
        let top = stack.top
        defer { stack.top = top }
        let source = expression ? "return " + code : code
        do {
            try lua.load(source, chunkName: "=prompt")
        } catch {
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
            do throws(LuaError) {
                try lua.call(nargs: 1, nresults: -1)
            } catch {
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

    /// A result of `= EXPR` as Lua would write it (strings quoted and escaped).
    private func describeValue(_ index: Int32) -> String {
        let s = lua.stack
        switch s.type(at: index) {
        case .nil_: return "nil"
        case .boolean: return s.bool(at: index) ? "true" : "false"
        case .number:
            if s.isInteger(at: index), let i = s.integer(at: index) { return String(i) }
            return StoreValue.format(s.number(at: index) ?? 0)
        // Quoted as Lua writes it: the string "1" and the number 1 look different.
        case .string: return LuaLiteral.string(s.string(at: index) ?? "")
        default:
            let p = s.pointer(at: index).map { String(UInt(bitPattern: $0), radix: 16) } ?? "?"
            return "\(s.type(at: index).name): 0x\(p)"
        }
    }
}
