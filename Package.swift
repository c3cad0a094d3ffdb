// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on the ones above it:
//   CLua -> CLuaShim -> LuaRuntime -> (ScreenModel, ScreenRender) -> LuaScreen -> luascreen
let package = Package(
    name: "luascreen",
    products: [
        .library(name: "LuaScreen", targets: ["LuaScreen"]),
        .executable(name: "luascreen", targets: ["luascreen"]),
    ],
    targets: [
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "LuaRuntime", dependencies: ["CLuaShim", "CLua"]),
        .target(name: "ScreenModel"),
        .target(name: "CTextWidth"),
        .target(name: "ScreenRender", dependencies: ["ScreenModel", "CTextWidth"]),
        .target(name: "LuaScreen", dependencies: ["LuaRuntime", "ScreenModel", "ScreenRender"]),
        .executableTarget(name: "luascreen", dependencies: ["LuaScreen", "CReadline"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime"]),
        .testTarget(name: "ScreenRenderTests", dependencies: ["ScreenRender"]),
        .testTarget(name: "LuaScreenTests", dependencies: ["LuaScreen"]),
    ]
)
