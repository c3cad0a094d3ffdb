import LuaRuntime
import ScreenModel
import ScreenRender
import LuaScreenCore
import LuaScreenExplore

/// A session a test opened with `open(path, opts)`: the Swift side of the Lua table whose
/// methods drive it. The screen runs in its own Lua state; values cross between the two
/// states only as `StoreValue`s and `JSONValue`s.
package final class TestSessionHandle {
    package var session: Session?
    let path: String
    let width: Int
    /// The Lua handle standing for this session: its key in `TestFileRun.sessionHandles`.
    var table: UnsafeRawPointer?

    init(path: String, width: Int) {
        self.path = path
        self.width = width
    }

    func close() {
        session?.close()
        session = nil
    }
}

extension TestFileRun {
    /// open(path, opts): a session on the script at `path` (relative to the test file), its
    /// store in memory seeded from `opts.store`; `opts.width` is the width `render()` uses.
    func openSession(_ s: borrowing LuaCall) -> HostResult {
        guard lua != nil else { return .results(0) }
        guard current != nil else { return .error("open() is for use inside a test (sessions end with their test)") }
        guard s.isMainThread else { return .error("open() cannot be called inside a coroutine") }
        guard let relative = s.string(1), !relative.isEmpty else {
            return .error("open(path, opts): path must be the script's path relative to the test file, got \(describeArgument(s, 1))")
        }
        var seed: [(key: String, value: StoreValue)] = []
        var width = options.width
        var locale: String? = nil
        switch s.type(2) {
        case .none, .nil_:
            break
        case .table:
            var problem: String?
            s.argument(2) { opts in
                _ = opts.table { t in
                    t.allPairs { k, v in
                        guard let key = k.string else {
                            problem = "open(path, opts): opts takes store, width and locale, got the key \(describeValue(k))"
                            return false
                        }
                        switch key {
                        case "store":
                            guard v.type == .table else {
                                problem = "open(path, opts): opts.store must be a table of key = value, got \(describeValue(v))"
                                return false
                            }
                            return v.table { store in
                                store.allPairs { nameValue, value in
                                    guard let nameRead = StoreInput.key(nameValue) else {
                                        problem = "open(path, opts): opts.store keys are strings, got \(describeValue(nameValue))"
                                        return false
                                    }
                                    guard case .success(let name) = nameRead else {
                                        problem = "open(path, opts): opts.store: " + nameRead.refusal
                                        return false
                                    }
                                    guard let valueRead = StoreInput.value(value, key: name) else {
                                        problem = "open(path, opts): opts.store.\(name) must be a boolean, number, string or list of strings and numbers, got \(describeValue(value))"
                                        return false
                                    }
                                    guard case .success(let stored?) = valueRead else {
                                        problem = "open(path, opts): opts.store: " + valueRead.refusal
                                        return false
                                    }
                                    seed.append((name, stored))
                                    return true
                                }
                            } ?? true
                        case "width":
                            guard let w = v.integer, w >= 1, w <= 100_000 else {
                                problem = "open(path, opts): opts.width must be a whole number of columns, got \(describeValue(v))"
                                return false
                            }
                            width = Int(w)
                        case "locale":
                            guard v.type == .string, let name = v.string else {
                                problem = "open(path, opts): opts.locale must be a locale name such as \"de\", got \(describeValue(v))"
                                return false
                            }
                            locale = name
                        default:
                            let hint = Suggest.hint(key, ["store", "width", "locale"])
                            problem = "open(path, opts): unknown option \"\(key)\"\(hint) (opts takes store, width and locale)"
                            return false
                        }
                        return true
                    }
                }
            }
            if let problem { return .error(problem) }
        default:
            return .error("open(path, opts): opts must be a table, got \(describeArgument(s, 2))")
        }
        seed.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        // Only inside the test root (SPEC §7): no absolute path, no '..' or link out of it.
        let scriptPath: String
        switch resolve(relative) {
        case .failure(let error): return .error("open: \(error)")
        case .success((let path, _)): scriptPath = path  // a missing file: Session.open says so
        }
        let handle = TestSessionHandle(path: scriptPath, width: width)
        var sessionOptions = SessionOptions(limits: options.limits, trusted: options.trusted, store: MemoryStore(seed),
                                            print: { [weak self] text in self?.note(text) })
        sessionOptions.locale = locale
        do {
            let session = try Session.open(path: scriptPath, options: sessionOptions)
            handle.session = session
            // A seeded store is written like any value: one that breaks its row's rules fails.
            try session.checkStoredValues()
        } catch let error as LoadError {
            return .error("open: \(scriptPath) does not load:\n" + error.description)
        } catch let error as SessionError {
            return .error("open: \(scriptPath): " + error.description)
        } catch {
            return .error("open: \(scriptPath): \(error)")
        }
        sessions.append(handle)
        pushSessionTable(handle, s)
        return .results(1)
    }

    package typealias Method = (TestFileRun, Session, TestSessionHandle, borrowing LuaCall) throws -> HostResult

    /// Every method a session table has: the verbs `VerbTable` offers to tests, in its order,
    /// each named by the table, then the session's own queries and explore's `check`.
    /// `luascreen stubs` describes each.
    package static var allSessionMethods: [(String, Method)] {
        let bodies = Dictionary(uniqueKeysWithValues: navigationVerbMethods + valueVerbMethods + resetVerbMethods)
        let verbs: [(String, Method)] = VerbTable.verbs(in: .tests).map { verb in
            guard let body = bodies[verb] else { preconditionFailure("the test session has no method for the verb \(verb.name)") }
            return (verb.name, body)
        }
        return verbs + queryMethods + exploreMethods
    }

    /// The verbs that select and navigate, each a host function taking the table first.
    static var navigationVerbMethods: [(Verb, Method)] {
        [
            (.select, { run, session, _, s in
                let ref = try run.reference(s, .select)
                let answer: Bool
                switch s.type(3) {
                case .none, .nil_: answer = true
                case .boolean: answer = s.truth(3)
                default: throw SessionError.refused("s:select(REF, answer): answer is true (yes) or false (no), got \(run.describeArgument(s, 3))")
                }
                try SessionVerb.select(row: ref, answer: answer).apply(to: session)
                return .results(0)
            }),
            (.set, { run, session, _, s in
                let ref = try run.reference(s, .set)
                guard s.type(3) != .none, s.type(3) != .nil_ else {
                    throw SessionError.refused("s:set(REF, value): give the new value (a boolean, number or string)")
                }
                guard run.lua != nil else { throw SessionError.refused("s:set(REF, value): no Lua state") }
                switch s.argument(3, { StoreInput.value($0, key: ref) }) {
                case .success(let value?)? where session.symbolNamed(ref) != nil: try session.setSymbol(ref, value: value)
                case .success(let value?)?: try SessionVerb.setValue(row: ref, value: value).apply(to: session)
                case .failure(let refusal)?: throw SessionError.refused("s:set(REF, value): " + refusal.message)
                default:
                    throw SessionError.refused("s:set(REF, value): the value must be a boolean, a finite number, a string or a list of strings and numbers, got \(run.describeArgument(s, 3))")
                }
                return .results(0)
            }),
            (.accessory, { run, session, _, s in
                try SessionVerb.accessory(row: try run.reference(s, .accessory)).apply(to: session)
                return .results(0)
            }),
            (.back, { run, session, _, _ in
                try SessionVerb.back.apply(to: session)
                return .results(0)
            }),
            (.home, { run, session, _, _ in
                try SessionVerb.home.apply(to: session)
                return .results(0)
            }),
            (.reload, { run, session, _, s in
                // A note when the path could not be kept whole, else nothing.
                if let note = try SessionVerb.reload.apply(to: session) {
                    s.push(note)
                    return .results(1)
                }
                return .results(0)
            }),
            (.find, { run, session, _, s in
                guard let text = s.string(2) else {
                    throw SessionError.refused("s:find(text): text must be a string, got \(run.describeArgument(s, 2))")
                }
                // The rows a person can reach: hidden ones are left out (SPEC §5's shape; the
                // REPL's `find` lists them too, marked).
                let (results, errors) = session.search(text)
                // A row whose field function failed could not be searched: the test fails
                // (as a failing field function does for every other method).
                if let error = errors.first { throw SessionError.refused(error) }
                let found = results.filter { !$0.hidden }.map { r in
                    JSONValue.object([("screen", .string(r.screen)), ("row", .string(r.row)), ("text", .string(r.text))])
                }
                s.push(.array(found))
                return .results(1)
            }),
        ]
    }

    /// The session's own queries (not verbs: what a test reads of the session).
    static var queryMethods: [(String, Method)] {
        [
            ("screen", { run, session, _, s in
                s.push(Session.json(session.currentScreen()))
                return .results(1)
            }),
            ("row", { run, session, _, s in
                let row = try session.lookup(try run.reference(s, "row"), includeHidden: true)
                s.push(Session.json(row))
                return .results(1)
            }),
            ("path", { run, session, _, s in
                s.push(.array(session.path.map { .string($0) }))
                return .results(1)
            }),
            ("render", { run, session, handle, s in
                var width = handle.width
                switch s.type(2) {
                case .none, .nil_: break
                default:
                    guard let w = s.integer(2), w >= 1, w <= 100_000 else {
                        throw SessionError.refused("s:render(width): width must be a whole number of columns, got \(run.describeArgument(s, 2))")
                    }
                    width = Int(w)
                }
                let renderer = TextRenderer(options: RenderOptions(width: width, ascii: false, color: false, words: session.rendererWords))
                s.push(renderer.renderText(session.currentScreen()))
                return .results(1)
            }),
            ("store", { run, session, _, s in
                let values = session.storeValues()
                s.pushNewTable(recordCount: values.count) { t in
                    for (key, value) in values { t.set(key, value) }
                }
                return .results(1)
            }),
            ("messages", { run, session, _, s in
                s.push(.array(session.messages.map { .string($0) }))
                return .results(1)
            }),
        ]
    }

    /// A row reference argument of the method of `verb`: its number, id or text.
    func reference(_ s: borrowing LuaCall, _ verb: Verb) throws -> String { try reference(s, verb.name) }

    /// A row reference argument: its number, id or text.
    func reference(_ s: borrowing LuaCall, _ method: String) throws -> String {
        if let text = s.string(2) { return text }
        if let n = s.integer(2) { return String(n) }
        throw SessionError.refused("s:\(method)(REF): REF is a row's number, id or text, got \(describeArgument(s, 2))")
    }

    /// Pushes the session object as a result: a handle (userdata) whose hidden metatable
    /// holds the methods, so `rawset`, `setmetatable` or any trick on it changes nothing the
    /// host keeps (SPEC §7). The metatable is made once a file and shared by its sessions
    /// (each method finds its session by the handle it is called on), not made again with
    /// 40 host functions for every `open`.
    func pushSessionTable(_ handle: TestSessionHandle, _ call: borrowing LuaCall) {
        TestCoverage.opened(handle)
        let metatable = sessionMetatable ?? makeSessionMetatable()
        handle.table = call.pushHandle(sharing: metatable)
        if let pointer = handle.table { sessionHandles[pointer] = handle }
    }

    /// The sessions' metatable: read-only handles, and the methods.
    private func makeSessionMetatable() -> LuaRef {
        let methods = TestCoverage.methods(TestFileRun.allSessionMethods)
        let metatable = lua!.newTableRef(recordCount: 3) { meta in
            meta.set("__metatable", "session")
            meta.set("__newindex", hostCall: { _ in
                .error("a session is read-only: use its methods (s:select, s:set, ...) and keep your own values in locals")
            })
            meta.setTable("__index", recordCount: methods.count) { table in
                for (name, body) in methods {
                    table.set(name, hostCall: { [weak self] s in
                        guard let self else { return .error("\(name): the test run is over") }
                        guard s.type(1) == .userdata, let pointer = s.argument(1, { $0.pointer }),
                              let handle = self.sessionHandles[pointer] else {
                            return .error("\(name): call it as a method of the session, with a colon: s:\(name)(...)")
                        }
                        guard let session = handle.session else {
                            return .error("s:\(name)(): this session is closed (a session ends with the test that opened it)")
                        }
                        do {
                            return try body(self, session, handle, s)
                        } catch let error as SessionError {
                            return .error(error.inTestTerms.description)
                        } catch let error as LoadError {
                            return .error("\(handle.path) does not load:\n" + error.description)
                        } catch {
                            return .error("\(error)")
                        }
                    })
                }
            }
        }
        sessionMetatable = metatable
        return metatable
    }
}

// MARK: values into the test's Lua state

extension LuaValueSink where Self: ~Copyable {
    /// Pushes JSON as Lua: objects and arrays as tables, null as nil.
    func push(_ value: JSONValue) {
        switch value {
        case .null: pushNil()
        case .bool(let b): push(b)
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let str): push(str)
        case .array(let items): pushNewTable(arrayCount: items.count, recordCount: 0) { $0.setItems(items) }
        case .object(let members): pushNewTable(arrayCount: 0, recordCount: members.count) { $0.setMembers(members) }
        }
    }
}

extension LuaTableWriter {
    /// `t[1...] =` the items as Lua (a null leaves its index absent).
    fileprivate func setItems(_ items: [JSONValue]) {
        for (i, item) in items.enumerated() {
            switch item {
            case .null: break
            case .bool(let b): set(at: i + 1, b)
            case .integer(let n): set(at: i + 1, n)
            case .number(let d): set(at: i + 1, d)
            case .string(let str): set(at: i + 1, str)
            case .array(let nested): setTable(at: i + 1, arrayCount: nested.count) { $0.setItems(nested) }
            case .object(let members): setTable(at: i + 1, recordCount: members.count) { $0.setMembers(members) }
            }
        }
    }

    /// `t[key] =` each member's value as Lua (a null member is left out).
    fileprivate func setMembers(_ members: [(key: String, value: JSONValue)]) {
        for (key, value) in members {
            switch value {
            case .null: break
            case .bool(let b): set(key, b)
            case .integer(let n): set(key, n)
            case .number(let d): set(key, d)
            case .string(let str): set(key, str)
            case .array(let nested): setTable(key, arrayCount: nested.count) { $0.setItems(nested) }
            case .object(let nested): setTable(key, recordCount: nested.count) { $0.setMembers(nested) }
            }
        }
    }
}
