import CLuaShim

/// Ctrl-C for Lua code: a SIGINT handler asks the Lua code running now to stop; the next
/// count hook raises "interrupted (Ctrl-C)" at the script's line, so the action fails and is
/// rolled back like any callback error (as `lua5.4` stops a loop). Process-wide, one flag:
/// `Sendable` (no state of its own).
public enum LuaInterrupt {
    /// Asks the running Lua code to stop. Async-signal-safe: it only sets a flag.
    public static func request() { ls_interrupt_request() }
    /// Forgets a request no Lua code has seen (called as a new command starts).
    public static func clear() { ls_interrupt_clear() }
}
