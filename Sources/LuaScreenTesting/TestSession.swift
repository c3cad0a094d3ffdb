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
    /// The Lua handle standing for this session, to check methods are called on it.
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
    func openSession(_ s: LuaStack) -> HostResult {
        guard let lua else { return .results(0) }
        guard current != nil else { return .error("open() is for use inside a test (sessions end with their test)") }
        guard s.isMainThread(of: lua) else { return .error("open() cannot be called inside a coroutine") }
        guard let relative = s.string(at: 1), !relative.isEmpty else {
            return .error("open(path, opts): path must be the script's path relative to the test file, got \(describeArgument(s, 1))")
        }
        var seed: [(key: String, value: StoreValue)] = []
        var width = options.width
        var locale: String? = nil
        switch s.type(at: 2) {
        case .none, .nil_:
            break
        case .table:
            s.top = 2
            s.pushNil()
            while s.next(2) {
                guard let key = s.string(at: -2) else {
                    return .error("open(path, opts): opts takes store, width and locale, got the key \(describeArgument(s, -2))")
                }
                switch key {
                case "store":
                    guard s.type(at: -1) == .table else {
                        return .error("open(path, opts): opts.store must be a table of key = value, got \(describeArgument(s, -1))")
                    }
                    let storeTable = s.absolute(-1)
                    s.pushNil()
                    while s.next(storeTable) {
                        guard let nameRead = StoreInput.key(s, at: -2) else {
                            return .error("open(path, opts): opts.store keys are strings, got \(describeArgument(s, -2))")
                        }
                        guard case .success(let name) = nameRead else { return .error("open(path, opts): opts.store: " + nameRead.refusal) }
                        guard let valueRead = lua.withValue(at: -1, on: s, { StoreInput.value($0, key: name) }) else {
                            return .error("open(path, opts): opts.store.\(name) must be a boolean, number, string or list of strings and numbers, got \(describeArgument(s, -1))")
                        }
                        guard case .success(let value?) = valueRead else { return .error("open(path, opts): opts.store: " + valueRead.refusal) }
                        seed.append((name, value))
                        s.pop()
                    }
                case "width":
                    guard let w = s.integer(at: -1), w >= 1, w <= 100_000 else {
                        return .error("open(path, opts): opts.width must be a whole number of columns, got \(describeArgument(s, -1))")
                    }
                    width = Int(w)
                case "locale":
                    guard s.type(at: -1) == .string, let name = s.string(at: -1) else {
                        return .error("open(path, opts): opts.locale must be a locale name such as \"de\", got \(describeArgument(s, -1))")
                    }
                    locale = name
                default:
                    let hint = Suggest.hint(key, ["store", "width", "locale"])
                    return .error("open(path, opts): unknown option \"\(key)\"\(hint) (opts takes store, width and locale)")
                }
                s.pop()
            }
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
        pushSessionTable(handle, lua)
        return .results(1)
    }

    package typealias Method = (TestFileRun, Session, TestSessionHandle, LuaStack) throws -> HostResult

    /// Every method a session table has: these and the ones explore adds. `luascreen stubs`
    /// describes each.
    package static var allSessionMethods: [(String, Method)] { sessionMethods + exploreMethods }

    /// The methods of a session table, each a host function taking the table first.
    static var sessionMethods: [(String, Method)] {
        [
            ("select", { run, session, _, s in
                let ref = try run.reference(s, "select")
                let answer: Bool
                switch s.type(at: 3) {
                case .none, .nil_: answer = true
                case .boolean: answer = s.bool(at: 3)
                default: throw SessionError.refused("s:select(REF, answer): answer is true (yes) or false (no), got \(run.describeArgument(s, 3))")
                }
                try SessionVerb.select(row: ref, answer: answer).apply(to: session)
                return .results(0)
            }),
            ("set", { run, session, _, s in
                let ref = try run.reference(s, "set")
                guard s.type(at: 3) != .none, s.type(at: 3) != .nil_ else {
                    throw SessionError.refused("s:set(REF, value): give the new value (a boolean, number or string)")
                }
                guard let lua = run.lua else { throw SessionError.refused("s:set(REF, value): no Lua state") }
                switch lua.withValue(at: 3, on: s, { StoreInput.value($0, key: ref) }) {
                case .success(let value?)?: try SessionVerb.setValue(row: ref, value: value).apply(to: session)
                case .failure(let refusal)?: throw SessionError.refused("s:set(REF, value): " + refusal.message)
                default:
                    throw SessionError.refused("s:set(REF, value): the value must be a boolean, a finite number, a string or a list of strings and numbers, got \(run.describeArgument(s, 3))")
                }
                return .results(0)
            }),
            ("accessory", { run, session, _, s in
                try SessionVerb.accessory(row: try run.reference(s, "accessory")).apply(to: session)
                return .results(0)
            }),
            ("back", { run, session, _, _ in
                try SessionVerb.back.apply(to: session)
                return .results(0)
            }),
            ("home", { run, session, _, _ in
                try SessionVerb.home.apply(to: session)
                return .results(0)
            }),
            ("reload", { run, session, _, s in
                // A note when the path could not be kept whole, else nothing.
                if let note = try SessionVerb.reload.apply(to: session) {
                    s.push(note)
                    return .results(1)
                }
                return .results(0)
            }),
            ("find", { run, session, _, s in
                guard let text = s.string(at: 2) else {
                    throw SessionError.refused("s:find(text): text must be a string, got \(run.describeArgument(s, 2))")
                }
                // The rows a person can reach: hidden ones are left out (SPEC §5's shape; the
                // REPL's `find` lists them too, marked).
                let found = session.find(text).filter { !$0.hidden }.map { r in
                    JSONValue.object([("screen", .string(r.screen)), ("row", .string(r.row)), ("text", .string(r.text))])
                }
                run.push(.array(found), on: s)
                return .results(1)
            }),
            ("screen", { run, session, _, s in
                run.push(Session.json(session.currentScreen()), on: s)
                return .results(1)
            }),
            ("row", { run, session, _, s in
                let row = try session.lookup(try run.reference(s, "row"), includeHidden: true)
                run.push(Session.json(row), on: s)
                return .results(1)
            }),
            ("path", { run, session, _, s in
                run.push(.array(session.path.map { .string($0) }), on: s)
                return .results(1)
            }),
            ("render", { run, session, handle, s in
                var width = handle.width
                switch s.type(at: 2) {
                case .none, .nil_: break
                default:
                    guard let w = s.integer(at: 2), w >= 1, w <= 100_000 else {
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
                s.ensure(4)
                s.newTable(recordCount: values.count)
                for (key, value) in values {
                    s.push(value)
                    s.rawSet(-2, key)
                }
                return .results(1)
            }),
            ("messages", { run, session, _, s in
                run.push(.array(session.messages.map { .string($0) }), on: s)
                return .results(1)
            }),
        ] + valueSessionMethods
    }

    /// A row reference argument: its number, id or text.
    func reference(_ s: LuaStack, _ method: String) throws -> String {
        if let text = s.string(at: 2) { return text }
        if let n = s.integer(at: 2) { return String(n) }
        throw SessionError.refused("s:\(method)(REF): REF is a row's number, id or text, got \(describeArgument(s, 2))")
    }

    /// Pushes the session object: a handle (userdata) whose hidden metatable holds the
    /// methods, so `rawset`, `setmetatable` or any trick on it changes nothing the host
    /// keeps (SPEC §7).
    func pushSessionTable(_ handle: TestSessionHandle, _ lua: LuaState) {
        let s = lua.stack
        s.ensure(6)
        let methods = TestCoverage.methods(TestFileRun.allSessionMethods, for: handle)
        s.newHandle()
        handle.table = s.pointer(at: -1)
        s.newTable(recordCount: 3)
        s.push("session")
        s.rawSet(-2, "__metatable")
        lua.pushHostFunction { s in
            .error("a session is read-only: use its methods (s:select, s:set, ...) and keep your own values in locals")
        }
        s.rawSet(-2, "__newindex")
        s.newTable(recordCount: methods.count)
        for (name, body) in methods {
            lua.pushHostFunction { [weak self] s in
                guard let self else { return .error("\(name): the test run is over") }
                guard s.type(at: 1) == .userdata, s.pointer(at: 1) == handle.table else {
                    return .error("\(name): call it as a method of the session, with a colon: s:\(name)(...)")
                }
                guard let session = handle.session else {
                    return .error("s:\(name)(): this session is closed (a session ends with the test that opened it)")
                }
                do {
                    return try body(self, session, handle, s)
                } catch let error as SessionError {
                    return .error(error.description)
                } catch let error as LoadError {
                    return .error("\(handle.path) does not load:\n" + error.description)
                } catch {
                    return .error("\(error)")
                }
            }
            s.rawSet(-2, name)
        }
        s.rawSet(-2, "__index")
        s.setMetatable(-2)
    }

    // MARK: values into the test's Lua state


    /// JSON as Lua: objects and arrays as tables, null as an absent key (nil).
    func push(_ value: JSONValue, on s: LuaStack) {
        s.ensure(4)
        switch value {
        case .null: s.pushNil()
        case .bool(let b): s.push(b)
        case .integer(let i): s.push(i)
        case .number(let d): s.push(d)
        case .string(let str): s.push(str)
        case .array(let items):
            s.newTable(arrayCount: items.count)
            for (i, item) in items.enumerated() {
                push(item, on: s)
                s.rawSet(-2, index: i + 1)
            }
        case .object(let members):
            s.newTable(recordCount: members.count)
            for member in members where member.value != .null {
                push(member.value, on: s)
                s.rawSet(-2, member.key)
            }
        }
    }
}
