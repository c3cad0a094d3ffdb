@preconcurrency import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen

/// `check`, `dump` and `render`.
enum Commands {
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

    static func sessionOptions(_ options: Options, store: ValueStore?) -> SessionOptions {
        // The text arrives sanitized (Session's sink).
        var session = SessionOptions(limits: options.limits, trusted: options.trusted, store: store, print: { text in
            print(text)
        })
        session.locale = options.locale ?? Translations.environmentLocale(ProcessInfo.processInfo.environment)
        return session
    }

    /// check SCRIPT...: every problem of every script, ordered by line; exit 0 when clean.
    static func check(_ options: Options) -> Int32 {
        var all: [Diagnostic] = []
        for path in options.paths {
            var found: [Diagnostic] = []
            do {
                let session = try Session.open(path: path, options: sessionOptions(options, store: MemoryStore()))
                found = session.loadWarnings + session.evaluationProblems() + session.storeKeyWarnings()
                if options.locale != nil { found += session.untranslatedStrings() }
                finished(session)
            } catch let error as LoadError {
                found = error.diagnostics
            } catch {
                found = [Diagnostic(file: path, line: nil, path: "", message: "\(error)")]
            }
            all += Diagnostic.sorted(found)
        }
        if options.json {
            let list = JSONValue.array(all.map { d in
                .object([("file", .string(d.file)), ("line", d.line.map { .integer(Int64($0)) } ?? .null),
                         ("severity", .string(d.severity.rawValue)), ("path", .string(d.path)),
                         ("message", .string(d.message))])
            })
            print(list.serialized(pretty: true))
        } else {
            for d in all { printError(d.description) }
        }
        return all.contains { $0.severity == .error } ? 1 : 0
    }

    static func dump(_ options: Options) -> Int32 {
        guard let session = openReadOnly(options) else { return 1 }
        defer { finished(session) }
        print(session.dump().serialized(pretty: true))
        printWarnings(session)
        return 0
    }

    /// Warnings found while evaluating (a stored value of the wrong type for its row).
    static func printWarnings(_ session: Session) {
        for warning in session.warnings { printError(sanitize("\(session.scriptPath): warning: \(warning)")) }
    }

    static func render(_ options: Options) -> Int32 {
        guard let session = openReadOnly(options) else { return 1 }
        defer { finished(session) }
        let started = monotonicNanos()
        var screen: ResolvedScreen
        if let id = options.screen {
            do {
                try session.go(to: [session.app.root, id])
            } catch {
                printError(sanitize("\(options.paths[0]): error: no screen with id \"\(id)\" (screens: \(session.screenIDs.joined(separator: ", ")))"))
                return 1
            }
        }
        var footer: String? = nil
        if let page = options.page {
            let shown = session.page(page, rowsPerPage: options.pageRows)
            screen = shown.screen
            if shown.count > 1 { footer = "-- page \(shown.index) of \(shown.count) --" }
        } else {
            screen = session.currentScreen()
        }
        var renderOptions = Terminal.renderOptions(options)
        renderOptions.words = session.rendererWords
        var text = TextRenderer(options: renderOptions).renderText(screen)
        if let footer { text += footer + "\n" }
        let elapsed = Double(monotonicNanos() - started) / 1e6
        print(text, terminator: "")
        for message in session.messages { print(sanitize(message)) }
        printWarnings(session)
        if ProcessInfo.processInfo.environment["LUASCREEN_TIMING"] != nil {
            printError("timing: render \("\((elapsed * 1000).rounded() / 1000)") ms")
        }
        return 0
    }

    /// A session whose values are read from the store but never written.
    static func openReadOnly(_ options: Options) -> Session? {
        let path = options.paths[0]
        do {
            var sessionOptions = sessionOptions(options, store: nil)
            sessionOptions.storeProvider = { name in
                try StoreChoice.open(options, scriptPath: path, readOnly: true, storeName: name)
            }
            return try Session.open(path: path, options: sessionOptions)
        } catch let error as LoadError {
            for d in error.diagnostics { printError(d.description) }
        } catch {
            printError(sanitize("\(path): error: \(error)"))
        }
        return nil
    }
}

/// Which store a command uses: `--store PATH`, `--store none` (memory), else
/// `$XDG_CONFIG_HOME/luascreen/NAME.json` where NAME is the app's `store` or the script's name.
enum StoreChoice {
    struct ReadOnlyStore: Error {}

    static func open(_ options: Options, scriptPath: String, readOnly: Bool, storeName: String? = nil) throws -> ValueStore {
        let path: String
        if let given = options.storePath {
            if given == "none" { return MemoryStore() }
            path = given
        } else {
            path = StorePaths.defaultPath(name: storeName ?? scriptName(scriptPath))
        }
        let file = try FileStore.open(path: path)
        // check, dump and render read the values but never write them.
        return readOnly ? ReadOnlyView(file) : file
    }

    static func scriptName(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
    }
}

/// A store that reads another and refuses writes (for check, dump and render).
final class ReadOnlyView: ValueStore {
    let base: ValueStore
    init(_ base: ValueStore) { self.base = base }
    func value(for key: String) -> StoreValue? { base.value(for: key) }
    var values: [(key: String, value: StoreValue)] { base.values }
    var location: String { base.location }
    func commit(_ changes: [(key: String, value: StoreValue?)]) throws {
        throw StoreError.io(path: base.location, operation: "write (this command only reads the values)", code: 30)
    }
}
