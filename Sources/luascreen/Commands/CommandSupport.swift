#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import ScreenModel

/// What the commands share: the session options the command line gives, opening a script
/// read-only, printing its warnings, and keeping one-shot sessions until the process exits.
enum CommandSupport {
    /// Sessions of one-shot commands, kept until the process exits.
    nonisolated(unsafe) static var retainedUntilExit: [Session] = []

    /// A one-shot command is done with its session. The last one is not closed: the process
    /// exits next and the system takes its memory back at once, where closing the Lua state
    /// would free every object one by one (a tenth of `check`'s time on a large screen).
    /// Sessions before the last (`check` of several scripts) are closed as usual.
    static func finished(_ session: Session) {
        for earlier in retainedUntilExit { earlier.close() }
        retainedUntilExit = [session]
    }

    /// The session options of the command line: limits, sandbox, locale, and where the
    /// script's `print` goes (`printsDocument`).
    static func sessionOptions(_ options: Options, store: ValueStore?) -> SessionOptions {
        // The text arrives sanitized (Session's sink). The one rule for every output that is a
        // document: a script's print never reaches it, it goes to standard error.
        let toStandardError = printsDocument(options)
        var session = SessionOptions(limits: options.limits, trusted: options.trusted, store: store, print: { text in
            if toStandardError { printError(text) } else { print(text) }
        })
        session.locale = options.locale ?? Translations.environmentLocale(variable: Environment.value)
        return session
    }

    /// Whether the command's standard output is a document a program reads (`dump`'s JSON,
    /// `graph`'s DOT or SVG, `stubs`, `--json`, `--out -`, the URL `preview` prints first), not
    /// text for a person: then a script's `print` goes to standard error, so it can never
    /// corrupt the document or smuggle markup into it. `check`, `render`, `run`, `explore` and
    /// `test` keep it on stdout (sanitized, as everything a script prints).
    static func printsDocument(_ options: Options) -> Bool {
        if options.json || options.out == "-" { return true }
        switch options.command {
        case .dump, .graph, .stubs, .export, .import_, .lsp, .completions, .man, .preview: return true
        case .run, .check, .render, .test, .explore, .init_: return false
        }
    }

    /// The store of `--store` (or the default file), opened once the app's `store` name is known.
    static func openStore(_ options: Options, scriptPath: String, readOnly: Bool, storeName: String?) throws -> ValueStore {
        try StoreChoice.open(given: options.storePath, scriptPath: scriptPath, storeName: storeName, readOnly: readOnly,
                             readOnlyReason: "\(options.command.rawValue) only reads the values",
                             format: options.storeFormat.flatMap(StoreChoice.Format.init(rawValue:)))
    }

    /// A session whose values are read from the store but never written (check, dump, render);
    /// nil, with the problems printed, when the script does not load.
    /// `-` is standard input, as for `check`: saved in a private temporary folder (so it can
    /// `require` nothing), named `stdin` in what is printed, the folder removed once loaded.
    static func openReadOnly(_ options: Options) -> Session? {
        var path = options.paths[0]
        var stdinFolder: String?
        if path == "-" {
            do { (stdinFolder, path) = try CheckCommand.readStandardInput() } catch {
                printError(sanitize("stdin: error: \(error)"))
                return nil
            }
        }
        defer { if let stdinFolder { CheckCommand.removeFolder(stdinFolder) } }
        do {
            var sessionOptions = sessionOptions(options, store: nil)
            sessionOptions.storeProvider = { name in
                try openStore(options, scriptPath: path, readOnly: true, storeName: name)
            }
            return try Session.open(path: path, options: sessionOptions)
        } catch let error as LoadError where stdinFolder != nil {
            for d in error.diagnostics { printError(CheckCommand.renamed(d, from: path, to: "stdin").description) }
        } catch {
            printLoadError(error, path: path)
        }
        return nil
    }

    /// The session of `run` and `preview`: the script (or its app) loaded with its store opened to be
    /// written (after the script chose its name); nil, with the problems printed, when the
    /// script does not load or the store cannot be opened. Load warnings are printed.
    /// A module of an app (`Project.forFile`: its project file says so, or it does not load
    /// alone) opens the app instead, with a note saying so.
    static func openWritable(_ options: Options) -> Session? {
        let given = options.paths[0]
        func open(_ path: String) throws -> Session {
            var sessionOptions = sessionOptions(options, store: nil)
            sessionOptions.storeProvider = { name in
                try openStore(options, scriptPath: path, readOnly: false, storeName: name)
            }
            return try Session.open(path: path, options: sessionOptions)
        }
        /// The app `given` is a module of, named as a person names it, with the note printed.
        func app(_ found: [Diagnostic]?) throws -> String? {
            guard let project = try Project.forFile(given, found: found) else { return nil }
            let entry = Project.shown(project.entry)
            printError(sanitize("\(given): note: a module of the app \(entry): running the app"))
            return entry
        }
        let session: Session
        do {
            if let entry = try app(nil) {
                session = try open(entry)
            } else {
                do { session = try open(given) } catch let error as LoadError where Project.openedAlone(error.diagnostics) {
                    guard let entry = try app(error.diagnostics) else { throw error }
                    session = try open(entry)
                }
            }
        } catch let error as LoadError {
            for diagnostic in error.diagnostics { printError(diagnostic.description) }
            return nil
        } catch let error as ProjectFileError {
            printError(sanitize(error.description))
            return nil
        } catch {
            printError(errorLine(error))
            return nil
        }
        for warning in session.loadWarnings { printError(warning.description) }
        return session
    }

    /// A load failure: each diagnostic of a `LoadError`, else `PLACE: error: ...` (`errorLine`).
    static func printLoadError(_ error: Error, path: String) {
        if let error = error as? LoadError {
            for d in error.diagnostics { printError(d.description) }
        } else {
            printError(errorLine(error, about: path))
        }
    }

    /// An error as one diagnostic line, its place first as editors read it (SPEC §2):
    /// `FILE:LINE: error: ...` when the message begins with a place (a script's error), the
    /// store file's place for a store error (with the line and column of the JSON it could
    /// not read), else `FILE: error: ...` with `file`, else `error: ...`. Sanitized.
    static func errorLine(_ error: Error, about file: String? = nil) -> String {
        let text = described(error)
        var placed = PlacedMessage(text, fallback: storeFile(of: error) ?? file)
        if let (place, text) = (error as? StoreError)?.placedAtJSON { placed = PlacedMessage(place: place, text: text) }
        return sanitize(placed.line("error"))
    }

    /// The store file a store error is about, when its message begins with it.
    private static func storeFile(of error: Error) -> String? {
        switch error as? StoreError {
        case .damaged(let path, _, _)?, .io(let path, _, _)?, .tooLarge(let path, _)?, .fileTooLarge(let path, _)?: return path
        default: return nil
        }
    }

    /// An error's text, with how the command line chooses another store when the library's
    /// message says to choose one (the library names no option).
    static func described(_ error: Error) -> String {
        let text = "\(error)"
        var storeError = error as? StoreError
        if case .store(let cause)? = (error as? SessionError)?.cause { storeError = cause }
        return storeError?.advisesAnotherStore == true ? text + " (--store PATH)" : text
    }

    /// Warnings found while evaluating (a stored value of the wrong type for its row).
    static func printWarnings(_ session: Session) {
        for warning in session.warnings { printError(sanitize("\(session.scriptPath): warning: \(warning)")) }
    }
}
