import LuaRuntime
import ScreenModel

extension Validator {
    /// Reads an `invariants` table (on top of the stack): NAME = function(ctx) ... end,
    /// checked by `luascreen explore` after every step. Sorted by name, so walks replay alike.
    func readInvariants(_ field: String) -> [(name: String, ref: ScriptRef)] {
        guard stack.type(at: -1) == .table else {
            report("expected a table of NAME = function(ctx) ... end, got a \(stack.type(at: -1).name)", field: field, code: .wrongType)
            return []
        }
        let table = stack.absolute(-1)
        var found: [(name: String, ref: ScriptRef)] = []
        stack.pushNil()
        while stack.next(table) {
            if stack.type(at: -2) == .string, let name = stack.string(at: -2) {
                if stack.type(at: -1) == .function {
                    found.append((name, reference(at: -1)))
                } else {
                    report("invariant \"\(name)\" must be a function of ctx returning true, or false and a message; got a \(stack.type(at: -1).name)", field: field, code: .wrongType)
                }
            } else {
                report("invariants are named: NAME = function(ctx) ... end", field: field)
            }
            stack.pop()
        }
        return found.sorted { $0.name < $1.name }
    }
}
