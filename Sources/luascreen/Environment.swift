import Glibc

/// Single environment variables, read with getenv: `ProcessInfo.processInfo.environment`
/// copies the whole environment into a dictionary (0.58 M instructions at start-up, issue 26).
/// A namespace of functions that keep no state; the environment is not changed while
/// luascreen runs, so any thread may read it.
enum Environment {
    /// The variable's value, nil when it is not set (or not UTF-8).
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(validatingCString: raw)
    }
}
