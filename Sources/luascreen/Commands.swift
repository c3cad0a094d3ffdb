import Foundation
import LuaRuntime
import LuaScreen
import ScreenModel
import ScreenRender

/// `check`, `dump` and `render`.
enum Commands {
    static func sessionOptions(_ options: Options, store: ValueStore?) -> SessionOptions {
        SessionOptions(limits: options.limits, trusted: options.trusted, store: store, print: { text in
            print(text)
        })
    }

    /// check SCRIPT...: every problem of every script, ordered by line; exit 0 when clean.
    static func check(_ options: Options) -> Int32 {
        var all: [Diagnostic] = []
        for path in options.paths {
            var found: [Diagnostic] = []
            do {
                let session = try Session.open(path: path, options: sessionOptions(options, store: MemoryStore()))
                found = session.loadWarnings + session.evaluationProblems()
                session.close()
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
        defer { session.close() }
        print(session.dump().serialized(pretty: true))
        return 0
    }

    static func render(_ options: Options) -> Int32 {
        guard let session = openReadOnly(options) else { return 1 }
        defer { session.close() }
        let started = DispatchTime.now().uptimeNanoseconds
        var screen: ResolvedScreen
        if let id = options.screen {
            do {
                try session.go(to: [session.app.root, id])
            } catch {
                printError("\(options.paths[0]): error: no screen with id \"\(id)\" (screens: \(session.screenIDs.joined(separator: ", ")))")
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
        var text = TextRenderer(options: Terminal.renderOptions(options)).renderText(screen)
        if let footer { text += footer + "\n" }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        print(text, terminator: "")
        for message in session.messages { print(message) }
        if ProcessInfo.processInfo.environment["LUASCREEN_TIMING"] != nil {
            printError("timing: render \(String(format: "%.3f", elapsed)) ms")
        }
        return 0
    }

    /// A session whose values are read from the store but never written.
    static func openReadOnly(_ options: Options) -> Session? {
        let path = options.paths[0]
        do {
            let store = try StoreChoice.open(options, scriptPath: path, readOnly: true)
            return try Session.open(path: path, options: sessionOptions(options, store: store))
        } catch let error as LoadError {
            for d in error.diagnostics { printError(d.description) }
        } catch {
            printError("\(path): error: \(error)")
        }
        return nil
    }
}

/// Which store a command uses.
enum StoreChoice {
    static func open(_ options: Options, scriptPath: String, readOnly: Bool) throws -> ValueStore {
        // Until the file store lands every command keeps values in memory.
        return MemoryStore()
    }
}
