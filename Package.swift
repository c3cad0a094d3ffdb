// swift-tools-version:6.0
import PackageDescription

// Layers, each a target with one job, each depending only on the ones above it:
//   CLua          the system's Lua 5.4 (pkg-config lua5.4)
//   CLuaShim      C: macro wrappers, trampoline, message handler, capped allocator, hooks, guards
//   LuaRuntime    state, sandbox, limits, refs, protected calls: the only Swift that touches C Lua
//   ScreenModel   plain values: screens, sections, rows, diagnostics, store values (no Lua)
//   CTextWidth    C: wcwidth under a UTF-8 locale
//   ScreenRender  ScreenModel -> text: widths, wrapping, glyphs, colour
//   LuaScreen     loader/validator, session, store, testing, explore, export (re-exports the model,
//                 the renderer, LuaLimits and LuaError: one import for a library user)
//   LuaScreenLSP  the language server (`luascreen lsp`): JSON-RPC over stdio, on the library
//   CReadline     the system's readline
//   CMicroHTTPD   the system's GNU libmicrohttpd (pkg-config libmicrohttpd)
//   LuaScreenPreview  `luascreen preview`: the HTTP server and the page, driving one Session
//   luascreen     the executable: parses arguments, calls the library, prints
let package = Package(
    name: "luascreen",
    products: [
        .library(name: "LuaScreen", targets: ["LuaScreen"]),
        .library(name: "LuaScreenLSP", targets: ["LuaScreenLSP"]),
        .executable(name: "luascreen", targets: ["luascreen"]),
    ],
    targets: [
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "LuaRuntime", dependencies: ["CLuaShim", "CLua"]),
        .target(name: "ScreenModel"),
        .target(name: "CTextWidth"),
        .target(name: "ScreenRender", dependencies: ["ScreenModel", "CTextWidth"]),
        .target(name: "LuaScreen", dependencies: ["LuaRuntime", "ScreenModel", "ScreenRender"]),
        .target(name: "LuaScreenPreview", dependencies: ["LuaScreen", "CMicroHTTPD"]),
        .target(name: "LuaScreenLSP", dependencies: ["LuaScreen"]),
        .executableTarget(name: "luascreen", dependencies: ["LuaScreen", "LuaScreenPreview", "LuaScreenLSP", "CReadline"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "CLuaShim", "CLua"]),
        .testTarget(name: "ScreenRenderTests", dependencies: ["ScreenRender", "ScreenModel"]),
        .testTarget(name: "LuaScreenPreviewTests", dependencies: ["LuaScreenPreview", "LuaScreen"]),
        .testTarget(name: "LuaScreenLSPTests", dependencies: ["LuaScreenLSP", "LuaScreen"]),
        .testTarget(name: "LuaScreenTests", dependencies: ["LuaScreen", "LuaRuntime", "ScreenModel", "ScreenRender"]),
    ]
)
