import LuaRuntime

extension Session {
    /// Runs `body` as one action (SPEC §7 "Time"): every entry into Lua it makes — field
    /// functions, callbacks, `on_appear`, Lua typed at the prompt — shares one instruction
    /// budget and one allowance of host copies. The REPL runs each command as one action;
    /// each public session call is an action of its own when made outside one.
    public func action<T>(_ body: () throws -> T) rethrows -> T {
        let state = lua  // (`reload` replaces it)
        state.beginAction()
        defer { state.endAction() }
        return try body()
    }
}
