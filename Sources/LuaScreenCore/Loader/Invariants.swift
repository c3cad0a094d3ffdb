import LuaRuntime
import ScreenModel

extension Validator {
    /// Reads an `invariants` table: NAME = function(ctx) ... end, checked by
    /// `luascreen explore` after every step. Sorted by name, so walks replay alike.
    func readInvariants(_ field: String, at v: borrowing LuaValueView) -> [(name: String, ref: ScriptRef)] {
        var found: [(name: String, ref: ScriptRef)] = []
        let isTable: Void? = v.table { table in
            table.forEachPair { key, value in
                if key.type == .string, let name = key.string {
                    if value.type == .function {
                        found.append((name, reference(at: value)))
                    } else {
                        report("invariant \"\(name)\" must be a function of ctx returning true, or false and a message; got a \(value.type.name)", field: field, code: .wrongType)
                    }
                } else {
                    report("invariants are named: NAME = function(ctx) ... end", field: field)
                }
            }
        }
        guard isTable != nil else {
            report("expected a table of NAME = function(ctx) ... end, got a \(v.type.name)", field: field, code: .wrongType)
            return []
        }
        return found.sorted { $0.name < $1.name }
    }
}
