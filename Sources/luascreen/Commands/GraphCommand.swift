@preconcurrency import Glibc
import LuaScreen

/// `luascreen graph SCRIPT [--format dot|svg]` (SPEC §17): the library's `ScreenGraph` as
/// Graphviz's dot text, or drawn as SVG by Graphviz's `dot` when it is installed.
enum GraphCommand {
    static func checkUsage(_ options: Options) throws {
        guard options.paths.count == 1 else {
            throw Options.UsageError(description: options.paths.isEmpty ? "which script? e.g. luascreen graph examples/settings.lua"
                                                                        : "one script at a time, got \(options.paths.count)")
        }
    }

    static func run(_ options: Options) -> Int32 {
        guard let session = CommandSupport.openReadOnly(options) else { return 1 }
        defer { CommandSupport.finished(session) }
        let dot = session.graph().dot
        CommandSupport.printWarnings(session)
        guard options.format == "svg" else {
            print(dot, terminator: "")
            return 0
        }
        return drawSVG(dot)
    }

    /// Pipes the dot text through `dot -Tsvg`, whose output is ours.
    private static func drawSVG(_ dot: String) -> Int32 {
        flushOutput()
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            printError("error: graph: cannot make a pipe for Graphviz's dot")
            return 1
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var pid: pid_t = 0
        let args = ["dot", "-Tsvg"]
        var cArgs = args.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        let spawned = posix_spawnp(&pid, "dot", &actions, nil, &cArgs, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            printError("error: graph --format svg needs Graphviz's dot, which is not installed (Debian: apt-get install graphviz); --format dot prints the graph as text")
            return 1
        }
        let bytes = Array(dot.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue } else { break } }
            written += n
        }
        close(fds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            printError("error: graph: Graphviz's dot failed (exit status \(status >> 8))")
            return 1
        }
        return 0
    }
}
