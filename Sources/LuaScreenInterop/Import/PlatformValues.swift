import ScreenModel
import LuaScreenCore

/// Plist values as platform-key values (a row's `ios`), for the keys import has no field for.
/// A namespace of functions that keep no state: callable from any thread.
enum PlatformValues {
    /// The plist value as a platform value; nil for a date or data (Lua has neither), or a
    /// real that is not finite.
    static func value(_ v: PlistValue) -> PlatformValue? {
        switch v {
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .real(let d): return d.isFinite ? .number(d) : nil
        case .bool(let b): return .bool(b)
        case .date, .data: return nil
        case .array(let items):
            var out: [PlatformValue] = []
            out.reserveCapacity(items.count)
            for item in items {
                guard let x = value(item) else { return nil }
                out.append(x)
            }
            return .list(out)
        case .dictionary(let members):
            var out: [PlatformEntry] = []
            var seen = Set<String>()
            for member in members.reversed() where seen.insert(member.key).inserted {
                guard let x = value(member.value) else { return nil }
                out.append(PlatformEntry(key: member.key, value: x))
            }
            return .table(sorted(out))
        }
    }

    /// Entries in the validator's order: by key, byte for byte.
    static func sorted(_ entries: [PlatformEntry]) -> [PlatformEntry] {
        entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
