import LuaScreen

/// `lua CODE` and `= EXPR`: Lua run in the script's state.
extension Shell {
    func runLua(_ code: String, expression: Bool) {
        // Drawn again when what is shown changed: on a terminal the page (evaluating only its
        // rows: a 100,000-row screen stays quick), in batch mode the whole screen.
        func shown() -> (page: [String]?, screen: ResolvedScreen?) {
            if let page = layoutPage()?.lines { return (page, nil) }
            return (nil, session.currentScreen())
        }
        let before = (session.path, shown())
        do {
            let result = try session.evaluate(code, expression: expression)
            if expression || !result.isEmpty { print(clean(result)) }
            let after = shown()
            if session.path != before.0 || after.page != before.1.page || after.screen != before.1.screen { render() }
        } catch {
            report(error)
        }
    }
}
