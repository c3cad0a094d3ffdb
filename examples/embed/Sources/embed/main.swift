// Opens a settings script, acts on it as a person would, renders it and reads the values back.
//   swift run --package-path examples/embed embed [SCRIPT]
import Glibc
import LuaScreen

let script = CommandLine.arguments.dropFirst().first ?? "examples/settings.lua"
do {
    let store = MemoryStore()
    let session = try Session.open(path: script, options: SessionOptions(store: store))
    defer { session.close() }

    try session.select("Notifications")          // a toggle: flips the stored value
    try session.select("Profile")                // pushes the Profile screen
    print("path:", session.path.joined(separator: " › "))
    try session.back()

    let renderer = TextRenderer(options: RenderOptions(width: 48, ascii: true, color: false))
    print(renderer.renderText(session.currentScreen()), terminator: "")
    for (key, value) in session.storeValues() {
        print("\(key) = \(value)")
    }
} catch let error as LoadError {
    for diagnostic in error.diagnostics { print(diagnostic) }
    exit(1)
} catch {
    print("error: \(error)")
    exit(1)
}
