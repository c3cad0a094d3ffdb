import ScreenModel

/// A place in a Kconfig file: the path relative to the source tree (as `source` named it),
/// and the line. The model's `SourceLocation`, whose `file:line` is the kernel's form too.
typealias KconfigPlace = SourceLocation

/// A Kconfig tree that cannot be imported: `file:line: error: ...` (the kernel's form), with
/// what to do. `Sendable`: a plain value.
public struct KconfigError: Error, Sendable, CustomStringConvertible {
    /// The whole message, one or more lines.
    public var description: String

    /// An error at `place` (nil: about the tree as a whole).
    init(_ place: KconfigPlace?, _ message: String) {
        description = place.map { "\($0): error: \(message)" } ?? "error: \(message)"
    }
}

/// What the reader collects as it goes: warnings in the kernel's form (`file:line: warning:
/// ...`), each text once, and a bound on how many are kept.
struct KconfigWarnings {
    /// The warnings, in the order they were met.
    private(set) var lines: [String] = []
    private var seen: Set<String> = []
    /// Warnings past this many are counted, not kept.
    static let limit = 1000
    /// Warnings met past `limit`.
    private(set) var dropped = 0

    /// Adds `message` at `place` (once per text).
    mutating func add(_ place: KconfigPlace?, _ message: String) {
        let line = place.map { "\($0): warning: \(message)" } ?? "warning: \(message)"
        guard seen.insert(line).inserted else { return }
        if lines.count < Self.limit { lines.append(line) } else { dropped += 1 }
    }

    /// The warnings, with a last line counting those dropped.
    var all: [String] {
        dropped == 0 ? lines : lines + ["warning: \(dropped) more warnings not shown"]
    }
}
