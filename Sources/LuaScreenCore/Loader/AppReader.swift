import LuaRuntime
import ScreenModel

/// Reading the script's result: an app (its screens, root, store, strings) or a screen;
/// pushes by id are resolved once every screen is known.
extension Validator {
    /// Reads the value the script returned (at `index`) into an app.
    func readScript(_ index: Int32) -> App? {
        let t = stack.absolute(index)
        switch stack.type(at: t) {
        case .table: break
        case .nil_, .none:
            report("the script returns no screen or app: end it with `return screen { ... }` or `return app { ... }`", code: .noScreen)
            return nil
        default:
            report("the script returns a \(stack.type(at: t).name), not a screen or app: end it with `return screen { ... }`", code: .noScreen)
            return nil
        }
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
            _ = readStringTable(at: t, what: "")
            return nil
        }
        var root: String?
        var storeName: String?
        let isApp: Bool
        if let tag { isApp = tag == "app" } else {
            isApp = stack.rawGet(t, "screens") != .nil_
            stack.pop()
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

    /// Whether the table at `t` is what a locale file of `strings = "folder"` returns: no
    /// array part, no key that is a field of a screen or an app, and at least one string
    /// key with a string value (other entries are the locale file's mistakes).
    func isStringsTable(_ t: Int32) -> Bool {
        guard stack.rawLength(t) == 0 else { return false }
        var any = false
        stack.pushNil()
        while stack.next(t) {
            if stack.type(at: -2) == .string, let key = stack.string(at: -2) {
                if FieldNames.screen.contains(key) || FieldNames.app.contains(key) {
                    stack.pop(2)
                    return false
                }
                if stack.type(at: -1) == .string { any = true }
            }
            stack.pop()
        }
        return any
    }

    /// The names of the functions in the table at `t` when it is what a module returns: no
    /// array part, no key that is a field of a screen or an app, and at least one function
    /// (`local M = {}; function M.row(...) ... end; return M`); nil otherwise.
    func moduleFunctions(_ t: Int32) -> [String]? {
        guard stack.rawLength(t) == 0 else { return nil }
        var names: [String] = []
        stack.pushNil()
        while stack.next(t) {
            if stack.type(at: -2) == .string, let key = stack.string(at: -2) {
                if FieldNames.screen.contains(key) || FieldNames.app.contains(key) {
                    stack.pop(2)
                    return nil
                }
                if stack.type(at: -1) == .function { names.append(key) }
            }
            stack.pop()
        }
        return names.isEmpty ? nil : names.sorted()
    }

    /// Reads an app: its screens; returns its root screen's id and its store name.
    func readApp(_ t: Int32) -> (String?, String?) {
        guard enter(t) else { return (nil, nil) }
        defer { leave(t) }
        var root: String?
        var rootPlace = place
        var storeName: String?
        var sawScreens = false
        var untranslated = Set<String>()
        _ = forEachField(t, what: "app") { key in
            switch key {
            case "type":
                if let tag = string(key), tag != "app" { report("an app's type must be \"app\"", field: key) }
            case "root": root = string(key); rootPlace = place
            case "store":
                storeName = string(key)
                if let name = storeName, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
                    report("store must be a plain file name (no '/', not starting with '.'), got \"\(name)\"", field: key, code: .wrongType)
                }
            case "strings":
                strings = readStrings()
            case "untranslated":
                untranslated = readUntranslated()
            case "screens":
                sawScreens = true
                guard stack.type(at: -1) == .table else { typeError(key, expected: "a list of screens"); return }
                withPath(.field("screens")) { readScreenList(stack.absolute(-1)) }
            case "invariants": registry.addInvariants(readInvariants(key).map { ($0.name, nil, $0.ref) })
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
                diagnostics.append(Diagnostic(file: rootPlace.file, line: rootPlace.line, path: "root",
                                              message: "no screen with id \"\(r)\"\(Suggest.hint(r, registry.screenIDs))", code: .unknownScreen))
            }
        } else {
            root = registry.screens.first?.id
        }
        return (root, storeName)
    }

    /// Reads an app's screens: a list, or a table keyed by id.
    func readScreenList(_ list: Int32) {
        // The array part in order, then screens keyed by id.
        let count = stack.rawLength(list)
        if count > 0 {
            for i in 1...count {
                stack.rawGet(list, index: i)
                withPath(.index(i)) {
                    if stack.type(at: -1) == .table {
                        _ = readScreen(stack.absolute(-1), requireID: true, defaultID: nil)
                    } else {
                        typeError("", expected: "a screen table")
                    }
                }
                stack.pop()
            }
        }
        stack.pushNil()
        while stack.next(list) {
            if stack.type(at: -2) == .string, let key = stack.string(at: -2) {
                withPath(.field(key)) {
                    if stack.type(at: -1) == .table {
                        _ = readScreen(stack.absolute(-1), requireID: false, defaultID: key)
                    } else {
                        typeError("", expected: "a screen table")
                    }
                }
            } else if let i = stack.integer(at: -2), i >= 1, i <= count {
                // read above
            } else {
                report("unexpected key in the screens list")
            }
            stack.pop()
        }
    }


    /// Reports pushes by id that name no screen.
    func resolvePushes() {
        for push in pendingPushes where registry.screenPosition(push.id) == nil {
            diagnostics.append(Diagnostic(.error, file: push.place.file, line: push.place.line, path: push.path,
                                          message: "no screen with id \"\(push.id)\"\(Suggest.hint(push.id, registry.screenIDs))", code: .unknownScreen))
        }
        pendingPushes.removeAll()
    }
}
