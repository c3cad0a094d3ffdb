/// Splits the bytes a client sends into JSON-RPC message bodies by their `Content-Length`
/// headers (LSP's base protocol), never trusting the client: a header block without a valid
/// length, garbage between messages and a body larger than `maxBody` are reported as
/// problems (the body is skipped as it streams past, never held), and `stalled()` hands over
/// a body whose length promised more bytes than came (a lying `Content-Length`).
///
/// A value: not shared between threads (the reader thread owns it); `Sendable` as a plain value.
public struct MessageFramer: Sendable {
    /// What the bytes fed so far held.
    public enum Event: Sendable, Equatable {
        /// One message body (to be read as JSON).
        case body([UInt8])
        /// Bytes that are no message (the reply is a JSON-RPC error without an id).
        case problem(String)
    }

    /// The largest body accepted; a larger one is skipped.
    public let maxBody: Int
    /// The longest header block accepted.
    public static let maxHeader = 8192

    private var buffer: [UInt8] = []
    private var start = 0
    /// The length of the body being read; nil while reading headers.
    private var expected: Int?
    /// Bytes of an oversized body still to skip.
    private var skipping = 0
    /// Bytes that were no message were dropped since the last header.
    private var garbage = false

    /// A framer accepting bodies of at most `maxBody` bytes.
    public init(maxBody: Int = 64 << 20) { self.maxBody = maxBody }

    /// True while a body is incomplete (a stall then means its length lied).
    public var isInsideBody: Bool { expected != nil && buffer.count - start > 0 }

    /// Adds bytes; the messages and problems they complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        var bytes = bytes[...]
        if skipping > 0 {
            let n = min(skipping, bytes.count)
            skipping -= n
            bytes = bytes.dropFirst(n)
            if skipping > 0 { return events }
        }
        buffer.append(contentsOf: bytes)
        drain(&events)
        return events
    }

    /// No bytes came for a while: an incomplete body is handed over as it is (it will not read
    /// as JSON, and `pushFront` can give back what follows a header inside it).
    public mutating func stalled() -> [Event] {
        if expected == nil, garbage || buffer[start...].contains(where: { $0 != 13 && $0 != 10 && $0 != 32 }) {
            // What is left is no message: it is dropped.
            garbage = false
            buffer.removeAll(keepingCapacity: false)
            start = 0
            return [.problem("bytes that are no message (expected a Content-Length header)")]
        }
        guard expected != nil, buffer.count > start else { return [] }
        let body = Array(buffer[start...])
        reset()
        return [.body(body)]
    }

    /// Puts bytes back before what is still unread (a message found inside a body that lied
    /// about its length); the events they complete.
    public mutating func pushFront(_ bytes: [UInt8]) -> [Event] {
        let rest = Array(buffer[start...])
        buffer = bytes + rest
        start = 0
        expected = nil
        var events: [Event] = []
        drain(&events)
        return events
    }

    /// Where `Content-Length:` first starts in `bytes` at or after `from`, ignoring case.
    public static func headerStart(in bytes: some RandomAccessCollection<UInt8>, from: Int = 0) -> Int? {
        let name = Array("content-length:".utf8)
        let array = Array(bytes)
        guard array.count >= name.count, from <= array.count - name.count else { return nil }
        var i = from
        while i <= array.count - name.count {
            var match = true
            for j in 0..<name.count where lower(array[i + j]) != name[j] {
                match = false
                break
            }
            if match { return i }
            i += 1
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    private mutating func reset() {
        buffer.removeAll(keepingCapacity: false)
        start = 0
        expected = nil
    }

    private mutating func compact() {
        if start > 0 && (start > 65536 || start == buffer.count) {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func drain(_ events: inout [Event]) {
        while true {
            if let length = expected {
                guard buffer.count - start >= length else { break }
                events.append(.body(Array(buffer[start..<start + length])))
                start += length
                expected = nil
                continue
            }
            guard readHeader(&events) else { break }
        }
        compact()
    }

    /// Reads one header block; false when more bytes are needed.
    private mutating func readHeader(_ events: inout [Event]) -> Bool {
        // Skip blank lines; anything else before `Content-Length:` is garbage.
        while start < buffer.count, buffer[start] == 13 || buffer[start] == 10 || buffer[start] == 32 { start += 1 }
        guard start < buffer.count else { return false }
        let window = buffer[start...]
        guard let at = MessageFramer.headerStart(in: window) else {
            // Garbage: dropped as it comes (the last bytes kept, a header may be arriving
            // split), reported once the next header or a pause comes.
            let keep = min(buffer.count - start, 14)
            if buffer.count - start > keep {
                garbage = true
                start = buffer.count - keep
            }
            return false
        }
        if at > 0 { garbage = true }
        start += at
        if garbage {
            events.append(.problem("bytes that are no message before a Content-Length header"))
            garbage = false
        }
        // The header block ends at the first empty line.
        guard let end = headerEnd() else {
            if buffer.count - start > MessageFramer.maxHeader {
                events.append(.problem("a header block longer than \(MessageFramer.maxHeader) bytes"))
                start += 1  // past this `C`: look for the next header
                return true
            }
            return false
        }
        let header = buffer[start..<end.textEnd]
        start = end.bodyStart
        var length: Int?
        var bad = false
        // Lines split on the bytes (as a String, "\r\n" would be one character).
        for rawLine in header.split(separator: 10) {
            let line = String(decoding: rawLine.filter { $0 != 13 }, as: UTF8.self)
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: ":") else { bad = true; continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            if name == "content-length" {
                if let n = Int(value), n >= 0, value.allSatisfy({ $0.isASCII && $0.isNumber }) { length = n } else { bad = true }
            }
        }
        guard let length, !bad else {
            events.append(.problem("a header without a valid Content-Length"))
            return true
        }
        if length > maxBody {
            events.append(.problem("a message of \(length) bytes, larger than the \(maxBody) accepted; skipped"))
            let here = min(length, buffer.count - start)
            start += here
            skipping = length - here
            if skipping > 0 {
                buffer.removeAll(keepingCapacity: false)
                start = 0
                return false
            }
            return true
        }
        expected = length
        return true
    }

    /// The end of the header block at `start`: where its text ends and the body begins.
    private func headerEnd() -> (textEnd: Int, bodyStart: Int)? {
        var i = start
        let limit = min(buffer.count, start + MessageFramer.maxHeader + 4)
        while i < limit {
            if buffer[i] == 10 {
                // "\n\n" or "\r\n\r\n"
                if i + 1 < buffer.count, buffer[i + 1] == 10 { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 13, buffer[i + 2] == 10 { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
