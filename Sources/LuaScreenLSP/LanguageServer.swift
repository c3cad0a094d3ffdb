#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaScreen
import LuaScreenCore
import ScreenModel

/// The language server of `luascreen lsp` (SPEC §16): reads LSP messages, answers requests
/// from the open documents' text, and checks each document as `check` does on a thread of
/// its own, after 150 ms without a change (DocumentChecks.swift).
///
/// Bound to two threads: `handle` runs on the reading thread; the checker thread runs the
/// checks. What both touch (`documents`, the schedule, the output) is behind `lock`, hence
/// `@unchecked Sendable`.
public final class LanguageServer: @unchecked Sendable {
    /// The most diagnostics kept and published for one file (a note counts the rest): a
    /// script that makes 100,000 problems costs the server no more than a thousand.
    public static let maxDiagnostics = 1000
    /// How long after the last change a document is checked.
    public var debounce: Double = 0.150
    /// How long after a row checked alone (`recheckRow`) the whole app is checked, when
    /// nothing else changed.
    public var wholeCheckDelay: Double = 1.0
    /// The budgets of each check (the command line's, as for `check`).
    public let limits: LuaLimits
    /// The version `initialize` names.
    public let version: String

    let lock = ServerLock()
    var documents: [String: OpenDocument] = [:]
    /// Documents to check, and when.
    var due: [String: Double] = [:]
    var initialized = false
    /// The workspace's folder (`initialize`'s `rootUri`, `rootPath` or first workspace folder):
    /// where the app of a module opened alone is looked for.
    var workspaceRoot: String?
    var shuttingDown = false
    /// Set by `exit`: the status to end with.
    public private(set) var exitStatus: Int32?
    /// Set by `stop`: the checker thread ends.
    var stopping = false
    private let write: @Sendable (Data) -> Void
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return e
    }()
    private let decoder = JSONDecoder()

    /// A server writing each framed message with `write` (it is called under a lock).
    public init(limits: LuaLimits, version: String, write: @escaping @Sendable (Data) -> Void) {
        self.limits = limits
        self.version = version
        self.write = write
    }

    // MARK: output

    func send<T: Encodable>(_ value: T) {
        guard let body = try? encoder.encode(value) else { return }
        lock.lock()
        write(framed(body))
        lock.unlock()
    }

    func respond<R: Encodable>(_ id: RequestID?, _ result: R?) {
        send(OutgoingResponse(id: id, result: result, error: nil))
    }

    func respondError(_ id: RequestID?, _ error: ResponseError) {
        send(OutgoingResponse<JSONAny>(id: id, result: nil, error: error))
    }

    // MARK: input

    /// One message body: a request (a message with an `id`, whatever its method) is answered
    /// with its own id, a notification acted on and never answered; a body that is no JSON
    /// gets a parse error, JSON that is no message an invalid-request error (naming its id when
    /// it has a readable one).
    public func handle(body: [UInt8]) {
        let data = Data(body)
        let envelope: IncomingMessage
        do {
            envelope = try decoder.decode(IncomingMessage.self, from: data)
        } catch {
            if (try? decoder.decode(JSONAny.self, from: data)) != nil {
                respondError(nil, ResponseError(code: ResponseError.invalidRequest, message: "the message is JSON but no JSON-RPC object"))
                return
            }
            respondError(nil, ResponseError(code: ResponseError.parseError, message: "the message is not a JSON-RPC object: \(short(error))"))
            return
        }
        if envelope.hasID, !envelope.idIsReadable {
            respondError(nil, ResponseError(code: ResponseError.invalidRequest, message: "the id is no number, string or null"))
            return
        }
        guard let method = envelope.method else {
            // A response to a request the server never sent is ignored; anything else is no message.
            if envelope.methodIsBad || !envelope.isResponse {
                respondError(envelope.id, ResponseError(code: ResponseError.invalidRequest, message: envelope.methodIsBad ? "the method is not a string" : "a message without a method"))
            }
            return
        }
        dispatch(method, id: envelope.hasID ? (envelope.id ?? .null) : nil, data: data)
    }

    private func short(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let c) = error { return c.debugDescription }
        if case DecodingError.typeMismatch(_, let c) = error { return c.debugDescription }
        if case DecodingError.keyNotFound(let k, _) = error { return "missing \(k.stringValue)" }
        return "\(error)"
    }

    private func params<P: Decodable>(_ type: P.Type, _ data: Data) throws -> P {
        do {
            return try decoder.decode(IncomingParams<P>.self, from: data).params
        } catch {
            throw ResponseError(code: ResponseError.invalidParams, message: "invalid params: \(short(error))")
        }
    }

    /// The methods that are notifications in LSP: acted on; answered (`null`) only when sent with an id.
    private static let notifications: Set<String> = [
        "initialized", "exit", "$/cancelRequest", "$/setTrace", "$/progress", "workspace/didChangeConfiguration",
        "workspace/didChangeWatchedFiles", "workspace/didChangeWorkspaceFolders", "textDocument/didOpen",
        "textDocument/didChange", "textDocument/didClose", "textDocument/didSave", "textDocument/willSave",
    ]

    /// Routes one message. `id` nil: a notification, never answered (a request's method sent
    /// without an id is not run: there is nobody to answer, and `shutdown` must be a request).
    /// Every request gets exactly one answer, with its own id.
    private func dispatch(_ method: String, id: RequestID?, data: Data) {
        let isNotification = LanguageServer.notifications.contains(method)
        if id == nil, !isNotification { return }
        if method == "exit" {
            // LSP: 0 when a `shutdown` request came before, else 1.
            if let id { respond(id, JSONAny.null) }
            exitStatus = shuttingDown ? 0 : 1
            return
        }
        if method == "initialize" {
            guard let id else { return }
            lock.lock()
            let again = initialized
            initialized = true
            lock.unlock()
            if again {
                respondError(id, ResponseError(code: ResponseError.invalidRequest, message: "initialize was sent already"))
            } else {
                if let p = try? decoder.decode(IncomingParams<InitializeParams>.self, from: data).params {
                    let uri = p.rootUri ?? p.workspaceFolders?.first?.uri
                    lock.lock()
                    workspaceRoot = uri.map(URIs.path) ?? p.rootPath.map(URIs.standard)
                    lock.unlock()
                }
                respond(id, InitializeResult(serverInfo: .init(version: version)))
            }
            return
        }
        guard initialized else {
            if let id { respondError(id, ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first")) }
            return
        }
        if shuttingDown {
            if let id { respondError(id, ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down")) }
            return
        }
        do {
            if isNotification {
                try notified(method, data: data)
                if let id { respond(id, JSONAny.null) }
                return
            }
            guard let id else { return }
            switch method {
            case "shutdown":
                shuttingDown = true
                respond(id, JSONAny.null)
            case "textDocument/completion":
                let p = try params(PositionParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { document -> CompletionList in
                    let completion = Completion(server: self, document: &document)
                    document = completion.document
                    return completion.items(at: p.position)
                })
            case "textDocument/hover":
                let p = try params(PositionParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { Hovering.hover(&$0, at: p.position, server: self) } ?? nil)
            case "textDocument/definition":
                let p = try params(PositionParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { Navigation(server: self).definition(&$0, at: p.position) } ?? [])
            case "textDocument/references":
                let p = try params(ReferenceParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { Navigation(server: self).references(&$0, at: p.position) } ?? [])
            case "textDocument/rename":
                let p = try params(RenameParams.self, data)
                let edit = try withDocument(p.textDocument.uri) { try Navigation(server: self).rename(&$0, at: p.position, to: p.newName) }
                respond(id, edit ?? nil)
            case "textDocument/prepareRename":
                let p = try params(PositionParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { Navigation(server: self).keyAt(&$0, p.position)?.range } ?? nil)
            case "textDocument/documentSymbol":
                let p = try params(DocumentParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { Symbols.symbols(&$0) } ?? [])
            case "textDocument/codeAction":
                let p = try params(CodeActionParams.self, data)
                respond(id, withDocument(p.textDocument.uri) { CodeActions.actions(&$0, range: p.range, diagnostics: p.context.diagnostics) } ?? [])
            default:
                respondError(id, ResponseError(code: ResponseError.methodNotFound, message: "unknown method \(sanitize(String(method.prefix(200)), lineBreaks: .escape))"))
            }
        } catch let error as ResponseError {
            if let id { respondError(id, error) }
        } catch {
            if let id { respondError(id, ResponseError(code: ResponseError.internalError, message: "\(error)")) }
        }
    }

    /// Acts on a notification (one of `notifications` but `exit`).
    private func notified(_ method: String, data: Data) throws {
        switch method {
        case "textDocument/didOpen": opened(try params(DidOpenParams.self, data))
        case "textDocument/didChange": changed(try params(DidChangeParams.self, data))
        case "textDocument/didClose": closed(try params(DidCloseParams.self, data))
        case "workspace/didChangeWatchedFiles": filesChanged(try params(DidChangeWatchedFilesParams.self, data))
        default: break
        }
    }

    /// Runs `body` on the open document `uri` (its outline cached back); nil when it is not open.
    func withDocument<T>(_ uri: String, _ body: (inout OpenDocument) throws -> T) rethrows -> T? {
        lock.lock()
        guard var document = documents[uri] else {
            lock.unlock()
            return nil
        }
        lock.unlock()
        let result = try body(&document)
        lock.lock()
        if let current = documents[uri], current.doc.version == document.doc.version {
            documents[uri]?.outline = document.outline
            documents[uri]?.staleOutline = document.staleOutline
            documents[uri]?.lastGoodOutline = document.lastGoodOutline
        }
        lock.unlock()
        return result
    }

    /// Keeps the outline made for `document` if its text is still the current one.
    func cacheOutline(of document: OpenDocument) {
        lock.lock()
        if documents[document.doc.uri]?.doc.version == document.doc.version {
            documents[document.doc.uri]?.outline = document.outline
            documents[document.doc.uri]?.staleOutline = document.staleOutline
        }
        lock.unlock()
    }

    /// The open documents (a copy).
    func snapshot() -> [String: OpenDocument] {
        lock.lock()
        defer { lock.unlock() }
        return documents
    }

    // MARK: documents

    private func opened(_ p: DidOpenParams) {
        let item = p.textDocument
        lock.lock()
        documents[item.uri] = OpenDocument(doc: TextDocument(uri: item.uri, version: item.version ?? 0, text: item.text),
                                           path: URIs.path(item.uri))
        lock.unlock()
        scheduleWithDependents(item.uri, after: 0)
    }

    private func changed(_ p: DidChangeParams) {
        lock.lock()
        guard documents[p.textDocument.uri] != nil else {
            lock.unlock()
            return
        }
        // In place (the outline's arrays are not copied when nothing else holds them).
        documents[p.textDocument.uri]!.apply(p.contentChanges)
        documents[p.textDocument.uri]!.doc.version = p.textDocument.version ?? documents[p.textDocument.uri]!.doc.version + 1
        lock.unlock()
        scheduleWithDependents(p.textDocument.uri, after: debounce)
    }

    private func closed(_ p: DidCloseParams) {
        lock.lock()
        let path = documents[p.textDocument.uri]?.path
        documents[p.textDocument.uri] = nil
        due[p.textDocument.uri] = nil
        let requirers = documents.filter { path != nil && $0.value.modules.contains(path!) }.map(\.key)
        lock.unlock()
        send(OutgoingNotification(method: "textDocument/publishDiagnostics", params: PublishDiagnosticsParams(uri: p.textDocument.uri, version: nil, diagnostics: [])))
        for uri in requirers { schedule(uri, after: debounce) }
    }

    /// Files changed on disk (a module, a locale file): every open document whose last check
    /// read one of them is checked again, once.
    private func filesChanged(_ p: DidChangeWatchedFilesParams) {
        let paths = Set(p.changes.map { URIs.path($0.uri) })
        lock.lock()
        let affected = documents.filter { !$0.value.modules.isDisjoint(with: paths) }.map(\.key)
        lock.unlock()
        for uri in affected { schedule(uri, after: debounce) }
    }

    /// Checks `uri`, and every open document whose last check read it (a script requiring it,
    /// through any chain of modules), after `delay` seconds without another change. The only
    /// place a check is caused by another document: once per change (or open, or close) of
    /// a document, never by a check, so documents that require each other are checked once.
    func scheduleWithDependents(_ uri: String, after delay: Double) {
        lock.lock()
        let path = documents[uri]?.path
        let dependents = documents.filter { $0.key != uri && path != nil && $0.value.modules.contains(path!) }.map(\.key)
        lock.unlock()
        schedule(uri, after: delay, ownText: true)
        for other in dependents { schedule(other, after: delay) }
    }

    /// Checks `uri` after `delay` seconds without another change (a later call moves it on).
    /// Unless only its own text changed (`ownText`), it is checked whole: something it reads did.
    func schedule(_ uri: String, after delay: Double, ownText: Bool = false) {
        lock.lock()
        due[uri] = now() + delay
        if !ownText { documents[uri]?.readsChanged = true }
        lock.broadcast()
        lock.unlock()
    }

    func now() -> Double { ServerLock.now() }
}

/// What the server reads of `initialize`'s params: where the workspace is.
struct InitializeParams: Decodable {
    struct Folder: Decodable { var uri: String }
    var rootUri: String?
    var rootPath: String?
    var workspaceFolders: [Folder]?
}

/// What the server can do, for `initialize`.
struct InitializeResult: Encodable {
    struct Capabilities: Encodable {
        struct Sync: Encodable {
            var openClose = true
            var change = 2  // incremental
        }
        struct CompletionOptions: Encodable { var triggerCharacters = [".", ":", "\"", "'", "{", ",", " "] }
        struct RenameOptions: Encodable { var prepareProvider = true }
        struct CodeActionOptions: Encodable { var codeActionKinds = ["quickfix"] }
        var positionEncoding = "utf-16"
        var textDocumentSync = Sync()
        var completionProvider = CompletionOptions()
        var hoverProvider = true
        var definitionProvider = true
        var referencesProvider = true
        var documentSymbolProvider = true
        var codeActionProvider = CodeActionOptions()
        var renameProvider = RenameOptions()
    }
    struct Info: Encodable {
        var name = "luascreen"
        var version: String
    }
    var capabilities = Capabilities()
    var serverInfo: Info
}
