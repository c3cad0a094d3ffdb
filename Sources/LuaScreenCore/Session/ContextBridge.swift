import LuaRuntime
import ScreenModel

/// What calls into the script and their `ctx` need while they run: the call under way, the
/// ctx tables handed out, the references ctx is made of, on_appear's nesting, a refusal.
///
/// A plain value owned by one `Session` and mutated in place (`session.bridge.x = ...`),
/// bound, as the session is, to the session's thread (not `Sendable`).
struct ContextBridge {
    /// The message of the last `ctx:refuse(message)`, until the call it ended is reported.
    var refusal: String?
    /// What `installContext` made once per Lua state: ctx's metatable, store handle, methods, view metatable.
    var contextRefs = Session.ContextRefs()
    /// How many on_appear calls are under way, one inside the other.
    var appearDepth = 0
    /// The error of the push depth limit once on_appear reached it (raised as it is at every level, not wrapped again).
    var appearLimitMessage: String?
    /// The calls under way, innermost last: which ctx table each was handed and for what
    /// row and screen (ctx.row and ctx.screen are made when a script first reads them).
    var activeContexts: [(table: UnsafeRawPointer, row: Row?, level: Int)] = []
    /// References taken by the last evaluation of each screen whose sections are a function.
    var renderRefs: [String: LuaRefGroup] = [:]

    /// Forgets the ctx tables handed out after the first `count` (their calls have ended).
    mutating func dropContexts(after count: Int) {
        if activeContexts.count > count { activeContexts.removeSubrange(count...) }
    }
}
