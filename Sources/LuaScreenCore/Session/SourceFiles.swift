
/// The files a script was read from: the script, then each module it required (also
/// those required later, by a callback), for `run --watch`.
///
/// Not `Sendable`: the session adds to it as modules are required; read it on the
/// session's thread.
package final class SourceFiles {
    /// The script's path first, then each module's, in the order they were first read.
    public private(set) var paths: [String]

    init(_ script: String) { paths = [script] }

    func add(_ path: String) {
        if !paths.contains(path) { paths.append(path) }
    }
}
