import LuaRuntime

/// Ctrl-C for the Lua code of a session (see `LuaRuntime.LuaInterrupt`): the REPL's SIGINT
/// handler calls `LuaInterrupt.request()` while a command runs. `Sendable` (no state).
package typealias LuaInterrupt = LuaRuntime.LuaInterrupt
