import LuaRuntime
import ScreenModel

/// What reading a field of ctx gives: `store`, `locale`, the methods, and `ctx.row` and
/// `ctx.screen` (read-only views made on first read).
extension Session {
    /// ctx's fields: `store`, the methods, and `row` and `screen`, made on first read (a
    /// callback that never looks at them costs no tables) and then kept in the ctx handle's
    /// hidden slots (1: row, 2: screen).
    func ctxIndex(_ s: LuaStack) -> HostResult {
        guard let key = s.string(at: 2) else {
            s.pushNil()
            return .results(1)
        }
        switch key {
        case "store":
            if let r = contextRefs.store { s.push(r) } else { s.pushNil() }
        case "locale":
            if let locale { s.push(locale) } else { s.pushNil() }
        case "row", "screen":
            let slot: Int32 = key == "row" ? 1 : 2
            if s.userValue(1, slot) != .nil_ { return .results(1) }
            s.pop()
            guard let pointer = s.pointer(at: 1),
                  let call = activeContexts.last(where: { $0.table == pointer }) else {
                s.pushNil()
                return .results(1)
            }
            if key == "row" {
                guard let row = call.row else {
                    s.pushNil()
                    return .results(1)
                }
                pushRowSummary(row, on: s)
            } else {
                s.newTable(recordCount: 2)
                if navigation.indices.contains(call.level) {
                    s.push(navigation[call.level].id)
                    s.rawSet(-2, field: "id")
                    s.push(navigation[call.level].title)
                    s.rawSet(-2, field: "title")
                }
            }
            pushView(on: s)
            s.pushValue(-1)
            s.setUserValue(1, slot)
        default:
            if let r = contextRefs.methods { s.push(r) } else { s.pushNil() }
            s.pushValue(2)
            s.rawGetTop(-2)
        }
        return .results(1)
    }

    /// Replaces the table on top with a read-only view of it.
    private func pushView(on s: LuaStack) {
        s.newHandle(userValues: 1)
        s.insert(-2)
        s.setUserValue(-2, 1)
        if let r = contextRefs.view { s.push(r) } else { s.pushNil() }
        s.setMetatable(-2)
    }

    /// ctx.row: id, text, key, value, context.
    func pushRowSummary(_ row: Row, on stack: LuaStack) {
        stack.newTable(recordCount: 5)
        stack.push(row.id)
        stack.rawSet(-2, field: "id")
        if let text = row.text.value {
            stack.push(text)
            stack.rawSet(-2, field: "text")
        }
        if let binding = row.binding {
            stack.push(binding.key)
            stack.rawSet(-2, field: "key")
            if let v = value(for: binding.key) {
                stack.push(v)
                stack.rawSet(-2, field: "value")
            }
        }
        if let context = row.context {
            stack.push(ref: context.id)
            stack.rawSet(-2, field: "context")
        }
    }
}
