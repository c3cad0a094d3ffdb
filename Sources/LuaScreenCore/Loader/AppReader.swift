import LuaRuntime
import ScreenModel

/// Reading the script's result: an app (its screens, root, store, strings) or a screen;
/// pushes by id are resolved once every screen is known.
extension Validator {
    /// Reads the value the script returned into an app.
    func readScript(_ v: borrowing LuaValueView) -> App? {
        switch v.type {
        case .table: return v.table { readScript(table: $0) } ?? nil
        case .nil_, .none:
            report("the script returns no screen or app: end it with `return screen { ... }` or `return app { ... }`", code: .noScreen)
            return nil
        default:
            report("the script returns a \(v.type.name), not a screen or app: end it with `return screen { ... }`", code: .noScreen)
            return nil
        }
    }

    /// Reads the table the script returned into an app.
    private func readScript(table t: borrowing LuaTableView) -> App? {
        let tag = typeTag(t)
        if tag == nil, let functions = moduleFunctions(t) {
            // A module's table of helpers (what `require` returns), not a screen.
            moduleFunctionNames = functions
            return nil
        }
        if tag == nil, isStringsTable(t) {
            // A locale file: its entries are checked as the app reads them; the file is not a
            // screen, which `ScriptLoader` says to every command but `check`.
            isLocaleFile = true
            _ = t.asValue { readStringTable($0, what: "") }
            return nil
        }
        var root: String?
        var storeName: String?
        let isApp: Bool
        if let tag { isApp = tag == "app" } else {
            isApp = t.type("screens") != .nil_
        }
        if isApp {
            (root, storeName) = readApp(t)
        } else if tag == nil || tag == "screen" {
            root = readScreen(t, requireID: false, defaultID: nil)
        } else {
            report("the script returns a \(tag!) table, not a screen or app: end it with `return screen { ... }`", code: .noScreen)
        }
        resolvePushes()
        guard let root, !hasErrors else { return nil }
        return App(root: root, storeName: storeName, screens: registry.screens, file: file, strings: strings)
    }

    /// Whether the table at `t` is what a locale file of `strings = "folder"` returns: no key
    /// that is a field of a screen or an app, and at least one string key with a string value,
    /// or else only string keys with plain values (`["Home"] = 3`): the other entries are the
    /// locale file's mistakes, which it is checked for (not for a screen's fields).
    func isStringsTable(_ t: borrowing LuaTableView) -> Bool {
        var any = false, plainEntries = true, entries = 0
        let plain = t.allPairs { key, value in
            entries += 1
            if key.type == .string, let name = key.string {
                if FieldNames.screen.contains(name) || FieldNames.app.contains(name) { return false }
                if value.type == .string { any = true }
            } else {
                plainEntries = false
            }
            if value.type != .string, value.type != .number, value.type != .boolean { plainEntries = false }
            return true
        }
        return plain && (any || (entries > 0 && plainEntries))
    }

    /// The names of the functions in the table at `t` when it is what a module returns: no
    /// array part, no key that is a field of a screen or an app, and at least one function
    /// (`local M = {}; function M.row(...) ... end; return M`); nil otherwise.
    func moduleFunctions(_ t: borrowing LuaTableView) -> [String]? {
        guard t.count == 0 else { return nil }
        var names: [String] = []
        let plain = t.allPairs { key, value in
            if key.type == .string, let name = key.string {
                if FieldNames.screen.contains(name) || FieldNames.app.contains(name) { return false }
                if value.type == .function { names.append(name) }
            }
            return true
        }
        return plain && !names.isEmpty ? names.sorted() : nil
    }

    /// Reads an app: its screens; returns its root screen's id and its store name.
    func readApp(_ t: borrowing LuaTableView) -> (String?, String?) {
        guard enter(t) else { return (nil, nil) }
        defer { leave(t) }
        var root: String?
        var rootPlace = place
        var storeName: String?
        var sawScreens = false
        var untranslated = Set<String>()
        _ = forEachField(t, what: "app") { key, value in
            switch key {
            case "type":
                if let tag = string(key, at: value), tag != "app" { report("an app's type must be \"app\"", field: key) }
            case "root": root = string(key, at: value); rootPlace = place
            case "store":
                storeName = string(key, at: value)
                if let name = storeName, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
                    report("store must be a plain file name (no '/', not starting with '.'), got \"\(name)\"", field: key, code: .wrongType)
                }
            case "strings":
                strings = readStrings(value)
            case "untranslated":
                untranslated = readUntranslated(value)
            case "screens":
                sawScreens = true
                guard value.type == .table else { typeError(key, expected: "a list of screens", at: value); return }
                _ = value.table { list in withPath(.field("screens")) { readScreenList(list) } }
            case "modules": registry.symbols.modules = string(key, at: value)
            case "invariants": registry.addInvariants(readInvariants(key, at: value).map { ($0.name, nil, $0.ref) })
            default: unknownField(key, allowed: FieldNames.app)
            }
        }
        if !untranslated.isEmpty {
            if strings == nil { strings = Translations() }
            strings?.untranslated = untranslated
        }
        if !sawScreens { report("missing required field \"screens\" (a list of screen { ... })", code: .missingField) }
        if sawScreens, registry.screens.isEmpty { report("the app has no screens", field: "screens") }
        if let r = root {
            if registry.screen(r) == nil, !registry.screens.isEmpty {
                let closest = Suggest.closest(to: r, in: registry.screenIDs)
                diagnostics.append(Diagnostic(file: rootPlace.file, line: rootPlace.line, path: "root",
                                              message: "no screen with id \"\(r)\"\(Suggest.hint(closest: closest))", code: .unknownScreen,
                                              subject: r, suggestion: closest))
            }
        } else {
            root = registry.screens.first?.id
        }
        return (root, storeName)
    }

    /// Reads an app's screens: a list, or a table keyed by id.
    func readScreenList(_ list: borrowing LuaTableView) {
        // The array part in order, then screens keyed by id.
        let count = list.count
        list.forEachArrayItem(upTo: count) { i, item in
            withPath(.index(i)) {
                if item.type == .table {
                    _ = item.table { readScreen($0, requireID: true, defaultID: nil) }
                } else {
                    typeError("", expected: "a screen table", at: item)
                }
            }
        }
        list.forEachPair { key, value in
            if key.type == .string, let name = key.string {
                withPath(.field(name)) {
                    if value.type == .table {
                        _ = value.table { readScreen($0, requireID: false, defaultID: name) }
                    } else {
                        typeError("", expected: "a screen table", at: value)
                    }
                }
            } else if let i = key.integer, i >= 1, i <= count {
                // read above
            } else {
                report("unexpected key in the screens list")
            }
        }
    }


    /// Reports pushes by id that name no screen.
    func resolvePushes() {
        for push in pendingPushes where registry.screenPosition(push.id) == nil {
            let closest = Suggest.closest(to: push.id, in: registry.screenIDs)
            diagnostics.append(Diagnostic(.error, file: push.place.file, line: push.place.line, path: push.path,
                                          message: "no screen with id \"\(push.id)\"\(Suggest.hint(closest: closest))", code: .unknownScreen,
                                          subject: push.id, suggestion: closest))
        }
        pendingPushes.removeAll()
    }
}
