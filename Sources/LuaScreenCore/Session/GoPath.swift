import ScreenModel

/// `go`: navigation by a path of screen ids, through the rules of selecting rows.
extension Session {
    /// Goes to a screen by the path of ids from the root (a `find` result), as a person
    /// would: the path starts at the app's root (opened again, running its `on_appear`, the
    /// root `home` reaches), and each next screen is opened by selecting a row of the screen
    /// before it that declares `push = "ID"`, through `select` itself: the row must be shown
    /// (in a visible section) and enabled, a confirm must be answered (`answer`), its
    /// `on_select` runs and a refusing callback refuses. A screen only a callback pushes, one
    /// no shown row reaches, or a row whose selection does not open it (a toggle flips) is
    /// refused; so is making any other screen the root. A refused `go` changes nothing.
    /// Returns the ids of the rows it selected on the way, in order (what `--record` replays).
    @discardableResult
    public func go(to path: [String], answer: Bool? = nil) throws -> [String] {
        guard let first = path.first else { throw SessionError.refused("go needs a path of screen ids from the root") }
        guard first == app.root else {
            throw SessionError.refused("go: a path starts at the root screen \"\(Diagnostic.quote(app.root))\", not \"\(Diagnostic.quote(first))\"")
        }
        var selected: [String] = []
        try perform {
            navigation.removeAll()
            try pushScreen(id: first)
            for id in path.dropFirst() {
                let row = try shownPusher(of: id)
                selected.append(row.id)
                try select(.id(RowID(screen: currentScreenID, row: row.id)), answer: answer)
                guard navigation.last?.picker == nil, navigation.last?.list == nil, currentScreenID == id else {
                    throw SessionError.refused("go: selecting row \"\(row.text)\" does not open screen \"\(Diagnostic.quote(id))\" (go follows the rows a person could select)")
                }
            }
        }
        return selected
    }

    /// The first visible, enabled row of the current screen that declares `push = id`.
    private func shownPusher(of id: String) throws -> ResolvedRow {
        let here = currentScreen()
        var pushers: Set<String> = []
        if let declared = registry.screen(here.id), case .value(let sections) = declared.sections {
            pushers = Set(sections.flatMap(\.rows).filter { if case .screen(id)? = $0.push { true } else { false } }.map(\.id))
        }
        let shown = here.sections.filter(\.visible).flatMap(\.rows).first { pushers.contains($0.id) && $0.visible && $0.enabled }
        guard let shown else {
            throw SessionError.refused("go: no shown, enabled row of screen \"\(Diagnostic.quote(here.id))\" pushes screen \"\(Diagnostic.quote(id))\" (go follows the rows a person could select)")
        }
        return shown
    }
}
