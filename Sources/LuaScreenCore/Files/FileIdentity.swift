import Glibc

/// A file's device and inode: two paths name the same file exactly when these are equal
/// (whatever links, `..` or hard links lie between). `Sendable`: a plain value.
package struct FileIdentity: Hashable, Sendable {
    /// `st_dev`.
    public var device: UInt64
    /// `st_ino`.
    public var inode: UInt64

    /// The identity of the file `path` names (following links), nil when it does not exist.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

extension Files {
    /// Throws `FileError(.isInput)` naming `output` when it is the same file as one of
    /// `inputs` (by device and inode; a missing output is none of them). `-` is standard
    /// output and never an input. Call before anything is written.
    public static func checkNotInput(_ output: String, inputs: [String]) throws {
        guard output != "-", let target = FileIdentity(path: output) else { return }
        for input in inputs where FileIdentity(path: input) == target {
            throw FileError(path: output, reason: .isInput)
        }
    }

    /// Throws before anything is done when `output` could not be written: it is one of
    /// `inputs`, or it exists and is not a regular file. `-` (standard output) always passes.
    public static func checkOutput(_ output: String, inputs: [String]) throws {
        guard output != standardOutputName else { return }
        try checkNotInput(output, inputs: inputs)
        _ = try replaceableTarget(output)
    }
}
