import Glibc

/// errno values as text.
enum SystemError {
    /// `strerror(code)`, e.g. "No space left on device".
    static func text(_ code: Int32) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }
}
