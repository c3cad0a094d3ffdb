import LuaRuntime
import ScreenModel

/// The methods of ctx that navigate and speak: `push`, `pop`, `home`, `alert`, `reload`
/// (the run-time edits are in ContextEdits, `tr` in Localisation, `reset` in ValueKinds).
extension Session {
    /// Why a ctx method that changes things cannot run now (in a field function, or outside
    /// any callback); nil when it can.
    func ensureInAction(_ name: String) -> String? {
        if tracking.readLog != nil { return "ctx:\(name) cannot be used in a field function (text, detail, enabled, visible, options, sections); use it in a callback" }
        if tracking.transaction == nil { return "ctx:\(name) can only be used inside a callback" }
        return nil
    }

    /// `ctx:push(target)`: a screen id, a screen table, or a function returning either.
    func ctxPush(_ call: borrowing LuaCall) -> HostResult {
        if let problem = ensureInAction("push") { return .error(problem) }
        do {
            let id = try call.argument(2) { try pushTargetID($0, what: "ctx:push") }
            try pushScreen(id: id)
            return .results(0)
        } catch let error as SessionError {
            // The push depth limit, from an on_appear further in: raised once more as it
            // is, so each level adds one "file:line:" and not a prefix on the last one's.
            if let limit = bridge.appearLimitMessage, error.message.contains(limit) { return .error(limit) }
            return .error(error.message)
        } catch {
            return .error("\(error)")
        }
    }

    /// The screen id a push target (id, screen table, or function returning either) names.
    func pushTargetID(_ v: borrowing LuaValueView, what: String) throws -> String {
        switch v.type {
        case .string:
            return v.string ?? ""
        case .table:
            let (read, refs) = script.validator.readAgain { v.table { script.validator.screenID(forTable: $0, path: [.field("push")], registry: &registry) } ?? nil }
            // The screen registered under `id` is kept: so are the references its model names.
            script.validator.keptRefs.adopt(refs)
            guard let id = read else {
                let problems = script.validator.takeDiagnostics().filter { $0.severity == .error }
                throw SessionError(.invalid, "\(what): the screen is not valid:\n" + problems.map(\.description).joined(separator: "\n"))
            }
            _ = script.validator.takeDiagnostics()
            return id
        default:
            throw SessionError.refused("\(what) expects a screen id or a screen table, got a \(v.type.name)")
        }
    }

    /// `ctx:pop()`: back one screen.
    func ctxPop(_ call: borrowing LuaCall) -> HostResult {
        if let problem = ensureInAction("pop") { return .error(problem) }
        do { try back() } catch { return .error("ctx:pop: already at the root screen") }
        return .results(0)
    }

    /// `ctx:home()`: back to the root screen.
    func ctxHome(_ call: borrowing LuaCall) -> HostResult {
        if let problem = ensureInAction("home") { return .error(problem) }
        home()
        return .results(0)
    }

    /// `ctx:alert(message)`: shown once the action succeeds, in the selected locale (looked
    /// up in the strings as a row's text is).
    func ctxAlert(_ call: borrowing LuaCall) -> HostResult {
        if tracking.readLog != nil { return .error("ctx:alert cannot be used in a field function; use it in a callback") }
        switch call.type(2) {
        case .string, .number:
            let text = call.string(2) ?? call.argument(2, { $0.number }).map(StoreValue.format) ?? ""
            alert(tr(text))
            return .results(0)
        default:
            return .error("ctx:alert expects a message (a string), got a \(call.type(2).name)")
        }
    }

    /// `ctx:refuse(message)`: the callback declines to act ("Nothing to clear"). It stops
    /// like an error (its changes are rolled back) but is reported as a refusal: the message
    /// alone, no traceback; a test's `raises` sees the message; explore counts no failure.
    /// The message is looked up in the strings, as a row's text is.
    func ctxRefuse(_ call: borrowing LuaCall) -> HostResult {
        if tracking.readLog != nil { return .error("ctx:refuse cannot be used in a field function; use it in a callback") }
        guard call.type(2) == .string || call.type(2) == .number,
              let text = call.string(2) ?? call.argument(2, { $0.number }).map(StoreValue.format) else {
            return .error("ctx:refuse expects a message (a string), got a \(call.type(2).name)")
        }
        let message = String(tr(text).prefix(2000))
        bridge.refusal = message
        return .error(message)
    }

    /// `ctx:reload()`: the current screen evaluated afresh.
    func ctxReload(_ call: borrowing LuaCall) -> HostResult {
        if let problem = ensureInAction("reload") { return .error(problem) }
        reloadCurrentScreen()
        return .results(0)
    }

    /// Re-evaluates the current screen: its run-time changes end.
    func reloadCurrentScreen() {
        guard let live = navigation.last, live.picker == nil, let screen = registry.screen(live.id) else { return }
        var fresh = liveScreen(for: screen)
        fresh.title = live.title
        navigation[navigation.count - 1] = fresh
        lua.forgetKeptHostBytes { $0 == "rows@\(navigation.count - 1)" }  // its run-time rows are gone
        changed()
    }
}
