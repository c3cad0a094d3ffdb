import CLuaShim

/// The field names a table's keys are sorted by (`LuaTableView.collectFields`), or known words
/// a string value is matched against (`slot(of:)`): the names' interned strings in a C table
/// (`ls_fieldset`), so that a key is matched by its pointer, not looked up in Lua, and a Lua
/// table holding the strings, kept by a reference.
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

/// A list of field names and their slot numbers as `LuaState.fieldNames` takes it: packed
/// once (a program's lists are constants), so that a state makes its set in one C call.
/// `Sendable`: a plain value.
public struct LuaFieldNameList: Sendable {
    /// The names, each ended by a NUL byte.
    let packed: [UInt8]
    /// Their slot numbers.
    let slots: [UInt8]

    /// The list of `names` (each at most 40 bytes, no NUL; slots 0 to 63, at most 128 names).
    public init(_ names: [(name: String, slot: Int32)]) {
        precondition(names.count <= Int(LS_FIELDSET_SLOTS) / 2 && names.allSatisfy {
            $0.name.utf8.count <= LS_FIELDSET_MAX_NAME && !$0.name.utf8.contains(0) && (0..<64).contains($0.slot)
        }, "LuaFieldNameList: more than 128 names, a name longer than 40 bytes or with a NUL, or a slot outside 0 to 63")
        packed = names.flatMap { Array($0.name.utf8) + [0] }
        slots = names.map { UInt8($0.slot) }
    }
}

extension LuaState {
    /// The field names of `list`, for `LuaTableView.collectFields`; nil when out of memory.
    public func fieldNames(_ list: LuaFieldNameList) -> LuaFieldNames? {
        let made = list.packed.withUnsafeBufferPointer { names in
            list.slots.withUnsafeBufferPointer { slots in
                names.baseAddress!.withMemoryRebound(to: CChar.self, capacity: names.count) {
                    ls_fieldset_build(stack.L, $0, slots.baseAddress, Int32(slots.count))
                }
            }
        }
        guard let set = made else { return nil }
        return LuaFieldNames(table: ref(), set: set)
    }

    /// The field names `names` (see `LuaFieldNameList`), for `LuaTableView.collectFields`;
    /// nil when out of memory.
    public func fieldNames(_ names: [(name: String, slot: Int32)]) -> LuaFieldNames? {
        fieldNames(LuaFieldNameList(names))
    }
}
