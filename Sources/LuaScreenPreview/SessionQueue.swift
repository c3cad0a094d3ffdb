@preconcurrency import Glibc

/// A lock with a condition: what the connection threads and the session's thread wait on.
/// `@unchecked Sendable`: the pthread objects are made once and used only under the lock.
final class Gate: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits (holding the lock, which the wait lets go meanwhile) until woken or `seconds` pass.
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let whole = Int(seconds)
        var deadline = timespec(tv_sec: now.tv_sec + whole, tv_nsec: now.tv_nsec + Int((seconds - Double(whole)) * 1e9))
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_cond_timedwait(condition, mutex, &deadline)
    }

    /// Wakes every waiter (call holding the lock).
    func wakeAll() { pthread_cond_broadcast(condition) }
}

/// Requests from any number of connection threads, run one at a time on the one thread that
/// owns the session (a session is bound to its thread): `submit` blocks its caller until the
/// session's thread ran the job. `@unchecked Sendable`: all state is under `gate`.
final class SessionQueue: @unchecked Sendable {
    private let gate = Gate()
    private var jobs: [Job] = []
    private var stopped = false
    /// Bumped when what the page shows changed without a request (a reload from disk).
    private var version = 0

    private final class Job: @unchecked Sendable {
        let work: () -> HTTPResponse
        var result: HTTPResponse?
        init(_ work: @escaping () -> HTTPResponse) { self.work = work }
    }

    /// Runs `work` on the session's thread and returns its answer (503 once stopped).
    func submit(_ work: @escaping () -> HTTPResponse) -> HTTPResponse {
        let job = Job(work)
        return gate.locked {
            if stopped { return .text(503, "the preview is stopping") }
            jobs.append(job)
            gate.wakeAll()
            var waited = 0
            while job.result == nil, !stopped, waited < 600 {  // a bounded wait: 60 s
                gate.wait(seconds: 0.1)
                waited += 1
            }
            return job.result ?? .text(503, "the preview did not answer in time")
        }
    }

    /// The session's thread: runs jobs as they come, calling `idle` after each and at
    /// least every `tick` seconds, until `stop`.
    func serve(tick: Double, idle: () -> Void) {
        while true {
            let next: Job? = gate.locked {
                if jobs.isEmpty, !stopped { gate.wait(seconds: tick) }
                return stopped ? nil : (jobs.isEmpty ? nil : jobs.removeFirst())
            }
            if gate.locked({ stopped }) { return }
            if let next {
                let result = next.work()
                gate.locked {
                    next.result = result
                    gate.wakeAll()
                }
            }
            idle()  // (the watch looks at the files at most four times a second)
        }
    }

    /// Ends `serve` and every wait.
    func stop() {
        gate.locked {
            stopped = true
            gate.wakeAll()
        }
    }

    /// The version of the page's state (changes made by the session's thread on its own).
    var currentVersion: Int { gate.locked { version } }

    /// Marks a change the page should fetch, waking every long poll.
    func bump() {
        gate.locked {
            version += 1
            gate.wakeAll()
        }
    }

    /// Waits up to `seconds` for the version to pass `since`; the version then.
    func waitForChange(since: Int, seconds: Double) -> Int {
        gate.locked {
            var left = seconds
            while version <= since, !stopped, left > 0 {
                gate.wait(seconds: min(0.5, left))
                left -= 0.5
            }
            return version
        }
    }
}
