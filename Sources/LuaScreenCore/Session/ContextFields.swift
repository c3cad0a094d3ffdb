import LuaRuntime
import ScreenModel

/// What reading a field of ctx gives: `store`, `locale`, the methods, and `ctx.row` and
/// `ctx.screen` (read-only views made on first read).
extension Session {
    /// ctx's fields: `store`, the methods, and `row` and `screen`, made on first read (a
    /// callback that never looks at them costs no tables) and then kept in the ctx handle's
    /// hidden slots (1: row, 2: screen).
    func ctxIndex(_ call: borrowing LuaCall) -> HostResult {
        guard let key = call.string(2) else {
            call.pushNil()
            return .results(1)
        }
        switch key {
        case "store":
            call.push(bridge.contextRefs.store)
        case "locale":
            if let locale { call.push(locale) } else { call.pushNil() }
        case "row", "screen":
            let slot: Int32 = key == "row" ? 1 : 2
            if call.pushHandleSlot(ofArgument: 1, slot) { return .results(1) }
            guard let pointer = call.argument(1, { $0.pointer }),
                  let context = bridge.activeContexts.last(where: { $0.table == pointer }) else {
                call.pushNil()
                return .results(1)
            }
            if key == "row" {
                guard let row = context.row else {
                    call.pushNil()
                    return .results(1)
                }
                call.pushView(metatable: bridge.contextRefs.view, recordCount: 5, keptInSlot: slot, ofArgument: 1) { addRowSummary(row, to: $0) }
            } else {
                call.pushView(metatable: bridge.contextRefs.view, recordCount: 2, keptInSlot: slot, ofArgument: 1) { t in
                    if navigation.indices.contains(context.level) {
                        t.set("id", navigation[context.level].id)
                        t.set("title", navigation[context.level].title)
                    }
                }
            }
        default:
            // A closed set: a name ctx does not have is an error, not nil (`ctx:alret(...)`).
            guard ContextMember.isMember(key) else { return .error(ContextMember.unknown(key, called: false).message) }
            call.pushField(of: bridge.contextRefs.methods, keyArgument: 2)
        }
        return .results(1)
    }

    /// ctx.row's fields: id, text, key, value, context.
    func addRowSummary(_ row: Row, to t: LuaTableWriter) {
        t.set("id", row.id)
        if let text = row.text.value { t.set("text", text) }
        if let binding = row.binding {
            t.set("key", binding.key)
            if let v = value(for: binding.key) { t.set("value", v) }
        }
        if let context = row.context { t.set("context", refID: context.id) }
    }
}
