#if canImport(Glibc)
import Glibc
import LuaScreenCore
#endif

/// A mutex with a condition (pthreads), for the server's two threads: the reading thread
/// and the checker. `@unchecked Sendable`: it is the synchronisation itself.
final class ServerLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()

    init() {
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(&condition) }
    /// Waits (the lock held) until woken.
    func wait() { pthread_cond_wait(&condition, &mutex) }

    /// Waits (the lock held) until woken or `seconds` have passed.
    func wait(seconds: Double) {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        let total = Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 + max(0, seconds)
        t.tv_sec = Int(total)
        t.tv_nsec = Int((total - Double(Int(total))) * 1e9)
        pthread_cond_timedwait(&condition, &mutex, &t)
    }

    /// The seconds of the monotonic clock.
    static func now() -> Double { Double(monotonicNanoseconds()) / 1e9 }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes (the Lua state's C calls
    /// need more than a default secondary thread's).
    static func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! Box
            box.body()
            return nil
        }, box)
        pthread_attr_destroy(&attributes)
    }
}
