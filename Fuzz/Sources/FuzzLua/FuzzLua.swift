// libFuzzer target: the script loader and validator, fed arbitrary bytes as a script's text.
//
// Each input is written as `app.lua` in a private folder and opened as `luascreen check`
// opens a script (small limits: 200,000 instructions, 16 MiB), with an in-memory store.
// A script that loads is then evaluated as `check` and `dump` do (every field function of
// every screen), and `dump`'s JSON must read back; the first few selectable rows of the root
// screen are selected (running callbacks and their store writes), and the values must then
// survive a JSON round trip. A script that does not load must say why (at least one error
// diagnostic). Crashes, traps and hangs are what libFuzzer reports.
import Foundation
import Glibc
import LuaRuntime
import LuaScreen

private let folder: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/luascreen-fuzz-lua-\(getpid())"
    mkdir(path, 0o700)
    return path
}()
private let scriptPath = folder + "/app.lua"

/// Removes the private folder when libFuzzer exits (a crash leaves it, with the input).
func removeFolderAtExit() {
    atexit { _ = try? FileManager.default.removeItem(atPath: folder) }
}

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzz-lua: \(message())\n", stderr)
        abort()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")  // libFuzzer's archive refers to this name
public func fuzzLua(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let fd = open(scriptPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    check(fd >= 0, "cannot create \(scriptPath)")
    _ = write(fd, data, size)
    close(fd)

    let options = SessionOptions(limits: LuaLimits(instructions: 200_000, memory: 16 << 20),
                                 store: MemoryStore(), print: { _ in })
    do {
        let session = try Session.open(path: scriptPath, options: options)
        _ = session.evaluationProblems()
        let text = session.dump().serialized(pretty: true)
        check((try? JSONValue.parse(text)) != nil, "dump's JSON does not read back")
        // Run the first few selectable rows' callbacks (their store writes go through the
        // same checks as in a session), then the values must survive a JSON round trip.
        let rows = session.currentScreen().visibleRows.filter(\.selectable).prefix(6)
        for row in rows {
            _ = try? session.select(row.id, answer: true)
            session.home()
        }
        let values = session.storeValues()
        let object = JSONValue.object(values.compactMap { v in JSONValue(store: v.value).map { (key: v.key, value: $0) } })
        check((try? JSONValue.parse(object.serialized())) == object, "the values do not survive a JSON round trip")
    } catch let error as LoadError {
        check(!error.diagnostics.isEmpty, "a script that does not load has no diagnostic")
    } catch {
        // A session error at open (on_appear failing, ...) is a clean refusal.
        _ = "\(error)"
    }
    return 0
}
