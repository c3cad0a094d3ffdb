import LuaRuntime
import ScreenModel

/// `ctx.store`: reads go through the session's values, writes are checked and kept in the
/// action's transaction.
extension Session {
    /// `ctx.store.KEY`: the value callbacks see (recorded when a field function reads it).
    func storeIndex(_ call: borrowing LuaCall) -> HostResult {
        // A key that is not valid UTF-8 can never be stored: it reads as nil.
        guard case .success(let key)? = call.argument(2, { StoreInput.key($0) }) else {
            call.pushNil()
            return .results(1)
        }
        let v = tracking.readOverrides?[key] ?? value(for: key)
        tracking.readLog?.append((key, v))
        if let v { call.push(v) } else { call.pushNil() }
        return .results(1)
    }

    /// `ctx.store.KEY = value`: checked, then written in the action's transaction.
    func storeNewIndex(_ call: borrowing LuaCall) -> HostResult {
        guard let keyRead = call.argument(2, { StoreInput.key($0) }) else {
            return .error("store keys are strings, got a \(call.type(2).name)")
        }
        guard case .success(let key) = keyRead else { return .error(keyRead.refusal) }
        guard let valueRead = call.argument(3, { StoreInput.value($0, key: key) }) else {
            return .error("store values are booleans, numbers, strings, lists of strings and numbers, or nil; \"\(Diagnostic.quote(key))\" cannot hold a \(call.type(3).name)")
        }
        guard case .success(let newValue) = valueRead else { return .error(valueRead.refusal) }
        guard tracking.transaction != nil else {
            return .error("the store can only be changed inside a callback (field functions only read it)")
        }
        if tracking.readLog != nil {
            return .error("field functions (text, detail, enabled, visible, options, sections) only read the store; change it in a callback")
        }
        var checked: StoreValue? = nil
        if let v = newValue {
            switch checkedStoreWrite(key, v) {
            case .success(let value): checked = value
            case .failure(let error): return .error(error.message)
            }
        }
        do { try write(key, checked) } catch let error as SessionError { return .error(error.message) } catch { return .error("\(error)") }
        return .results(0)
    }
}
