import Glibc

extension Files {
    /// The name that means standard output for the outputs that are one file (`--junit`,
    /// `--coverage`, `stubs --out`, `import --out`).
    public static let standardOutputName = "-"

    /// Writes `bytes` to standard output when `path` is `-`, else `replace`s the file at
    /// `path` (its folder must exist: a one-file output names a file in a folder that is there).
    public static func writeOutput(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws {
        if path == standardOutputName {
            try writeStandardOutput(bytes)
            return
        }
        try replace(path, with: bytes, mode: mode)
    }

    /// `text` as UTF-8 to standard output or the file at `path` (see the bytes form).
    public static func writeOutput(_ text: String, to path: String, mode: mode_t = 0o644) throws {
        try writeOutput(Array(text.utf8), to: path, mode: mode)
    }

    /// Writes `bytes` to file descriptor 1, after flushing what C's stdio holds.
    public static func writeStandardOutput(_ bytes: [UInt8]) throws {
        fflush(nil)
        if let code = writeAll(bytes, to: STDOUT_FILENO) {
            throw FileError(path: standardOutputName, reason: .system(operation: "write to standard output", code: code))
        }
    }
}
