// The library's public surface in one import: `import LuaScreen` brings the stages (core,
// interop, explore, testing, tooling), the plain model (Screen, Row, StoreValue, Diagnostic, ...)
// and the text renderer (TextRenderer, RenderOptions).
@_exported import LuaScreenCore
@_exported import LuaScreenInterop
@_exported import LuaScreenExplore
@_exported import LuaScreenTesting
@_exported import LuaScreenTooling
@_exported import ScreenModel
@_exported import ScreenRender
// Of the Lua runtime, only what the library's own API speaks of: the limits a session runs
// under and the error a script raised.
@_exported import struct LuaRuntime.LuaLimits
@_exported import struct LuaRuntime.LuaError
