// libFuzzer target: the language server's message reader (`luascreen lsp`, SPEC §16), fed
// arbitrary bytes as what a client sends on standard input.
//
// For every input:
// - `MessageFramer` yields the same bodies and problems whether the bytes come at once or
//   cut in pieces (the first byte says where), and never a body larger than its limit;
// - a body never holds a header line (`Content-Length: N` and a line break): a length that
//   lied long ends the body at the next header;
// - every body goes to `LanguageServer.handle` (after an `initialize`, so requests reach
//   their handlers; the checker thread is not started, so no script runs): each framed
//   reply it writes has a `Content-Length` equal to its body, and the body is a JSON object
//   with "jsonrpc": "2.0"; a request (an object with a string method and a string or integer
//   id) gets exactly one reply, with its own id; a notification (no id) gets none.
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

    for case .body(let body) in once {
        check(!containsHeaderLine(body), "a body holding a header line: \(String(decoding: body.prefix(200), as: UTF8.self))")
    }

    let replies = Replies()
    let server = LanguageServer(limits: LuaLimits(instructions: 100_000, memory: 8 << 20), version: "fuzz") { replies.data.append($0) }
    var framer = MessageFramer(maxBody: limit)
    for case .body(let body) in framer.feed(initialize) + framer.feed(bytes) + framer.stalled() {
        let before = replies.data.count
        server.handle(body: body)
        let written = frames(replies.data[before...])
        if let sent = try? JSONDecoder().decode(Envelope.self, from: Data(body)), sent.method != nil {
            if let id = sent.id {
                check(written.count == 1, "a request answered \(written.count) times: \(String(decoding: body.prefix(200), as: UTF8.self))")
                if let reply = written.first { check(reply.id == id, "a request answered with another id: \(String(describing: reply.id)) for \(id)") }
            } else if !sent.hasID {
                check(written.isEmpty, "a notification answered: \(String(decoding: body.prefix(200), as: UTF8.self))")
            }
        }
        check(written.count <= 1, "one message answered \(written.count) times")
        if server.exitStatus != nil { break }
    }
    _ = frames(replies.data[...])
    return 0
}

/// What the checks read of a message: its method, and its id when a string or an integer.
private struct Envelope: Decodable {
    enum ID: Decodable, Equatable {
        case number(Int), string(String)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .string(try c.decode(String.self)) }
        }
    }
    var method: String?
    var id: ID?
    var hasID = false
    enum Keys: String, CodingKey { case method, id }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        method = try? c.decode(String.self, forKey: .method)
        hasID = c.contains(.id)
        id = try? c.decode(ID.self, forKey: .id)
    }
}

/// True when `body` holds a header line as the framer defines one: `Content-Length:`, at most
/// 8 blanks, 1 to 19 digits, at most 8 blanks and a line break (more blanks or digits: no
/// header line, the body is read as it is).
private func containsHeaderLine(_ body: [UInt8]) -> Bool {
    var from = 0
    while let at = MessageFramer.headerStart(in: body, from: from) {
        var i = at + 15
        var blanks = 0
        while i < body.count, body[i] == 32 || body[i] == 9, blanks < 8 { i += 1; blanks += 1 }
        let digits = i
        while i < body.count, body[i] >= 48 && body[i] <= 57, i - digits < 19 { i += 1 }
        if i > digits {
            blanks = 0
            while i < body.count, body[i] == 32 || body[i] == 9, blanks < 8 { i += 1; blanks += 1 }
            if i < body.count, body[i] == 10 || body[i] == 13 && i + 1 < body.count && body[i + 1] == 10 { return true }
        }
        from = at + 1
    }
    return false
}

/// The replies in `data`, each checked: a frame whose length is its body's, a JSON-RPC 2.0 object.
private func frames(_ data: Data.SubSequence) -> [Envelope] {
    var objects: [Envelope] = []
    var out = [UInt8](data)[...]
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
        if let reply = try? JSONDecoder().decode(Envelope.self, from: Data(body)) { objects.append(reply) }
        out = out[(headerEnd.upperBound + length)...]
    }
    return objects
}
