import LuaRuntime
import ScreenModel

/// Calls into the script's functions: with a ctx and arguments, where a function was defined.
extension Session {
    /// Where a script function was defined.
    public func definition(of ref: ScriptRef) -> SourceLocation? {
        guard let (source, line) = lua.withValue(ofRef: ref.id, { $0.functionDefinition }) else { return nil }
        return SourceLocation(file: luaChunkPath(source), line: line)
    }

    /// The string a script function's upvalue `name` holds (the key a helper's closure keeps),
    /// or nil when it has none or it is not a string.
    public func upvalueString(of ref: ScriptRef, named name: String) -> String? {
        lua.withValue(ofRef: ref.id) { $0.upvalueString(named: name) }
    }

    /// Calls `ref(ctx, extra...)` and lends its first `results` results to `read`.
    package func call<R>(_ ref: ScriptRef, row: Row?, what: @autoclosure () -> String, results: Int32 = 0, extra: [StoreValue?] = [],
                         withContext: Bool = true, _ read: (borrowing LuaResults) -> R) throws -> R {
        bridge.refusal = nil
        let value = try scriptCall(ref, row: row, what: what(), results: results, arguments: { args in
            if withContext { pushContext(row: row, args) }
            for value in extra { args.push(value) }
        }, read) { error in
            // `ctx:refuse(message)` ended the call: a refusal, said without a traceback.
            if let message = bridge.refusal, error.kind == .runtime, error.message.hasSuffix(message) {
                bridge.refusal = nil
                return SessionError.refused(message)
            }
            return SessionError.script(error, what: what())
        }
        bridge.refusal = nil
        return value
    }

    /// Calls `ref(ctx, extra...)`, its results dropped.
    package func call(_ ref: ScriptRef, row: Row?, what: @autoclosure () -> String, extra: [StoreValue?] = [],
                      withContext: Bool = true) throws {
        try call(ref, row: row, what: what(), extra: extra, withContext: withContext) { _ in }
    }

    /// The one call of a script function about `row`: the arguments `arguments` pushes (a
    /// ctx among them through `pushContext`, known while the call runs), the results lent to
    /// `read`; what the call raised made a `SessionError` by `failure`.
    func scriptCall<R>(_ ref: ScriptRef, row: Row?, what: @autoclosure () -> String, results: Int32,
                       arguments: (borrowing LuaArguments) -> Void, _ read: (borrowing LuaResults) -> R,
                       failure: (LuaError) -> SessionError) throws(SessionError) -> R {
        let contexts = bridge.activeContexts.count
        defer { bridge.dropContexts(after: contexts) }
        let value: R?
        do {
            value = try lua.call(ref.id, results: results, arguments: arguments, read)
        } catch {
            throw failure(error)
        }
        guard let value else { throw SessionError.refused("internal: \(what()) is not a function") }
        return value
    }

    /// The failure of a field function whose result the host could not copy: the action
    /// has copied as much out of Lua as the memory cap allows.
    func hostMemoryFailure(_ ref: ScriptRef, what: String) -> SessionError {
        let place = definition(of: ref).map { "\($0.file):\($0.line)" } ?? scriptPath
        let error = lua.hostMemoryError(at: place)
            ?? LuaError(kind: .memory, message: "\(place): memory limit exceeded")
        return SessionError.script(error, what: what)
    }
}
