@preconcurrency import CReadline
import LuaScreen

/// The REPL's history file, read and written through the `Files` seam instead of readline's
/// own `read_history`/`write_history` (which open whatever is at the path: a FIFO there hung
/// the REPL before its first prompt, a link was written through). One command a line.
enum HistoryFile {
    /// The most bytes of history read back (1,000 lines of a person's typing are far less).
    static let readLimit = 4 << 20

    /// Whether `path` can be kept: nothing there yet, or a regular file (not a link, FIFO,
    /// device or folder). Otherwise says why, once, and the history is not kept this run.
    static func usable(_ path: String) -> Bool {
        do {
            _ = try Files.replaceableTarget(path, links: .refuse)
            return true
        } catch {
            printError("warning: not keeping the history: \(String(describing: error))")
            return false
        }
    }

    /// Adds the lines of the file at `path` to readline's history (none when it is missing).
    static func load(_ path: String) {
        let bytes: [UInt8]
        do {
            bytes = try Files.readRegularFile(path, maxSize: readLimit)
        } catch let error as FileError where error.reason == .missing {
            return
        } catch {
            printError("warning: cannot read the history: \(String(describing: error))")
            return
        }
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            String(decoding: line, as: UTF8.self).withCString { add_history($0) }
        }
    }

    /// Replaces the file at `path` with readline's history (mode 0600, not synced: it is
    /// written after every command). Failures are said once a run.
    static func save(_ path: String) {
        var bytes: [UInt8] = []
        if let entries = history_list() {
            var i = 0
            while let entry = entries[i] {
                if let text = entry.pointee.line {
                    bytes += Array(String(cString: text).utf8)
                    bytes.append(UInt8(ascii: "\n"))
                }
                i += 1
            }
        }
        do {
            try Files.replace(path, with: bytes, mode: 0o600, links: .refuse, synced: false)
        } catch {
            guard !saveFailed else { return }
            saveFailed = true
            printError("warning: cannot keep the history: \(String(describing: error))")
        }
    }

    /// Whether a save failed already this run (it is said once).
    nonisolated(unsafe) private static var saveFailed = false
}
