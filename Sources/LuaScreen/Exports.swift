// The library's public surface in one import: `import LuaScreen` also brings the plain model
// (Screen, Row, StoreValue, Diagnostic, ...) and the text renderer (TextRenderer, RenderOptions).
@_exported import ScreenModel
@_exported import ScreenRender
