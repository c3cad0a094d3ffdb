import LuaRuntime
import ScreenModel

/// Calls into the script's functions: with a ctx and arguments, where a function was defined.
extension Session {
    /// Where a script function was defined.
    public func definition(of ref: ScriptRef) -> SourceLocation? {
        guard let (source, line) = lua.withValue(ofRef: ref.id, { $0.functionDefinition }) else { return nil }
        return SourceLocation(file: luaChunkPath(source), line: line)
    }

    /// Calls `ref(ctx, extra...)` and leaves `results` values on the stack.
    package func call(_ ref: ScriptRef, row: Row?, what: @autoclosure () -> String, results: Int32 = 0, extra: [StoreValue?] = [],
              withContext: Bool = true) throws {
        let stack = lua.stack
        let saved = currentCall
        currentCall = (row, navigation.count - 1)
        defer { currentCall = saved }
        stack.ensure(Int32(extra.count) + 4)
        guard lua.push(ref: ref.id) == .function else {
            stack.pop()
            throw SessionError.refused("internal: \(what()) is not a function")
        }
        if withContext { pushContext(row: row) }
        let contexts = activeContexts.count
        defer { if withContext { activeContexts.removeSubrange((contexts - 1)...) } }
        for value in extra {
            if let value { stack.push(value) } else { stack.pushNil() }
        }
        refusal = nil
        do {
            try lua.call(nargs: Int32((withContext ? 1 : 0) + extra.count), nresults: results)
        } catch {
            // `ctx:refuse(message)` ended the call: a refusal, said without a traceback.
            if let message = refusal, error.kind == .runtime, error.message.hasSuffix(message) {
                refusal = nil
                throw SessionError.refused(message)
            }
            throw SessionError.script(error, what: what())
        }
        refusal = nil
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
