// The library's public surface in one import: `import LuaScreen` also brings the plain model
// (Screen, Row, StoreValue, Diagnostic, ...) and the text renderer (TextRenderer, RenderOptions).
@_exported import ScreenModel
@_exported import ScreenRender
// Of the Lua runtime, only what the library's own API speaks of: the limits a session runs
// under and the error a script raised.
@_exported import struct LuaRuntime.LuaLimits
@_exported import struct LuaRuntime.LuaError
