// libFuzzer target: the language server's message reader (`luascreen lsp`, SPEC §16), fed
// arbitrary bytes as what a client sends on standard input.
//
// For every input:
// - `MessageFramer` yields the same bodies and problems whether the bytes come at once or
//   cut in pieces (the first byte says where), and never a body larger than its limit;
// - every body goes to `LanguageServer.handle` (after an `initialize`, so requests reach
//   their handlers; the checker thread is not started, so no script runs): each framed
//   reply it writes has a `Content-Length` equal to its body, and the body is a JSON object
//   with "jsonrpc": "2.0"; a body handed back (a header found inside) is read again.
// Any violation traps (a crash libFuzzer reports with the input).
import Foundation
import Glibc
import LuaScreen
import LuaScreenLSP

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fputs("fuzzLSP: \(message())\n", stderr)
        abort()
    }
}

private final class Replies: @unchecked Sendable {
    var data = Data()
}

private let initialize = Array("Content-Length: 58\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}".utf8)

func fuzzLSP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = 4096
    // At once, and in pieces of 1 + bytes[0] % 64.
    var whole = MessageFramer(maxBody: limit)
    let once = whole.feed(bytes) + whole.stalled()
    var cut = MessageFramer(maxBody: limit)
    var pieces: [MessageFramer.Event] = []
    let step = 1 + Int(bytes.first ?? 0) % 64
    var i = 0
    while i < bytes.count {
        pieces += cut.feed(bytes[i..<min(i + step, bytes.count)])
        i += step
    }
    pieces += cut.stalled()
    check(once == pieces, "the events depend on how the bytes were cut (\(step)): \(once.count) vs \(pieces.count)")
    for case .body(let body) in once { check(body.count <= limit, "a body of \(body.count) bytes passed a limit of \(limit)") }

    let replies = Replies()
    let server = LanguageServer(limits: LuaLimits(instructions: 100_000, memory: 8 << 20), version: "fuzz") { replies.data.append($0) }
    var framer = MessageFramer(maxBody: limit)
    var queue = (framer.feed(initialize) + framer.feed(bytes) + framer.stalled())[...]
    var rounds = 0
    while let event = queue.popFirst(), rounds < 10_000 {
        rounds += 1
        if case .body(let body) = event, let again = server.handle(body: body) {
            check(again.count < body.count, "a body handed back whole")
            queue = framer.pushFront(again)[...] + queue
        }
        if server.exitStatus != nil { break }
    }
    // Every reply: a frame whose length is its body's, a JSON-RPC 2.0 object.
    var out = [UInt8](replies.data)[...]
    while !out.isEmpty {
        let text = String(decoding: out.prefix(40), as: UTF8.self)
        check(text.hasPrefix("Content-Length: "), "a reply without its header: \(text)")
        guard let headerEnd = out.firstRange(of: Array("\r\n\r\n".utf8)) else { check(false, "a header without its end"); break }
        let header = String(decoding: out[out.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        let length = Int(header.dropFirst("Content-Length: ".count)) ?? -1
        let body = out[headerEnd.upperBound...].prefix(length)
        check(length >= 0 && body.count == length, "a reply shorter than its Content-Length \(length)")
        let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        check(object?["jsonrpc"] as? String == "2.0", "a reply that is no JSON-RPC object: \(String(decoding: body.prefix(200), as: UTF8.self))")
        out = out[(headerEnd.upperBound + length)...]
    }
    return 0
}
