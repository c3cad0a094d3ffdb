import LuaRuntime
import ScreenModel

/// Actions as transactions: the writes and alerts of an action are kept only when it succeeds.
extension Session {
    /// The action under way: its store writes and alerts, kept until it succeeds.
    struct Transaction {
        var writes: [(key: String, value: StoreValue?)] = []
        var alerts: [String] = []
        /// The size of the store file once `writes` are committed (nil: no write yet).
        var fileSize: Int?
        /// The value this action wrote for `key` last (`.some(nil)`: removed); nil: none.
        func pending(_ key: String) -> StoreValue?? {
            writes.last { $0.key.sameBytes(as: key) }.map { $0.value }
        }
    }

    /// Runs `body` as one transaction: store writes are committed when it succeeds, and on
    /// an error the navigation, the screens' run-time changes and the writes are discarded.
    func perform<T>(_ body: () throws -> T) throws -> T {
        let state = lua  // (reload replaces it)
        state.beginAction()
        defer { state.endAction() }
        if tracking.transaction != nil { return try body() }
        let savedNavigation = navigation
        tracking.transaction = Transaction()
        do {
            let result = try body()
            let finished = tracking.transaction!
            tracking.transaction = nil
            if !finished.writes.isEmpty {
                keepStoreWrites(finished.writes)
                applySymbolWrites(finished.writes)
                do {
                    try store.commit(finished.writes)
                } catch {
                    navigation = savedNavigation
                    changed()
                    throw SessionError(.store, Session.saveFailure(error), cause: (error as? StoreError).map { .store($0) })
                }
            }
            messages += finished.alerts
            keepMessages(finished.alerts)
            valuesChanged()
            return result
        } catch {
            tracking.transaction = nil
            navigation = savedNavigation
            changed()
            throw error
        }
    }

    /// An alert (`ctx:alert`): kept with the action's changes, else at once.
    func alert(_ message: String) {
        if tracking.transaction != nil { tracking.transaction!.alerts.append(message) } else { messages.append(message) }
    }

    /// Messages added since `count` (the REPL prints them after each command).
    public func messages(since count: Int) -> ArraySlice<String> {
        messages[min(count, messages.count)...]
    }
}

extension Session {
    /// The message of a commit that failed: the store's own words, which already say
    /// "cannot save the values" for a failed system call or a file grown too large, else
    /// prefixed with it.
    static func saveFailure(_ error: Error) -> String {
        switch error as? StoreError {
        case .io?, .tooLarge?: return "\(error)"
        default: return "cannot save the values: \(error)"
        }
    }
}
