import LuaScreen

/// `lua CODE` and `= EXPR`: Lua run in the script's state.
extension Shell {
    func runLua(_ code: String, expression: Bool) {
        let before = (session.path, session.currentScreen())
        do {
            let result = try session.evaluate(code, expression: expression)
            if expression || !result.isEmpty { print(clean(result)) }
            if session.path != before.0 || session.currentScreen() != before.1 { render() }
        } catch {
            report(error)
        }
    }
}
