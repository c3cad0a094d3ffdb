import Glibc
import LuaRuntime
import LuaScreenCore

/// The files of one Kconfig tree: every one read through the one path resolver, bound to the
/// source tree (SPEC §14's reading rules: no absolute path, no `..` past the tree, no symbolic
/// link out of it, regular files only), `source` globs matched inside it, and the chain of
/// files being read, so a file that sources itself (directly or not) is an error, not a loop.
struct KconfigSources {
    /// The source tree as given (`--srctree`).
    let srctree: String
    private let resolver: PathResolver
    /// The files being read, outermost first: their real paths and where each was sourced.
    private(set) var chain: [(real: String, file: String, from: KconfigPlace?)] = []
    /// Files read so far, and their bytes.
    private(set) var filesRead = 0
    private(set) var bytesRead = 0
    /// Bounds: more files, or more bytes, or a deeper chain is refused.
    static let maxFiles = 50_000
    static let maxBytes = 512 << 20
    static let maxDepth = 100
    static let maxFileSize = 16 << 20

    /// The files of the tree at `srctree`; nil when the folder does not exist.
    init?(srctree: String) {
        guard let resolver = PathResolver(root: srctree, name: "the source tree (--srctree)") else { return nil }
        self.srctree = srctree
        self.resolver = resolver
    }

    /// The folder of the file being read, relative to the tree ("." at the top).
    var currentFolder: String {
        guard let file = chain.last?.file, let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }

    /// The path `name` (from a `source` line at `place`) names relative to the tree:
    /// `relative` (rsource) is from the folder of the current file. An absolute path or one
    /// that climbs out of the tree by its text is an error.
    func relativePath(_ name: String, relative: Bool, at place: KconfigPlace) throws -> String {
        if name.isEmpty { throw KconfigError(place, "source of an empty file name") }
        if name.hasPrefix("/") {
            throw KconfigError(place, "source \"\(name)\": an absolute path; the import reads only files inside the source tree (--srctree), named relative to it")
        }
        let joined = PathResolver.join(relative ? currentFolder : ".", name)
        if joined == ".." || joined.hasPrefix("../") {
            throw KconfigError(place, "source \"\(name)\": outside the source tree (--srctree) by '..'; refused")
        }
        return joined
    }

    /// The files a `source` pattern names, sorted (a pattern with `*`, `?` or `[`), or the
    /// one path when it has none.
    func glob(_ path: String) -> [String] {
        guard path.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) else { return [path] }
        var found: [String] = ["."]
        for part in path.split(separator: "/").map(String.init) {
            var next: [String] = []
            let wild = part.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" })
            for folder in found {
                let base = folder == "." ? srctree : Files.joinText(srctree, folder)
                if wild {
                    for entry in Files.entries(base).sorted() where !entry.hasPrefix(".") && fnmatch(part, entry, 0) == 0 {
                        next.append(folder == "." ? entry : folder + "/" + entry)
                    }
                } else {
                    next.append(folder == "." ? part : folder + "/" + part)
                }
            }
            found = next
        }
        return found.filter { Files.kind(Files.joinText(srctree, $0)) != .missing }
    }

    /// Whether the file `path` (relative to the tree) exists (a link is followed only to see).
    func exists(_ path: String) -> Bool {
        Files.kind(Files.joinText(srctree, path)) != .missing
    }

    /// Starts reading `path` (relative to the tree), sourced at `place` (nil: the top file):
    /// its bytes. A file already in the chain is an error naming the chain.
    mutating func enter(_ path: String, from place: KconfigPlace?) throws -> [UInt8] {
        if chain.count >= Self.maxDepth {
            throw KconfigError(place, "source files nest more than \(Self.maxDepth) deep; refused")
        }
        if filesRead >= Self.maxFiles {
            throw KconfigError(place, "more than \(Self.maxFiles) files sourced; refused")
        }
        let bytes: [UInt8]
        switch resolver.read(path, from: srctree, maxSize: Self.maxFileSize) {
        case .success(let read): bytes = read.bytes
        case .failure(let error): throw KconfigError(place, "cannot read \(path): \(error.description)")
        }
        let real = Files.realPath(Files.joinText(srctree, path)) ?? path
        if let index = chain.firstIndex(where: { $0.real == real }) {
            var message = "recursive inclusion detected: \(path) sources itself\nInclusion path:\n  current file : \(path)"
            var from = place
            for link in chain[index...].reversed() {
                if let at = from { message += "\n  included from: \(at)" }
                from = link.from
            }
            throw KconfigError(place, message)
        }
        filesRead += 1
        bytesRead += bytes.count
        if bytesRead > Self.maxBytes {
            throw KconfigError(place, "the tree's files hold more than \(Self.maxBytes >> 20) MiB; refused")
        }
        chain.append((real, path, place))
        return bytes
    }

    /// Ends reading the current file.
    mutating func leave() { chain.removeLast() }
}
