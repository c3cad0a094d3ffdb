// libFuzzer target: the preview server's request handling (`luascreen preview`, SPEC §17),
// fed arbitrary bytes as one request a client sends, handled without sockets by
// `PreviewServer.respond(raw:port:)`: the front's check of the head, the reading of method,
// path, query, headers and body, the guard (Host, Origin, token, method, type), the routes
// and the session's answer (every `/api/do` operation runs on a real session of a small app).
// `@TOKEN@` in the input is replaced by the server's token, so requests pass the guard.
//
// For every input, the response:
// - has a status from 200 to 599;
// - carries every security header;
// - is JSON that parses when it says it is JSON.
// Any violation traps (a crash libFuzzer reports with the input); so does a crash of the
// server's code (an integer overflow, an index out of range).
import Glibc
import LuaScreen
import LuaScreenPreview

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzzPreview: \(message())\n", stderr)
        abort()
    }
}

private let app = """
return app { root = "main", screens = {
  screen { id = "main", title = "Main", section {
    toggle { id = "wifi", text = "Wi-Fi", key = "wifi", default = true },
    row { id = "dev", text = "Developer", on_select = function(ctx) ctx:alert("locked") end },
    row { id = "more", text = "More", push = "more" },
    row { id = "hidden", text = "Hidden", push = "hidden", visible = false },
    input { id = "name", text = "Name", key = "name", default = "Ada", max_length = 40 },
    number { id = "size", text = "Size", key = "size", default = 3, min = 1, max = 9, step = 1 },
    choice { id = "theme", text = "Theme", key = "theme", default = "light",
             options = { { value = "light", text = "Light" }, { value = "dark", text = "Dark" } } },
    list { id = "tags", text = "Tags", key = "tags", default = { "a", "b" } },
    button { id = "wipe", text = "Wipe", destructive = true, confirm = "Wipe?",
             on_select = function(ctx) ctx.store.wifi = false end },
  } },
  screen { id = "more", title = "More", section { row { text = "x" } } },
  screen { id = "hidden", title = "Hidden", section { row { text = "h" } } },
  screen { id = "developer", title = "Developer", section { row { text = "d" } } },
} }
"""

private final class Harness {
    let server: PreviewServer
    let token: [UInt8]

    init() {
        var template = Array("/tmp/luascreen-fuzz-preview-XXXXXX".utf8CString)
        guard let folder = mkdtemp(&template) else { fatalError("mkdtemp") }
        let path = String(cString: folder) + "/app.lua"
        let file = fopen(path, "w")!
        fputs(app, file)
        fclose(file)
        var options = SessionOptions(limits: LuaLimits(instructions: 1_000_000, memory: 16 << 20), store: MemoryStore(), print: { _ in })
        options.locale = nil
        let session: Session
        do { session = try Session.open(path: path, options: options) } catch { fatalError("the app does not load: \(error)") }
        // Loaded: nothing reads the file again (no operation reloads), so no folder is left behind.
        unlink(path)
        rmdir(folder)
        server = PreviewServer(session: session)
        token = Array(server.token.utf8)
    }
}

nonisolated(unsafe) private var harness: Harness?
private let placeholder = Array("@TOKEN@".utf8)
private let required = ["Cache-Control", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Content-Security-Policy"]

func fuzzPreview(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if harness == nil { harness = Harness() }
    let h = harness!
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size + 64)
    var i = 0
    let input = UnsafeBufferPointer(start: data, count: size)
    while i < size {
        if i + placeholder.count <= size, input[i..<(i + placeholder.count)].elementsEqual(placeholder) {
            bytes += h.token
            i += placeholder.count
        } else {
            bytes.append(input[i])
            i += 1
        }
    }
    let response = h.server.respond(raw: bytes, port: 8080)
    check((200...599).contains(response.status), "status \(response.status)")
    let names = Set(response.allHeaders.map(\.0))
    for name in required { check(names.contains(name), "a \(response.status) response without \(name)") }
    if response.contentType.hasPrefix("application/json") {
        do { _ = try JSONValue.parse(response.body) } catch {
            check(false, "a JSON response that does not parse: \(String(decoding: response.body.prefix(200), as: UTF8.self))")
        }
    }
    return 0
}
