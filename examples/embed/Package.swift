// swift-tools-version:5.9
// A small app that embeds luascreen as another package would: through the LuaScreen product.
import PackageDescription

let package = Package(
    name: "embed",
    dependencies: [.package(name: "luascreen", path: "../..")],
    targets: [
        .executableTarget(name: "embed", dependencies: [.product(name: "LuaScreen", package: "luascreen")]),
    ]
)
