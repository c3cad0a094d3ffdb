import CLuaShim

/// The field names a table's keys are sorted by (`LuaTableView.collectFields`), or known words
/// a string value is matched against (`slot(of:)`): a Lua table
/// of name -> slot number, kept by a reference, and its keys' interned strings in a C table
/// (`ls_fieldset`), so that a key is matched by its pointer, not looked up in Lua.
///
/// Not `Sendable`: bound, like its `LuaState`, to the thread that made the state.
public final class LuaFieldNames {
    /// The table of names (it keeps the strings the set points to alive).
    let table: LuaRef
    /// The names' strings by pointer.
    let set: UnsafeMutablePointer<ls_fieldset>

    init(table: LuaRef, set: UnsafeMutablePointer<ls_fieldset>) {
        self.table = table
        self.set = set
    }

    deinit { ls_fieldset_free(set) }

    /// The slot number of the name `value` is, when it is a string these names hold: a
    /// lookup of its pointer, with no copy.
    public func slot(of value: borrowing LuaValueView) -> Int32? {
        let id = ls_fieldset_find(value.stack.L, value.index, set)
        return id >= 0 ? id : nil
    }
}

extension LuaState {
    /// The field names `names` (each at most 40 bytes, slots 0 to 63), for
    /// `LuaTableView.collectFields`; nil when out of memory.
    public func fieldNames(_ names: [(name: String, slot: Int32)]) -> LuaFieldNames? {
        precondition(names.allSatisfy { $0.name.utf8.count <= LS_FIELDSET_MAX_NAME && (0..<64).contains($0.slot) },
                     "fieldNames: a name longer than 40 bytes or a slot outside 0 to 63")
        stack.newTable(recordCount: names.count)
        for (name, slot) in names {
            stack.push(Int(slot))
            stack.rawSet(-2, name)
        }
        guard let set = ls_fieldset_new(stack.L, -1) else {
            stack.pop()
            return nil
        }
        return LuaFieldNames(table: ref(), set: set)
    }
}
