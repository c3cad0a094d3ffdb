import Glibc
import LuaRuntime

/// Phase times on stderr when LUASCREEN_TIMING is set (for the benchmarks).
final class PhaseTimer {
    private var last: Double
    private let enabled = getenv("LUASCREEN_TIMING") != nil

    init() { last = PhaseTimer.now() }

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
        let line = "timing: \(name) \(Int((now - last) * 1000)) us\(memory), rss \(current) KiB, max rss \(usage.ru_maxrss) KiB\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        last = now
    }
}
