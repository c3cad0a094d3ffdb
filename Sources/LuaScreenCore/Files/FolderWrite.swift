import Glibc

extension Files {
    /// One file to write below a folder: its path relative to that folder and its bytes.
    /// `Sendable`: a plain value.
    public struct Planned: Equatable, Sendable {
        /// Relative to the folder (`Root.plist`, `res/xml/main.xml`); checked by `relativeParts`.
        public var relative: String
        /// The whole content.
        public var bytes: [UInt8]
        /// A file to write at `relative` with `bytes`.
        public init(relative: String, bytes: [UInt8]) {
            self.relative = relative
            self.bytes = bytes
        }
    }

    /// Writes every file below `root` (made when missing): first every name is checked
    /// (inside `root`, no `..`, no link on the way, no target that is not a regular file, no
    /// two files with one name, none that is one of `inputs`), then each file is written to
    /// a temporary name beside its target (`stage`), then all are renamed into place. A
    /// refusal found by the checks, or a file that cannot be written, leaves every file as it
    /// was (folders made on the way may remain, empty).
    public static func write(_ files: [Planned], inside root: String, mode: mode_t = 0o644,
                             inputs: [String] = []) throws {
        var st = stat()
        if stat(root, &st) == 0, st.st_mode & S_IFMT != S_IFDIR {
            throw FileError(path: root, reason: .notAFolder("it is a file, not a folder"))
        }
        var seen = Set<String>()
        for file in files {
            let path = try join(root, file.relative)
            guard seen.insert(path).inserted else {
                throw FileError(path: path, reason: .badName("two files of this output have this name; refused"))
            }
            try checkFolders(of: file.relative, inside: root)
            _ = try replaceableTarget(path)
            try checkNotInput(path, inputs: inputs)
        }
        // Every file is written beside its target first; only when all are written are they
        // renamed into place, so a folder or file that cannot be written leaves no file of
        // this output behind (SPEC §14; `init` that cannot write tests/ leaves no settings.lua).
        var staged: [Staged] = []
        do {
            for file in files {
                let (folder, _) = split(file.relative)
                let parent = file.relative.contains("/") ? try makeFolders(folder, inside: root, mode: 0o755) : root
                if !file.relative.contains("/") { try makeFolders(root) }
                staged.append(try stage(joinText(parent, split(file.relative).name), with: file.bytes, mode: mode))
            }
        } catch {
            for file in staged { file.discard() }
            throw error
        }
        for (index, file) in staged.enumerated() {
            do { try file.commit() } catch {
                for later in staged[(index + 1)...] { later.discard() }
                throw error
            }
        }
    }

    /// Throws when a folder on the way to `relative` below `root` exists and is not a folder
    /// (a link, a file); missing ones are fine (they will be made).
    private static func checkFolders(of relative: String, inside root: String) throws {
        var current = root
        for part in try relativeParts(relative).dropLast() {
            current = joinText(current, part)
            switch kind(current) {
            case .folder, .missing: continue
            case .link: throw FileError(path: current, reason: .notAFolder("it is a symbolic link; luascreen does not write through links"))
            case .file, .other: throw FileError(path: current, reason: .notAFolder("it is a file, not a folder"))
            }
        }
    }
}
