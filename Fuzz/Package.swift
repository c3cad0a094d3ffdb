// swift-tools-version:5.9
// Coverage-guided fuzzers (libFuzzer) for the parts of luascreen that read untrusted bytes.
// Built and run by `scripts/fuzz TARGET [SECONDS]`, which passes `-sanitize=fuzzer`; the main
// Package.swift carries no sanitizer flags (see Fuzz/README.md).
import PackageDescription

let package = Package(
    name: "luascreen-fuzz",
    dependencies: [.package(name: "luascreen", path: "..")],
    targets: [
        .target(name: "CFuzz"),
        .executableTarget(name: "FuzzJSON", dependencies: ["CFuzz", .product(name: "LuaScreen", package: "luascreen")]),
        .executableTarget(name: "FuzzLSP", dependencies: ["CFuzz", .product(name: "LuaScreenLSP", package: "luascreen"),
                                                         .product(name: "LuaScreen", package: "luascreen")]),
        .executableTarget(name: "FuzzPreview", dependencies: ["CFuzz", .product(name: "LuaScreenPreview", package: "luascreen"),
                                                             .product(name: "LuaScreen", package: "luascreen")]),
        .executableTarget(name: "FuzzLua", dependencies: ["CFuzz", .product(name: "LuaScreen", package: "luascreen")]),
        .target(name: "PlistFuzzChecks", dependencies: [.product(name: "LuaScreen", package: "luascreen")]),
        .executableTarget(name: "FuzzPlistXML", dependencies: ["CFuzz", "PlistFuzzChecks"]),
        .executableTarget(name: "FuzzPlistBinary", dependencies: ["CFuzz", "PlistFuzzChecks"]),
        .executableTarget(name: "FuzzStrings", dependencies: ["CFuzz", .product(name: "LuaScreen", package: "luascreen")]),
        .executableTarget(name: "FuzzAndroidX", dependencies: ["CFuzz", .product(name: "LuaScreen", package: "luascreen")]),
    ]
)
