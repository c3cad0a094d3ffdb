/// A place in a script: the file as the person named it, and a line (1-based).
/// Sendable: a plain value, safe to share between threads.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file, as the person named it.
    public var file: String
    /// The line, from 1.
    public var line: Int

    /// The place `file:line`.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `FILE:LINE`, as diagnostics print it.
    public var description: String { "\(file):\(line)" }
}
