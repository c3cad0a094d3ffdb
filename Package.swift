// swift-tools-version:6.0
import PackageDescription

// Layers, each a target with one job, each depending only on the ones above it:
//   CLua          the system's Lua 5.4 (pkg-config lua5.4)
//   CLuaShim      C: macro wrappers, trampoline, message handler, capped allocator, hooks, guards
//   LuaRuntime    state, sandbox, limits, refs, protected calls: the only Swift that touches C Lua
//   ScreenModel   plain values: screens, sections, rows, diagnostics, store values (no Lua)
//   CTextWidth    C: wcwidth under a UTF-8 locale
//   ScreenRender  ScreenModel -> text: widths, wrapping, glyphs, colour
//   LuaScreenCore     the loader and validator, the session, the store, JSON, the Files seam, the
//                     Lua emitter: what opening and running one script needs
//   LuaScreenInterop  plist values, readers and writers; Settings.bundle and androidx export/import
//   LuaScreenExplore  `luascreen explore`: random walks, checks, shrinking, generated test files
//   LuaScreenTesting  `luascreen test`: test files, the test session, TAP/JUnit, record, coverage
//   LuaScreenTooling  stubs, API docs, editor files, scaffolding, the graph, `validate(path)`
//   LuaScreenKconfig  `import --format kconfig`: a Kconfig tree read (macros, `source` inside the
//                     tree, the kernel's grammar, dependency loops) and written as an app
//   LuaScreen         the umbrella: one import for a library user (Exports.swift, a curated list)
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
        .library(name: "LuaScreenPreview", targets: ["LuaScreenPreview"]),
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
        .target(name: "LuaScreenCore", dependencies: ["LuaRuntime", "ScreenModel", "ScreenRender"]),
        .target(name: "LuaScreenInterop", dependencies: ["LuaScreenCore", "ScreenModel"]),
        .target(name: "LuaScreenExplore", dependencies: ["LuaScreenCore", "ScreenModel"]),
        .target(name: "LuaScreenTesting", dependencies: ["LuaScreenCore", "LuaScreenExplore", "ScreenModel", "LuaRuntime"]),
        .target(name: "LuaScreenTooling", dependencies: ["LuaScreenCore", "LuaScreenTesting", "ScreenModel"]),
        .target(name: "LuaScreenKconfig", dependencies: ["LuaScreenCore", "ScreenModel", "LuaRuntime"]),
        .target(name: "LuaScreen", dependencies: [
            "LuaScreenCore", "LuaScreenInterop", "LuaScreenExplore", "LuaScreenTesting", "LuaScreenTooling", "LuaScreenKconfig",
            "ScreenModel", "ScreenRender", "LuaRuntime",
        ]),
        .target(name: "LuaScreenPreview", dependencies: ["LuaScreen", "LuaScreenCore", "LuaScreenTooling", "ScreenModel", "ScreenRender", "CMicroHTTPD"]),
        .target(name: "LuaScreenLSP", dependencies: ["LuaScreen", "LuaScreenCore", "LuaScreenTooling", "ScreenModel"]),
        .executableTarget(name: "luascreen", dependencies: [
            "LuaScreen", "LuaScreenCore", "LuaScreenInterop", "LuaScreenKconfig", "LuaScreenExplore", "LuaScreenTesting", "LuaScreenTooling",
            "ScreenModel", "ScreenRender", "LuaScreenPreview", "LuaScreenLSP", "CReadline",
        ]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "CLuaShim", "CLua"]),
        .testTarget(name: "ScreenRenderTests", dependencies: ["ScreenRender", "ScreenModel"]),
        .testTarget(name: "LuaScreenPreviewTests", dependencies: ["LuaScreenPreview", "LuaScreen"]),
        .testTarget(name: "LuaScreenLSPTests", dependencies: ["LuaScreenLSP", "LuaScreen"]),
        // Shared by the library's test targets: temporary script folders, opening a session.
        .target(name: "LuaScreenTestSupport", dependencies: ["LuaScreen"], path: "Tests/LuaScreenTestSupport"),
        .testTarget(name: "ScreenModelTests", dependencies: ["ScreenModel"]),
        .testTarget(name: "LuaScreenCoreTests", dependencies: ["LuaScreenCore", "LuaScreen", "LuaScreenTestSupport"]),
        .testTarget(name: "LuaScreenInteropTests", dependencies: ["LuaScreenInterop", "LuaScreen", "LuaScreenTestSupport"]),
        .testTarget(name: "LuaScreenExploreTests", dependencies: ["LuaScreenExplore", "LuaScreen", "LuaScreenTestSupport"]),
        .testTarget(name: "LuaScreenTestingTests", dependencies: ["LuaScreenTesting", "LuaScreen", "LuaScreenTestSupport"]),
        .testTarget(name: "LuaScreenToolingTests", dependencies: ["LuaScreenTooling", "LuaScreen", "LuaScreenTestSupport"]),
        .testTarget(name: "LuaScreenTests", dependencies: ["LuaScreen", "LuaScreenTestSupport"]),
        .testTarget(name: "luascreenTests", dependencies: ["luascreen", "LuaScreen", "LuaScreenCore"]),
    ]
)
