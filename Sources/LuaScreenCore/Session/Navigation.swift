import LuaRuntime
import ScreenModel

/// The navigation stack: the path shown, pushing a screen (and its on_appear), back, home.
extension Session {
    /// The ids of the screens from the root to the current one.
    public var path: [String] { navigation.map(\.id) }
    /// The titles from the root to the current one (the REPL's prompt).
    public var titles: [String] { navigation.map { title(of: $0) } }

    /// The id of the screen shown now (a picker's id is its choice row's).
    public var currentScreenID: String { navigation.last?.id ?? app.root }

    func liveScreen(for screen: Screen) -> LiveScreen {
        var live = LiveScreen(id: screen.id, title: screen.title)
        live.titleFunction = screen.titleFunction
        switch screen.sections {
        case .value(let sections): live.sections = sections
        case .function(let ref): live.sectionsFunction = ref
        }
        return live
    }

    /// Pushes a screen of the app by id and runs its `on_appear`.
    func pushScreen(id: String) throws {
        guard let screen = registry.screen(id) ?? app.screen(id) else {
            throw SessionError.refused("no screen with id \"\(id)\"\(Suggest.hint(id, registry.screenIDs))")
        }
        navigation.append(liveScreen(for: screen))
        changed()
        if let onAppear = screen.onAppear {
            if bridge.appearDepth == 0 { bridge.appearLimitMessage = nil }
            // An on_appear that pushes a screen runs that screen's on_appear inside its own
            // call: a screen that pushes itself would nest until the C stack runs out.
            guard bridge.appearDepth < Session.maxAppearDepth else {
                let message = "ctx:push: screens pushed from on_appear nest more than \(Session.maxAppearDepth) deep (the push depth limit): on_appear of screen \"\(Diagnostic.quote(id))\" pushes a screen whose on_appear pushes again; push from a row's on_select instead"
                bridge.appearLimitMessage = message
                throw SessionError.refused(message)
            }
            bridge.appearDepth += 1
            defer { bridge.appearDepth -= 1 }
            try call(onAppear, row: nil, what: "on_appear of screen \"\(id)\"")
        }
    }

    /// How deep pushes made by on_appear may nest (each runs the next screen's on_appear).
    static let maxAppearDepth = 16

    /// Leaves the current screen (its run-time changes end with it).
    public func back() throws {
        guard navigation.count > 1 else { throw SessionError.refused("already at the root screen") }
        navigation.removeLast()
        changed()
    }

    /// Back to the root screen.
    public func home() {
        if navigation.count > 1 { navigation.removeSubrange(1...) }
        changed()
    }

    /// Opens the root screen alone (running its `on_appear`).
    func openRoot() throws {
        navigation = []
        try perform { try pushScreen(id: app.root) }
    }
}
