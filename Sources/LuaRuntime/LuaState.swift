import CLua
import CLuaShim

/// Limits applied to one Lua state: an instruction budget for every entry into Lua and a
/// cap on the memory the state may hold.
public struct LuaLimits: Sendable, Equatable {
    public var instructions: Int
    public var memory: Int

    public static let defaultInstructions = 10_000_000
    public static let defaultMemory = 64 << 20

    public init(instructions: Int = LuaLimits.defaultInstructions, memory: Int = LuaLimits.defaultMemory) {
        self.instructions = instructions
        self.memory = memory
    }
}

/// An error raised by Lua code, caught by a protected call.
public struct LuaError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case syntax, runtime, memory, instructions, file }

    public var kind: Kind
    /// The message without the traceback, e.g. "examples/a.lua:3: attempt to call a nil value".
    public var message: String
    /// The traceback lines (without the "stack traceback:" header), innermost first.
    public var traceback: [String]

    public init(kind: Kind, message: String, traceback: [String] = []) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

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

/// What a Swift function called from Lua hands back to the trampoline.
public enum HostResult {
    /// The function pushed this many results.
    case results(Int32)
    /// Raise this message in Lua (after Swift has returned).
    case error(String)
}

final class HostFunctionBox {
    let body: (LuaStack) -> HostResult
    init(_ body: @escaping (LuaStack) -> HostResult) { self.body = body }
}

private let hostTrampoline: ls_host_function = { L, context in
    guard let L, let context else { return 0 }
    let box = Unmanaged<HostFunctionBox>.fromOpaque(context).takeUnretainedValue()
    let stack = LuaStack(L)
    switch box.body(stack) {
    case .results(let n):
        return n
    case .error(let message):
        stack.push(message)
        return -1
    }
}

/// One Lua state: its limits, its references, and the protected calls into it.
///
/// Every reference taken with `ref()` is released by `close()` before `lua_close`.
public final class LuaState {
    public let L: OpaquePointer
    public let stack: LuaStack
    public let limits: LuaLimits
    private var hostFunctions: [HostFunctionBox] = []
    /// Live references by id (luaL_ref hands out small integers, reusing freed ones).
    private var liveRefs: [Bool] = []
    private var liveRefCount = 0
    public private(set) var isClosed = false

    public init?(limits: LuaLimits = LuaLimits()) {
        guard let L = ls_newstate(max(0, limits.memory), Int64(max(0, limits.instructions))) else { return nil }
        self.L = L
        self.stack = LuaStack(L)
        self.limits = limits
    }

    deinit { close() }

    public func close() {
        guard !isClosed else { return }
        for (ref, live) in liveRefs.enumerated() where live { ls_unref(L, Int32(ref)) }
        liveRefs.removeAll()
        liveRefCount = 0
        ls_close(L)
        hostFunctions.removeAll()
        isClosed = true
    }

    /// Lua states created and not yet closed, in this process.
    public static var openStates: Int { Int(ls_open_states()) }

    public var referenceCount: Int { liveRefCount }
    public var memoryInUse: Int { Int(ls_limits_of(L).pointee.used) }
    public var peakMemory: Int { Int(ls_limits_of(L).pointee.peak) }

    // MARK: references

    /// Pops the value on top and keeps it in the registry.
    public func ref() -> Int32 {
        let r = ls_ref(L)
        if r >= 0 {
            let i = Int(r)
            if i >= liveRefs.count { liveRefs.append(contentsOf: repeatElement(false, count: i - liveRefs.count + 1)) }
            if !liveRefs[i] { liveRefs[i] = true; liveRefCount += 1 }
        }
        return r
    }

    public func unref(_ r: Int32) {
        guard r >= 0, Int(r) < liveRefs.count, liveRefs[Int(r)] else { return }
        liveRefs[Int(r)] = false
        liveRefCount -= 1
        ls_unref(L, r)
    }

    @discardableResult
    public func push(ref r: Int32) -> LuaType {
        LuaType(rawValue: ls_rawgetref(L, r)) ?? .none
    }

    /// A full garbage collection (finalizers that fail only warn; nothing raises). With
    /// `returningMemory`, the freed pages go back to the system (malloc_trim).
    public func collectGarbage(returningMemory: Bool = false) {
        ls_gc_collect(L)
        if returningMemory { ls_trim_memory() }
    }

    // MARK: host functions

    /// Pushes a Lua function that runs `body`. `body` must not raise: it returns `.error`.
    public func pushHostFunction(_ body: @escaping (LuaStack) -> HostResult) {
        let box = HostFunctionBox(body)
        hostFunctions.append(box)
        ls_pushhostfunction(L, hostTrampoline, Unmanaged.passUnretained(box).toOpaque())
    }

    public func setGlobalFunction(_ name: String, _ body: @escaping (LuaStack) -> HostResult) {
        pushHostFunction(body)
        stack.setGlobal(name)
    }

    // MARK: loading and calling

    /// Loads a text chunk and pushes it as a function. Binary chunks are refused.
    public func load(_ source: [UInt8], chunkName: String) -> LuaError? {
        let status = stack.loadText(source, chunkName: chunkName)
        return status == LUA_OK ? nil : popError(status: status)
    }

    public func load(_ source: String, chunkName: String) -> LuaError? {
        load(Array(source.utf8), chunkName: chunkName)
    }

    /// Calls the function under `nargs` arguments, under the budget, the cap and the
    /// traceback handler. On error the stack is as it was below the function.
    public func call(nargs: Int32 = 0, nresults: Int32 = 0) -> LuaError? {
        let status = ls_pcall(L, nargs, nresults)
        if status == LUA_OK { return nil }
        return popError(status: status)
    }

    private func popError(status: Int32) -> LuaError {
        let lim = ls_limits_of(L).pointee
        let raw = stack.string(at: -1) ?? "(error object is a \(stack.type(at: -1).name) value)"
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
                + " (raise it with --max-memory)"
        } else if lim.exhausted != 0 && message.contains("instruction limit exceeded") {
            kind = .instructions
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
