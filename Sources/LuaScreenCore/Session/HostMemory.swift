import LuaRuntime
import ScreenModel

/// What a session keeps of the script's values across actions, told to its Lua state so
/// that every later copy out of Lua fits in the cap with it (SPEC §7 "Memory"): the rows
/// of the navigation stack (run-time rows included), the values written to the store and the
/// alerts kept in `messages`.
extension Session {
    /// Recounts the rows of the current screen after a run-time change (one kept part a
    /// level of the navigation stack: "rows@2").
    func keepLiveRows() {
        let level = navigation.count - 1
        guard level >= 0 else { return }
        let bytes = (navigation[level].sections ?? []).reduce(0) { $0 + Session.hostSize(of: $1) }
        lua.keepHostBytes(bytes, for: "rows@\(level)")
    }

    /// Forgets the rows of screens no longer on the navigation stack (after a navigation).
    func forgetPoppedRows() {
        let depth = navigation.count
        lua.forgetKeptHostBytes { part in
            part.hasPrefix("rows@") && (Int(part.dropFirst(5)) ?? 0) >= depth
        }
    }

    /// Adds what a transaction's writes change in the values the store holds.
    func keepStoreWrites(_ writes: [(key: String, value: StoreValue?)]) {
        var bytes = lua.keptHostBytes(for: "store")
        for (key, value) in writes {
            let old = store.value(for: key)
            bytes += (value.map(Session.hostSize) ?? 0) - (old.map(Session.hostSize) ?? 0)
            if old == nil, value != nil { bytes += key.utf8.count + 32 }
            if old != nil, value == nil { bytes -= key.utf8.count + 32 }
        }
        lua.keepHostBytes(bytes, for: "store")
    }

    /// Adds the alerts a transaction gave to what the session keeps (`messages` grows for
    /// the session's life).
    func keepMessages(_ alerts: [String]) {
        guard !alerts.isEmpty else { return }
        let bytes = alerts.reduce(lua.keptHostBytes(for: "messages")) { $0 + $1.utf8.count + 32 }
        lua.keepHostBytes(bytes, for: "messages")
    }

    static func hostSize(of value: StoreValue) -> Int {
        if case .string(let s) = value { return s.utf8.count + 32 }
        return 16
    }

    static func hostSize(of section: Section) -> Int {
        var bytes = 64 + section.id.utf8.count + (section.header?.utf8.count ?? 0) + (section.footer?.utf8.count ?? 0)
        for row in section.rows {
            bytes += 128 + row.id.utf8.count + (row.text.value?.utf8.count ?? 0) + (row.detail?.value?.utf8.count ?? 0)
                + (row.help?.utf8.count ?? 0) + (row.icon?.utf8.count ?? 0)
        }
        return bytes
    }
}
