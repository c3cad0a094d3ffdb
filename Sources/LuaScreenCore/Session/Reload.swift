import LuaRuntime
import ScreenModel

/// `reload`: the script read again from disk, keeping the values and the path.
extension Session {
    /// Re-reads the script from disk, keeping the values and, where the screens still
    /// exist, the path. Returns a note when the path could not be kept whole.
    @discardableResult
    public func reloadScript() throws -> String? {
        let loaded = try ScriptLoader.load(path: scriptPath, options: options)
        // Each level: a screen id, or the row whose choice picker was open.
        let oldLevels = navigation.dropFirst().map { $0.picker.map { "\u{1}" + $0.row.id } ?? $0.id }
        replaceScript(with: loaded)
        do {
            try openRoot()
        } catch {
            // The root stays open so the person can fix the script and reload again.
            if let root = registry.screen(app.root) { navigation = [liveScreen(for: root)] }
            return "on_appear of the root screen failed: \(error)"
        }
        for level in oldLevels {
            if level.hasPrefix("\u{1}") {
                let rowID = String(level.dropFirst())
                guard let row = try? lookup(rowID), row.kind == .choice, (try? select(row.id)) != nil else {
                    return "the choice \"\(rowID)\" no longer exists; showing \"\(titles.last ?? app.root)\""
                }
                continue
            }
            // A screen pushed from a row of a `sections` function is declared when that
            // function runs: evaluate the screen below first.
            if registry.screen(level) == nil { _ = currentScreen() }
            guard registry.screen(level) != nil else {
                return "screen \"\(level)\" no longer exists; showing \"\(titles.last ?? app.root)\""
            }
            do { try perform { try pushScreen(id: level) } } catch {
                return "stopped at \"\(currentScreenID)\": opening \"\(level)\" failed: \(error)"
            }
        }
        return nil
    }

    /// Takes over a freshly loaded script (for `reload`): the old Lua state is closed.
    func replaceScript(with loaded: ScriptLoader.Loaded) {
        lua.close()
        lua = loaded.lua
        script.validator = loaded.validator
        registry = loaded.registry
        script.diagnostics = loaded.diagnostics
        app = loaded.app
        script.sources = loaded.sources
        script.keyLines = loaded.keyLines
        navigation = []
        caches.screen = nil
        tracking.warnedKeys = []
        bridge.contextRefs = ContextRefs()
        bridge.renderRefs = [:]
        installContext()
        buildSymbols()
        changed()
    }
}
