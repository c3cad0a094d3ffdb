import Glibc
import LuaRuntime
import ScreenModel

/// Phase times on stderr when LUASCREEN_TIMING is set (for the benchmarks).
final class PhaseTimer {
    private var last = 0.0
    private var lastCPU = 0.0
    private let enabled = getenv("LUASCREEN_TIMING") != nil

    init() {
        guard enabled else { return }
        last = PhaseTimer.now()
        lastCPU = PhaseTimer.cpu()
    }

    /// Milliseconds of CPU (user and system) the process used so far.
    static func cpu() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
    }

    /// Milliseconds of the monotonic clock.
    static func now() -> Double { Double(monotonicNanoseconds()) / 1e6 }

    func lap(_ name: String, lua: LuaState? = nil) {
        guard enabled else { return }
        let now = PhaseTimer.now()
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let memory = lua.map { " lua \($0.memoryInUse >> 10) KiB" } ?? ""
        var current = 0
        if let f = fopen("/proc/self/statm", "r") {
            var size = 0, resident = 0
            _ = withUnsafeMutablePointer(to: &size) { a in withUnsafeMutablePointer(to: &resident) { b in
                withVaList([a, b]) { vfscanf(f, "%ld %ld", $0) } } }
            fclose(f)
            current = resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        }
        let cpu = PhaseTimer.cpu()
        let line = "timing: \(name) \(Int((now - last) * 1000)) us (cpu \(Int((cpu - lastCPU) * 1000)) us)\(memory), rss \(current) KiB, max rss \(usage.ru_maxrss) KiB\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        last = now
        lastCPU = cpu
    }
}

/// The time of each REPL command, inside the process, when LUASCREEN_TIMING is set (for the
/// benchmarks): `timing: command "LINE" N us (cpu M us)` on stderr once the command is done.
package enum CommandTiming {
    /// Whether LUASCREEN_TIMING is set.
    package static let enabled = getenv("LUASCREEN_TIMING") != nil

    /// Runs `body` (the command `line`), timing it when enabled.
    package static func run<T>(_ line: String, _ body: () -> T) -> T {
        guard enabled else { return body() }
        let wall = PhaseTimer.now(), cpu = PhaseTimer.cpu()
        let result = body()
        let text = "timing: command \"\(Diagnostic.quote(line))\" \(Int((PhaseTimer.now() - wall) * 1000)) us (cpu \(Int((PhaseTimer.cpu() - cpu) * 1000)) us)\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        return result
    }
}
