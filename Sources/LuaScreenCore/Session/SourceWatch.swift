#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `run --watch` and `preview`: notices when a file of the project changes on disk — the
/// script, a module it required or that its requires reach (`Project.of`, so a module required
/// only later is watched too), a locale file it reads (its
/// modification time, size or inode: editors that save by renaming change the inode).
/// Looked at between keys while the REPL waits; a change is reported once the file has
/// looked the same twice in a row, so a save caught half-way is not reloaded.
/// Not `Sendable`: used on the session's thread, as the session is.
package final class SourceWatch {
    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    private let session: Session
    private var stamps: [String: Stamp?] = [:]
    private var seen: [String: Stamp?]?
    private var lastLook = 0.0
    /// The project's modules not among the files the session read, found at the last rebase.
    private var projectModules: [String] = []

    /// Watches the files `session` read (its script and the modules it required).
    public init(session: Session) {
        self.session = session
        rebase()
    }

    /// The files as they are now count as unchanged (after a reload, which may have
    /// required other modules).
    public func rebase() {
        let read = Set(session.sources.paths.map(Files.standardized))
        // Named as the script is: from its folder as given.
        let folder = Files.split(session.scriptPath).folder
        let standard = Files.standardized(folder)
        projectModules = Project.of(entry: session.scriptPath).modules.filter { !read.contains($0) }.map { module in
            module.hasPrefix(standard + "/") ? folder + module.dropFirst(standard.count) : module
        }
        stamps = current()
        seen = nil
    }

    /// True when a watched file changed and has settled; at most about four looks a second.
    public func changed() -> Bool {
        let now = Date.timeIntervalSinceReferenceDate
        guard now - lastLook >= 0.25 else { return false }
        lastLook = now
        let look = current()
        if look == stamps {
            seen = nil
            return false
        }
        defer { seen = look }
        return look == seen
    }

    /// The files that changed since the last rebase, for the message.
    public func changedFiles() -> [String] {
        let look = current()
        return watched.filter { look[$0] != stamps[$0] }
    }

    /// The script, the modules it required, the project's other modules, and the locale files
    /// the session's locale reads (`strings = "locales"`: `locales/fr_FR.lua`, `locales/fr.lua`,
    /// there or not yet).
    private var watched: [String] { session.sources.paths + projectModules + session.localeFilePaths }

    private func current() -> [String: Stamp?] {
        var out: [String: Stamp?] = [:]
        for path in watched {
            var info = stat()
            out[path] = stat(path, &info) == 0
                ? Stamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec),
                        size: Int64(info.st_size), inode: UInt64(info.st_ino))
                : nil
        }
        return out
    }
}
