import CLua
import CLuaShim

// What the loader needs from the C side to read script tables fast, so that it never touches
// the C modules itself: one pass that sorts a table's string keys into numbered stack slots,
// and the default id of a row. (Where a constructor was called: Constructors.swift.)

extension LuaState {
    /// Copies the value of each string key of the table at `table` into the stack slot
    /// `base + id`, where `id` is what the table at `fields` maps the key to; sets bit `id` of
    /// `present` for each one copied. Returns how many keys the field table does not know.
    /// Raw reads only: never raises.
    public func collectFields(of table: Int32, names fields: Int32, into base: Int32, present: inout UInt64) -> Int32 {
        ls_collect_fields(L, table, fields, base, &present)
    }
}

/// The default id of a row: its text lowercased, each run of characters other than a-z and
/// 0-9 made one `_`, trimmed of `_` (the same rule as `LuaStack.slug(at:)`).
public func slug(_ text: String) -> String {
    var text = text
    return text.withUTF8 { source in
        String(unsafeUninitializedCapacity: source.count) { out in
            source.withMemoryRebound(to: CChar.self) { input in
                out.withMemoryRebound(to: CChar.self) { ls_slug(input.baseAddress, input.count, $0.baseAddress) }
            }
        }
    }
}
