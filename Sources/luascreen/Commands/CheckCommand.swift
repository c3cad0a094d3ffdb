@preconcurrency import Glibc
import LuaScreen
import LuaScreenTesting

/// `luascreen check SCRIPT|DIR|-... [--json] [--werror]`: every problem of every script,
/// ordered by line; exit 0 when there is no error (nor, with `--werror`, a warning).
///
/// A folder stands for every `*.lua` under it (`ScriptFiles.scripts`) but test files, and
/// without the modules a checked script required (a module is checked as part of the
/// script that requires it). A locale file is checked as one. `-` reads the script from
/// standard input; its diagnostics name it `stdin`.
enum CheckCommand {
    /// One file to check: its path, the name diagnostics give it, whether a folder gave it.
    struct Target {
        var path: String
        var shown: String
        var fromFolder: Bool
    }

    static func run(_ options: Options) -> Int32 {
        var all: [Diagnostic] = []
        var targets: [Target] = []
        var stdinFolder: String?
        defer { if let stdinFolder { removeFolder(stdinFolder) } }
        for operand in options.paths {
            if operand == "-" {
                do {
                    let (folder, path) = try readStandardInput()
                    stdinFolder = folder
                    targets.append(Target(path: path, shown: "stdin", fromFolder: false))
                } catch {
                    all.append(Diagnostic.ofErrorText(file: "stdin", line: nil, path: "", message: "\(error)"))
                }
            } else if Files.kind(operand) == .folder {
                let scripts = ScriptFiles.scripts(under: operand)
                if scripts.isEmpty {
                    all.append(Diagnostic(file: operand, line: nil, path: "", message: "no scripts (*.lua files other than *_test.lua) in this folder"))
                }
                targets += scripts.map { Target(path: $0, shown: $0, fromFolder: true) }
            } else {
                targets.append(Target(path: operand, shown: operand, fromFolder: false))
            }
        }
        var found: [(target: Target, diagnostics: [Diagnostic], required: [String])] = []
        var parts = CheckParts()
        for target in targets {
            let (diagnostics, required) = check(target.path, options)
            // A module of an app (Project.forFile): checked as part of it.
            if target.shown != "stdin" {
                do throws(ProjectFileError) {
                    if let project = try Project.forFile(target.path, found: diagnostics) {
                        parts.add(target, of: project)
                        continue
                    }
                } catch {
                    all.append(error.diagnostic)
                    continue
                }
            }
            found.append((target, diagnostics.map { renamed($0, from: target.path, to: target.shown) }, required))
        }
        // A module a checked script required was checked with it (a cycle of requires: the first of it stands for the rest).
        let covered = CheckParts.covered(found.map { (real($0.target.path), $0.target.fromFolder, $0.required) })
        for (target, diagnostics, _) in found where !covered.contains(real(target.path)) {
            all += Diagnostic.sorted(diagnostics)
        }
        all += parts.check(checked: Set(found.map { real($0.target.path) }), note: options.json ? { _ in } : { printError($0) }) {
            check($0, options).0
        }
        if let todo = options.todo {
            if let problem = writeTodo(todo, targets: targets, options) { all.append(problem) }
        }
        if options.json {
            print(Diagnostic.json(all).serialized(pretty: true))
        } else {
            for d in all { printError(d.description) }
        }
        // Compared, not put in a Set: the first Set<Severity> made costs 0.23 M instructions
        // at run time (its Hashable conformance looked up), a tenth of a one-row check.
        return all.contains { $0.severity == .error || (options.werror && $0.severity == .warning) } ? 1 : 0
    }

    /// The diagnostics of one script, and the real paths of the modules it required (the
    /// library's check; the session is kept open until the process ends, as every command's).
    static func check(_ path: String, _ options: Options) -> ([Diagnostic], [String]) {
        DocumentCheck.check(path: path, options: CommandSupport.sessionOptions(options, store: MemoryStore()),
                            untranslated: options.locale != nil, finish: CommandSupport.finished)
    }

    /// The real path of `path` (itself when it has none).
    static func real(_ path: String) -> String { Files.realPath(path) ?? path }

    /// `--todo FILE`: the texts the locale lacks in every checked script, each once, as
    /// `return { ["text"] = nil, -- TODO ... }` in a new file (one there already is refused:
    /// nothing a person wrote is overwritten). An error diagnostic when it cannot be written.
    static func writeTodo(_ file: String, targets: [Target], _ options: Options) -> Diagnostic? {
        guard let locale = options.locale else {
            return Diagnostic(file: file, line: nil, path: "", message: "--todo needs --locale LANG (the locale whose missing texts it lists)")
        }
        guard Files.kind(file) == .missing else {
            return Diagnostic(file: file, line: nil, path: "", message: "exists already; --todo writes a new file (name another, or remove it)")
        }
        var texts: [String] = []
        var seen = Set<String>()
        for target in targets {
            let session = try? Session.open(path: target.path, options: CommandSupport.sessionOptions(options, store: MemoryStore()))
            for text in session?.untranslatedTexts() ?? [] where seen.insert(text).inserted { texts.append(text) }
        }
        let out = Session.todoFile(locale: locale, texts: texts)
        do {
            try Files.replace(file, with: Array(out.utf8), mode: 0o644)
        } catch {
            return Diagnostic(file: file, line: nil, path: "", message: "not written: \(error)")
        }
        return nil
    }

    /// `d` with the file `path` named `shown` (standard input's temporary file as `stdin`).
    static func renamed(_ d: Diagnostic, from path: String, to shown: String) -> Diagnostic {
        guard path != shown else { return d }
        var d = d
        if d.file == path { d.file = shown }
        d.message = d.message.replacing(path, with: shown)
        d.calledFrom = d.calledFrom.map { $0.file == path ? SourceLocation(file: shown, line: $0.line) : $0 }
        return d
    }

    /// Standard input saved as `stdin.lua` in a new private temporary folder: (folder, file).
    static func readStandardInput() throws -> (String, String) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(STDIN_FILENO, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Options.UsageError(description: "cannot read standard input: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes += buffer[..<n]
            guard bytes.count <= Files.defaultReadLimit else {
                throw Options.UsageError(description: "standard input is larger than \(Files.defaultReadLimit >> 20) MiB")
            }
        }
        let folder: String
        do { folder = try Files.makePrivateFolder("check") } catch let error as FileError {
            guard case .system(_, let code) = error.reason else { throw error }
            throw Options.UsageError(description: "cannot make a temporary folder for standard input: \(Files.systemText(code))")
        }
        let path = folder + "/stdin.lua"
        try Files.replace(path, with: bytes, mode: 0o600)
        return (folder, path)
    }

    /// Removes the temporary folder of standard input and the file in it.
    static func removeFolder(_ folder: String) {
        Files.removePrivateFolder(folder, holding: ["stdin.lua"])
    }
}
