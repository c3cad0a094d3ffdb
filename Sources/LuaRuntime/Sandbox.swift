import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// How a Lua state's globals are set up for scripts. Not `Sendable` (it holds closures): made
/// and used on the thread of the state it opens.
public struct SandboxOptions {
    /// Open every standard library (`io`, `os`, `debug`, ...) instead of the safe subset.
    public var trusted: Bool
    /// `require("name")` loads `name.lua` from this folder and nowhere else; nil: no modules.
    public var moduleFolder: String?
    /// Where `print` writes.
    public var print: (String) -> Void
    /// Told the path of each module file `require` reads (for `run --watch`).
    public var moduleRead: ((String) -> Void)?
    /// The text of a module file to use instead of the file's (an editor's unsaved buffer),
    /// by the path `require` resolved; nil: read the file.
    public var moduleSource: ((String) -> [UInt8]?)?

    /// Options for a sandbox (`trusted`: every library) whose `require` reads `moduleFolder`
    /// and whose `print` calls `print`.
    public init(trusted: Bool = false, moduleFolder: String? = nil, print: @escaping (String) -> Void = { Swift.print($0) }) {
        self.trusted = trusted
        self.moduleFolder = moduleFolder
        self.print = print
    }
}

extension LuaState {
    /// The chunk name of the host's own Lua code: limit errors and `require`'s messages skip
    /// its frames to name the script's line. Load host code under it.
    public static let hostChunkName: String = LS_HOST_CHUNK

    /// Opens the libraries a script may use, `print` and the folder-bound `require` (the
    /// host's own globals, such as constructors, are installed by the host afterwards). Without `trusted`: base functions less `dofile`, `loadfile` and
    /// `collectgarbage`, a text-only `load`, `string` less `dump`, `table`, `math`, `utf8`,
    /// `coroutine`, and `os.time`, `os.clock`, `os.date`, `os.difftime`.
    public func openSandbox(_ options: SandboxOptions) -> LuaError? {
        let L = self.L
        // No collection while the libraries and the prelude are made: all of it stays alive,
        // and a young state's collector would mark it several times over as it grows (about
        // a fifth of opening a small screen, issue 26). No script runs before it restarts.
        ls_gc_stop(L)
        defer { ls_gc_restart(L) }
        if options.trusted {
            luaL_openlibs(L)
        } else {
            ls_open_safe_libraries(L)
        }
        // Trusted or not, library functions that loop in C answer to the budget.
        ls_open_guards(L)

        let printer = options.print
        let folder = options.moduleFolder
        let moduleRead = options.moduleRead
        let moduleSource = options.moduleSource
        // The prelude (lsprelude.c) defines print and require in Lua from these three.
        lua_pushcclosure(L, ls_run_prelude, 0)
        pushHostFunction { stack in
            let text = stack.string(at: 1) ?? ""
            // Printing is work too (sanitizing, writing): a 64th of an instruction a byte.
            guard stack.chargeWork(text.utf8.count / 64) else { return .results(0) }
            printer(text)
            stack.releaseCopy(of: text)  // printed: the host keeps no copy
            return .results(0)
        }
        // (No reference to the LuaState here: the function lives in the state itself.)
        pushHostFunction { stack in
            let name = stack.string(at: 1) ?? ""
            switch loadModule(named: name, folder: folder, source: moduleSource) {
            case .success(let (source, path)):
                moduleRead?(path)
                if stack.loadText(source, chunkName: "@" + path) != LUA_OK {
                    // the message is on top: nil, message
                    stack.pushNil()
                    stack.insert(-2)
                    return .results(2)
                }
                return .results(1)
            case .failure(let message):
                stack.pushNil()
                stack.push(message.text)
                return .results(2)
            }
        }
        lua_pushcclosure(L, ls_script_where, 0)
        do { try call(nargs: 3) } catch { return error }
        return nil
    }
}

struct ModuleError: Error { let text: String }
