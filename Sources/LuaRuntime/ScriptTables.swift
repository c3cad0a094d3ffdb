import CLua
import CLuaShim

// The default id of a row, as the C side makes it (the pass that sorts a table's string keys
// into numbered slots: LuaTableView.collectFields; where a constructor was called:
// Constructors.swift).

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
