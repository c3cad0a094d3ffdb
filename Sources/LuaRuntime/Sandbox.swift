import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// How a Lua state's globals are set up for scripts.
public struct SandboxOptions {
    /// Open every standard library (`io`, `os`, `debug`, ...) instead of the safe subset.
    public var trusted: Bool
    /// `require("name")` loads `name.lua` from this folder and nowhere else; nil: no modules.
    public var moduleFolder: String?
    /// Where `print` writes.
    public var print: (String) -> Void
    /// Told the path of each module file `require` reads (for `run --watch`).
    public var moduleRead: ((String) -> Void)?

    public init(trusted: Bool = false, moduleFolder: String? = nil, print: @escaping (String) -> Void = { Swift.print($0) }) {
        self.trusted = trusted
        self.moduleFolder = moduleFolder
        self.print = print
    }
}

private let prelude = """
local hostprint, hostload, where = ...
local select, tostring, concat, error, type = select, tostring, table.concat, error, type
function print(...)
  local n = select("#", ...)
  local parts = { ... }
  for i = 1, n do parts[i] = tostring(parts[i]) end
  hostprint(concat(parts, "\\t", 1, n))
end
local loaded, loading = {}, {}
function require(name)
  if type(name) ~= "string" then
    error(where() .. "bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 0)
  end
  local value = loaded[name]
  if value ~= nil then return value end
  if loading[name] then error(where() .. "require: module '" .. name .. "' requires itself", 0) end
  local chunk, message = hostload(name)
  if not chunk then error(where() .. message, 0) end
  loading[name] = true
  value = chunk(name)
  loading[name] = nil
  if value == nil then value = true end
  loaded[name] = value
  return value
end
"""

extension LuaState {
    /// Opens the libraries a screen script may use, the constructors, `print` and the
    /// folder-bound `require`. Without `trusted`: base functions less `dofile`, `loadfile` and
    /// `collectgarbage`, a text-only `load`, `string` less `dump`, `table`, `math`, `utf8`,
    /// `coroutine`, and `os.time`, `os.clock`, `os.date`, `os.difftime`.
    public func openSandbox(_ options: SandboxOptions) -> LuaError? {
        let L = self.L
        if options.trusted {
            luaL_openlibs(L)
        } else {
            let libraries: [(String, lua_CFunction)] = [
                ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
                ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine),
            ]
            for (name, open) in libraries {
                luaL_requiref(L, name, open, 1)
                stack.pop()
            }
            for name in ["dofile", "loadfile", "collectgarbage"] {
                stack.pushNil()
                stack.setGlobal(name)
            }
            lua_getglobal(L, "string")
            stack.pushNil()
            stack.rawSet(-2, "dump")
            stack.pop()
            // os: only the clock and calendar functions.
            luaL_requiref(L, "os", luaopen_os, 0)
            stack.newTable()
            for name in ["time", "clock", "date", "difftime"] {
                stack.rawGet(-2, name)
                stack.rawSet(-2, name)
            }
            stack.setGlobal("os")
            stack.pop()
            ls_open_sandbox_helpers(L)
        }
        // Trusted or not, library functions that loop in C answer to the budget.
        ls_open_guards(L)
        ls_open_constructors(L)

        let printer = options.print
        let folder = options.moduleFolder
        let moduleRead = options.moduleRead
        if let error = load(prelude, chunkName: "=luascreen") { return error }
        pushHostFunction { stack in
            printer(stack.string(at: 1) ?? "")
            return .results(0)
        }
        // (No reference to the LuaState here: the function lives in the state itself.)
        pushHostFunction { stack in
            let name = stack.string(at: 1) ?? ""
            switch loadModule(named: name, folder: folder) {
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
        return call(nargs: 3)
    }
}

struct ModuleError: Error { let text: String }

/// Resolves `require(name)` to `folder/name.lua` (dots become subfolders), refusing
/// anything that would leave the folder.
func loadModule(named name: String, folder: String?) -> Result<([UInt8], String), ModuleError> {
    guard let folder else {
        return .failure(ModuleError(text: "require: modules are not available here"))
    }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    let valid = !name.isEmpty && parts.allSatisfy { part in
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
    guard valid else {
        return .failure(ModuleError(text: "require: invalid module name '\(name)': use letters, digits, '_' and '-', with '.' between folders; modules load only from the script's folder"))
    }
    let relative = parts.joined(separator: "/") + ".lua"
    let path = folder == "." || folder.isEmpty ? relative : folder + "/" + relative
    guard let folderReal = realPath(folder.isEmpty ? "." : folder) else {
        return .failure(ModuleError(text: "require: cannot read the folder '\(folder)'"))
    }
    guard let fileReal = realPath(path) else {
        return .failure(ModuleError(text: "require: module '\(name)' not found: no file '\(path)'"))
    }
    guard fileReal.hasPrefix(folderReal + "/") else {
        return .failure(ModuleError(text: "require: module '\(name)' resolves outside the script's folder; refused"))
    }
    guard let bytes = readFileBytes(fileReal) else {
        let reason: String
        switch errno {
        case EINVAL: reason = "not a regular file"
        case EFBIG: reason = "larger than \(maxScriptFileSize >> 20) MiB"
        default: reason = String(cString: strerror(errno))
        }
        return .failure(ModuleError(text: "require: cannot read '\(path)': \(reason)"))
    }
    return .success((bytes, path))
}

func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Scripts and modules larger than this are refused (the Lua state could not hold much more
/// anyway, and a sparse file can claim any size).
public let maxScriptFileSize = 256 << 20

/// The bytes of a regular file, or nil with `errno` set (EFBIG: larger than `maxSize`).
///
/// Opened with O_NONBLOCK and checked with fstat before reading: opening a named pipe for
/// reading otherwise blocks until a writer comes, so `require("x")` of a FIFO `x.lua` hung.
public func readFileBytes(_ path: String, maxSize: Int = maxScriptFileSize) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { return nil }
    guard (st.st_mode & S_IFMT) == S_IFREG else {
        errno = (st.st_mode & S_IFMT) == S_IFDIR ? EISDIR : EINVAL
        return nil
    }
    guard st.st_size <= maxSize else {
        errno = EFBIG
        return nil
    }
    var result: [UInt8] = []
    result.reserveCapacity(Int(st.st_size))
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
        if n < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if n == 0 { break }
        guard result.count + n <= maxSize else {
            errno = EFBIG
            return nil
        }
        result.append(contentsOf: chunk[0..<n])
    }
    return result
}
