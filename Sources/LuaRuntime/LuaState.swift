import CLua
import CLuaShim

/// Limits applied to one Lua state: an instruction budget for every action (see
/// `LuaState.action`) and a cap on the memory the state may hold (the host may copy as much
/// again out of it in one action). `Sendable`: a plain value.
public struct LuaLimits: Sendable, Equatable {
    /// Instructions one action may run; 0: no budget.
    public var instructions: Int
    /// Bytes the Lua state may hold; 0: no cap.
    public var memory: Int
    /// What a memory limit error tells the person to do (a program says which option raises it).
    public var memoryAdvice: String
    /// What an instruction limit error tells the person to do.
    public var instructionsAdvice: String
    /// What a path refused for lying outside the root tells the person (a program says which
    /// option lifts the bound; see `PathResolver.liftAdvice`).
    public var pathAdvice: String

    /// The default instruction budget of an action.
    public static let defaultInstructions = 10_000_000
    /// The default memory cap of a state.
    public static let defaultMemory = 64 << 20

    /// Limits of `instructions` an action and `memory` bytes a state.
    public init(instructions: Int = LuaLimits.defaultInstructions, memory: Int = LuaLimits.defaultMemory,
                memoryAdvice: String = "raise LuaLimits.memory", instructionsAdvice: String = "raise LuaLimits.instructions",
                pathAdvice: String = "trusted: true lifts this") {
        self.instructions = instructions
        self.memory = memory
        self.memoryAdvice = memoryAdvice
        self.instructionsAdvice = instructionsAdvice
        self.pathAdvice = pathAdvice
    }
}

/// An error raised by Lua code, caught by a protected call. `Sendable`: a plain value.
public struct LuaError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What failed: the script's syntax, its run, the memory cap, the instruction budget, or reading a file.
    public enum Kind: Sendable, Equatable { case syntax, runtime, memory, instructions, file }

    /// What failed.
    public var kind: Kind
    /// The message without the traceback, e.g. "examples/a.lua:3: attempt to call a nil value".
    public var message: String
    /// The traceback lines (without the "stack traceback:" header), innermost first.
    public var traceback: [String]

    /// An error of `kind` with `message` and the traceback lines, innermost first.
    public init(kind: Kind, message: String, traceback: [String] = []) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// The message (without the traceback).
    public var description: String { message }

    /// The `file:line` at the start of the message, when Lua put one there.
    public var location: (file: String, line: Int)? {
        // "path/to/file.lua:12: text" — the path may itself contain colons.
        var search = message[...]
        while let colon = search.firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            let digits = message[afterColon...].prefix(while: { $0.isNumber })
            if !digits.isEmpty, message[digits.endIndex...].hasPrefix(":"), let line = Int(digits) {
                let file = String(message[message.startIndex..<colon])
                if !file.isEmpty, !file.contains("\n") { return (file, line) }
            }
            search = message[afterColon...]
        }
        return nil
    }

    /// The message without its leading `file:line: `.
    public var text: String {
        guard let loc = location else { return message }
        let prefix = "\(loc.file):\(loc.line): "
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }

    /// Traceback lines that point at script code (not at the host's C functions).
    public var scriptTraceback: [String] {
        traceback.filter { !$0.hasPrefix("[C]") && !$0.contains("(...tail calls...)") }
    }
}

/// What a Swift function called from Lua hands back to the trampoline. `Sendable`: a plain value.
public enum HostResult: Sendable {
    /// The function pushed this many results.
    case results(Int32)
    /// Raise this message in Lua (after Swift has returned).
    case error(String)
}

/// A host function as the trampoline finds it: a body that reads the stack (LuaRuntime's
/// own, the sandbox's), or one lent a `LuaCall` on `state` (every other host function).
final class HostFunctionBox {
    let body: ((LuaStack) -> HostResult)?
    let callBody: ((borrowing LuaCall) -> HostResult)?
    unowned(unsafe) let state: LuaState
    init(_ body: @escaping (LuaStack) -> HostResult, state: LuaState) {
        self.body = body
        self.callBody = nil
        self.state = state
    }
    init(call body: @escaping (borrowing LuaCall) -> HostResult, state: LuaState) {
        self.body = nil
        self.callBody = body
        self.state = state
    }
}

private let hostTrampoline: ls_host_function = { L, context in
    guard let L, let context else { return 0 }
    let box = Unmanaged<HostFunctionBox>.fromOpaque(context).takeUnretainedValue()
    let stack = LuaStack(L)
    let result: HostResult
    if let callBody = box.callBody { result = callBody(LuaCall(box.state, stack)) } else { result = box.body!(stack) }
    switch result {
    case .results(let n):
        return n
    case .error(let message):
        stack.push(message)
        return -1
    }
}

/// One Lua state: its limits, its references, and the protected calls into it.
///
/// Every reference taken with `ref()` (a `LuaRef`) is released when its handle goes, or by
/// `close()` before `lua_close`.
///
/// Not `Sendable`: bound to the thread that made it (Lua states are not thread-safe, and
/// states created during another's call share its pool of limits).
public final class LuaState {
    /// The main thread of the state (the C API's handle: it never leaves LuaRuntime; host
    /// code uses `stack`).
    package let L: OpaquePointer
    /// The main thread's stack, where LuaRuntime reads and pushes (`package` for its tests only).
    @usableFromInline package let stack: LuaStack
    /// The limits the state was made with.
    public let limits: LuaLimits
    private var hostFunctions: [HostFunctionBox] = []
    /// Live references by id (luaL_ref hands out small integers, reusing freed ones).
    /// The registry references the host holds (see `LuaRef`).
    let refs: LuaRefTable
    /// What the host keeps of this state's values, by part (see `keepHostBytes`).
    private var keptParts: [String: Int] = [:]
    // (Read at every action's start and end: no dynamic exclusivity check.)
    /// Whether `close()` ran: every later call does nothing.
    @exclusivity(unchecked) public private(set) var isClosed = false

    /// A new state under `limits` (joining the pool of a state whose call is running); nil when out of memory.
    public init?(limits: LuaLimits = LuaLimits()) {
        guard let L = ls_newstate(max(0, limits.memory), Int64(max(0, limits.instructions))) else { return nil }
        self.L = L
        self.refs = LuaRefTable(L)
        self.stack = LuaStack(L)
        self.limits = limits
        ls_set_advice(L, limits.memoryAdvice, limits.instructionsAdvice)
    }

    deinit { close() }

    /// Releases every reference, then closes the state (also done by deinit).
    public func close() {
        guard !isClosed else { return }
        refs.releaseAll()
        ls_close(L)
        hostFunctions.removeAll()
        isClosed = true
    }

    /// Lua states created and not yet closed, in this process.
    public static var openStates: Int { Int(ls_open_states()) }

    /// References taken with `ref()` and not yet released (by their handle's deinit or `close()`).
    public var referenceCount: Int { refs.liveCount }
    /// Bytes Lua holds in this state now.
    public var memoryInUse: Int { Int(ls_limits_of(L).pointee.used) }
    /// Bytes the host copied out of Lua in the current action (charged by `LuaStack`'s readers).
    public var hostMemoryInAction: Int { Int(ls_limits_of(L).pointee.pool.pointee.host) }
    /// Whether a copy out of Lua was refused in the current action (the host memory cap).
    public var hostMemoryExceeded: Bool { ls_host_failed(L) != 0 }

    /// Says that the host keeps `bytes` copied out of this state for `part` ("model",
    /// "rows", "store", ...) across actions, replacing what it said before for that part.
    /// Every later copy out of Lua must fit in the cap with them.
    public func keepHostBytes(_ bytes: Int, for part: String) {
        guard !isClosed else { return }
        keptParts[part] = max(0, bytes)
        ls_host_keep(L, keptParts.values.reduce(0, +))
    }

    /// What the host keeps of this state's values across actions (see `keepHostBytes`).
    public var keptHostBytes: Int { keptParts.values.reduce(0, +) }

    /// What the host said it keeps for `part`.
    public func keptHostBytes(for part: String) -> Int { keptParts[part] ?? 0 }

    /// Forgets the kept parts `drop` names (the host let go of them).
    public func forgetKeptHostBytes(where drop: (String) -> Bool) {
        guard !isClosed, keptParts.keys.contains(where: drop) else { return }
        keptParts = keptParts.filter { !drop($0.key) }
        ls_host_keep(L, keptParts.values.reduce(0, +))
    }

    // MARK: actions

    /// Starts an action: every entry into Lua until the matching `endAction()` (loading a
    /// script, evaluating a screen, one REPL command, one session call, one test) shares
    /// one instruction budget and one allowance of host copies. Nested actions join the
    /// outer one; states created inside a running call (a test file's sessions) share it too.
    public func beginAction() { if !isClosed { ls_action_begin(L) } }

    /// Ends the action `beginAction()` started.
    public func endAction() { if !isClosed { ls_action_end(L) } }

    /// Runs `body` as one action (see `beginAction`).
    public func action<T>(_ body: () throws -> T) rethrows -> T {
        beginAction()
        defer { endAction() }
        return try body()
    }

    /// The error to report when a copy out of Lua was refused in this action outside any
    /// host function (a value read after a call returned); `place` names the script.
    public func hostMemoryError(at place: String) -> LuaError? {
        guard hostMemoryExceeded else { return nil }
        return LuaError(kind: .memory, message: "\(place): memory limit exceeded (\(limits.memory) bytes): the script makes the host copy too much data (\(limits.memoryAdvice))")
    }

    /// The most bytes Lua ever held in this state.
    public var peakMemory: Int { Int(ls_limits_of(L).pointee.peak) }

    // MARK: references

    /// Pushes the value the registry slot `r` keeps (a `LuaRef`'s `id`, as a model's
    /// `ScriptRef` names it); its type.
    @usableFromInline @discardableResult
    func push(ref r: Int32) -> LuaType {
        LuaType(rawValue: ls_rawgetref(L, r)) ?? .none
    }

    /// Fixes the allocator's threshold for giving a large block its own pages at glibc's
    /// default (128 KiB) for the whole process, so that blocks outgrown and freed give their
    /// pages back (glibc would otherwise raise the threshold at each, and keep later blocks
    /// resident on its heap). For a program to call once at start.
    package static func fixAllocatorThreshold() { ls_fix_mmap_threshold() }

    /// A full garbage collection (finalizers that fail only warn; nothing raises). With
    /// `returningMemory`, the freed pages go back to the system (malloc_trim).
    public func collectGarbage(returningMemory: Bool = false) {
        ls_gc_collect(L)
        if returningMemory { ls_trim_memory() }
    }

    // MARK: host functions

    /// Pushes a Lua function that runs `body`. `body` must not raise: it returns `.error`.
    func pushHostFunction(_ body: @escaping (LuaStack) -> HostResult) {
        push(HostFunctionBox(body, state: self))
    }

    /// Pushes a Lua function that runs `body` on each call, lending it the call's arguments
    /// and results. `body` must not raise: it returns `.error`.
    func pushHostCall(_ body: @escaping (borrowing LuaCall) -> HostResult) {
        push(HostFunctionBox(call: body, state: self))
    }

    /// Pushes the C closure that runs `box` (kept as long as the state).
    private func push(_ box: HostFunctionBox) {
        hostFunctions.append(box)
        ls_pushhostfunction(L, hostTrampoline, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Installs `body` as the global function `name` (see `pushHostFunction`).
    package func setGlobalFunction(_ name: String, _ body: @escaping (LuaStack) -> HostResult) {
        pushHostFunction(body)
        stack.setGlobal(name)
    }

    // MARK: loading and calling

    /// Loads a text chunk and pushes it as a function; throws (nothing pushed) a syntax or
    /// memory error. Binary chunks are refused.
    package func load(_ source: [UInt8], chunkName: String) throws(LuaError) {
        let status = stack.loadText(source, chunkName: chunkName)
        if status != LUA_OK { throw popError(status: status) }
    }

    /// Loads a text chunk from a string and pushes it as a function (see `load(_:chunkName:)`).
    package func load(_ source: String, chunkName: String) throws(LuaError) {
        try load(Array(source.utf8), chunkName: chunkName)
    }

    /// Calls the function under `nargs` arguments, under the budget, the cap and the
    /// traceback handler, leaving `nresults` results (-1: all). Throws what the call raised;
    /// then the stack is as it was below the function.
    @usableFromInline
    package func call(nargs: Int32 = 0, nresults: Int32 = 0) throws(LuaError) {
        let status = ls_pcall(L, nargs, nresults)
        if status != LUA_OK { throw popError(status: status) }
    }

    private func popError(status: Int32) -> LuaError {
        let lim = ls_limits_of(L).pointee
        let pool = lim.pool.pointee
        // The message is the host's own text (made by the message handler): not charged.
        let raw = stack.uncharged { stack.string(at: -1) } ?? "(error object is a \(stack.type(at: -1).name) value)"
        stack.pop()
        var message = raw
        var traceback: [String] = []
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false)
        if let header = lines.firstIndex(of: "stack traceback:") {
            traceback = lines[(header + 1)...].map { $0.trimmingCharacters(in: " \t") }
            lines.removeSubrange(header...)
            message = lines.joined(separator: "\n")
        }
        let kind: LuaError.Kind
        if status == LUA_ERRSYNTAX {
            kind = .syntax
        } else if status == LUA_ERRMEM || lim.memory_failed != 0 && message.contains("not enough memory") {
            kind = .memory
            let whereText = withUnsafeBytes(of: lim.where) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            message = (whereText.isEmpty ? "" : whereText + ": ") + "memory limit exceeded (\(limits.memory) bytes): the script builds too much data"
                + " (\(limits.memoryAdvice))"
        } else if pool.exhausted != 0 && message.contains("instruction limit exceeded") {
            kind = .instructions
        } else if pool.host_failed != 0 && message.contains("memory limit exceeded") {
            kind = .memory
        } else {
            kind = .runtime
        }
        return LuaError(kind: kind, message: message, traceback: traceback)
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
