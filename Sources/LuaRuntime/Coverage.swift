import CLua
import CLuaShim

/// Line and call coverage of every Lua state in the process (`luascreen test --coverage`):
/// the C side (`lscoverage.c`) records each line run and each function called, by chunk name.
/// The records are process-wide and not synchronized: start, stop and read them on the thread
/// that runs the Lua states.
public enum LineCoverage {
    /// What was recorded for one source file. `Sendable`: a plain value.
    public struct File: Sendable {
        /// The path as the chunk was named (without '@').
        public var name: String
        /// Times each line ran (lines that never ran are absent).
        public var hits: [Int: UInt32]
        /// Lines where a function that was called is defined.
        public var called: Set<Int>
    }

    /// Starts recording (forgetting earlier records). States opened after this record.
    public static func start() {
        ls_coverage_reset()
        ls_coverage_enable(1)
    }

    /// Stops recording; what was recorded stays readable.
    public static func stop() { ls_coverage_enable(0) }

    /// Every file recorded so far.
    public static func recorded() -> [File] {
        (0..<ls_coverage_file_count()).compactMap { i in
            guard let name = ls_coverage_file_name(i) else { return nil }
            var hits: [Int: UInt32] = [:]
            var called = Set<Int>()
            for line in 0..<ls_coverage_line_limit(i) {
                let n = ls_coverage_line_hits(i, line)
                if n > 0 { hits[Int(line)] = n }
                if ls_coverage_called(i, line) != 0 { called.insert(Int(line)) }
            }
            return File(name: String(cString: name), hits: hits, called: called)
        }
    }

    /// The lines of a Lua source that hold code (the lines of its instructions, nested
    /// functions included), read from the compiled chunk; nil when it does not compile.
    public static func executableLines(of source: [UInt8], chunkName: String) -> Set<Int>? {
        guard let lua = LuaState(limits: LuaLimits(instructions: 0, memory: 256 << 20)) else { return nil }
        defer { lua.close() }
        guard (try? lua.load(source, chunkName: chunkName)) != nil else { return nil }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let writer: lua_Writer = { _, p, size, ud in
            guard let p, let ud else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(ud).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: p, count: size))
            return 0
        }
        let status = withExtendedLifetime(sink) {
            lua_dump(lua.L, writer, Unmanaged.passUnretained(sink).toOpaque(), 0)
        }
        guard status == 0 else { return nil }
        var reader = BytecodeLines(bytes: sink.bytes)
        return reader.lines()
    }
}

/// Reads the lines of every instruction from a Lua 5.4 binary chunk (`lua_dump`'s format:
/// ldump.c), nested functions included.
struct BytecodeLines {
    let bytes: [UInt8]
    var at = 0
    var found = Set<Int>()

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func lines() -> Set<Int>? {
        // Header: signature 4, version 1, format 1, data 6, three sizes 3, int 8, number 8.
        guard bytes.count > 32, bytes[0] == 0x1B, bytes[4] == 0x54 else { return nil }
        at = 4 + 1 + 1 + 6 + 3 + 8 + 8
        at += 1  // upvalues of the main closure
        guard function() else { return nil }
        return found
    }

    private mutating func byte() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    private mutating func size() -> Int? {
        var x = 0
        while let b = byte() {
            x = (x << 7) | Int(b & 0x7F)
            if b & 0x80 != 0 { return x }
            if x > Int(Int32.max) { return nil }
        }
        return nil
    }

    private mutating func skip(_ n: Int) -> Bool {
        guard n >= 0, at + n <= bytes.count else { return false }
        at += n
        return true
    }

    private mutating func string() -> Bool {
        guard let n = size() else { return false }
        return n == 0 || skip(n - 1)
    }

    private mutating func function() -> Bool {
        guard string(), let lineDefined = size(), size() != nil, let _ = byte(), let isVararg = byte(), byte() != nil,
              let codeCount = size(), skip(codeCount * 4), let constants = size() else { return false }
        for _ in 0..<constants {
            guard let tag = byte() else { return false }
            switch tag {
            case 3, 19: guard skip(8) else { return false }     // integer, float
            case 4, 20: guard string() else { return false }    // short, long string
            default: break                                       // nil, false, true
            }
        }
        guard let upvalues = size(), skip(upvalues * 3), let protos = size() else { return false }
        for _ in 0..<protos { guard function() else { return false } }
        guard let lineInfoCount = size(), at + lineInfoCount <= bytes.count else { return false }
        let deltas = Array(bytes[at..<(at + lineInfoCount)])
        at += lineInfoCount
        guard let absoluteCount = size() else { return false }
        var absolute: [(pc: Int, line: Int)] = []
        for _ in 0..<absoluteCount {
            guard let pc = size(), let line = size() else { return false }
            absolute.append((pc, line))
        }
        // Lines as ldebug.c's collectvalidlines walks them (a vararg function's first
        // instruction, VARARGPREP, is not a line of its own).
        var line = lineDefined
        var next = 0
        for (pc, delta) in deltas.enumerated() {
            if delta == 0x80 {
                while next < absolute.count, absolute[next].pc < pc { next += 1 }
                if next < absolute.count, absolute[next].pc == pc { line = absolute[next].line }
            } else {
                line += Int(Int8(bitPattern: delta))
            }
            if pc == 0, isVararg != 0 { continue }
            found.insert(line)
        }
        guard let locals = size() else { return false }
        for _ in 0..<locals { guard string(), size() != nil, size() != nil else { return false } }
        guard let names = size() else { return false }
        for _ in 0..<names { guard string() else { return false } }
        return true
    }
}
