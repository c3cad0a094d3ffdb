/// Splits the bytes a client sends into JSON-RPC message bodies by their `Content-Length`
/// headers (LSP's base protocol), never trusting the client: a header block without a valid
/// length, garbage between messages and a body larger than `maxBody` are reported as
/// problems (the body is skipped as it streams past, never held). A `Content-Length` that
/// lies long is recovered from at the next header: a header line (`Content-Length: N` and a
/// raw line break) can never stand inside a JSON body (JSON strings hold no raw line breaks),
/// so a body that holds one ends where it starts; and `stalled()` hands over a body whose
/// length promised more bytes than came when nothing follows.
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
    /// Bytes of an oversized body still to skip (counted from `start`).
    private var skipping = 0
    /// Bytes that were no message were dropped since the last header.
    private var garbage = false
    /// How far into the body being read no header line was found.
    private var scanned = 0

    /// A framer accepting bodies of at most `maxBody` bytes.
    public init(maxBody: Int = 64 << 20) { self.maxBody = maxBody }

    /// True while a body is incomplete (a stall then means its length lied).
    public var isInsideBody: Bool { expected != nil && buffer.count - start > 0 }

    /// Adds bytes; the messages and problems they complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        buffer.append(contentsOf: bytes)
        drain(&events)
        return events
    }

    /// No bytes came for a while: an incomplete body is handed over as it is (it will not read
    /// as JSON: a parse error).
    public mutating func stalled() -> [Event] {
        if skipping > 0 {
            // An oversized body that stopped short: its length lied; what follows is read afresh.
            skipping = 0
            reset()
            return []
        }
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

    /// Where `Content-Length:` first starts in `bytes` at or after `from` (an offset from its
    /// start), ignoring case.
    public static func headerStart<C: RandomAccessCollection<UInt8>>(in bytes: C, from: Int = 0) -> Int? {
        let name = headerName
        let count = bytes.count
        guard count >= name.count, from >= 0, from <= count - name.count else { return nil }
        var i = bytes.index(bytes.startIndex, offsetBy: from)
        var offset = from
        while offset <= count - name.count {
            if lower(bytes[i]) == name[0] {
                var match = true
                var j = bytes.index(after: i)
                for k in 1..<name.count {
                    if lower(bytes[j]) != name[k] { match = false; break }
                    j = bytes.index(after: j)
                }
                if match { return offset }
            }
            i = bytes.index(after: i)
            offset += 1
        }
        return nil
    }

    private static let headerName = Array("content-length:".utf8)

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    private mutating func reset() {
        buffer.removeAll(keepingCapacity: false)
        start = 0
        expected = nil
        scanned = 0
    }

    /// The longest header line `headerLine` matches: the name, 8 blanks, 19 digits, 8 blanks, CR LF.
    static let longestHeaderLine = 15 + 8 + 19 + 8 + 2

    /// Where the first header line (`Content-Length:`, blanks, digits, blanks, a line break)
    /// lies wholly in `buffer[from..<end]`, as an offset into the buffer.
    private func headerLine(from: Int, end: Int) -> Int? {
        let window = buffer[from..<end]
        var at = from
        while let found = MessageFramer.headerStart(in: window, from: at - from) {
            let s = from + found
            var i = s + 15
            var blanks = 0
            while i < end, buffer[i] == 32 || buffer[i] == 9, blanks < 8 { i += 1; blanks += 1 }
            let digitsStart = i
            while i < end, buffer[i] >= 48 && buffer[i] <= 57, i - digitsStart < 19 { i += 1 }
            if i > digitsStart {
                blanks = 0
                while i < end, buffer[i] == 32 || buffer[i] == 9, blanks < 8 { i += 1; blanks += 1 }
                if i < end, buffer[i] == 10 { return s }
                if i + 1 < end, buffer[i] == 13, buffer[i + 1] == 10 { return s }
            }
            at = s + 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 0 && (start > 65536 || start == buffer.count) {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func drain(_ events: inout [Event]) {
        while true {
            if skipping > 0 {
                // An oversized body passes without being held (its last bytes kept: a header
                // line may be arriving split); a header line in it ends it (its length lied).
                let end = start + min(skipping, buffer.count - start)
                if let cut = headerLine(from: start, end: end) {
                    skipping = 0
                    start = cut
                    continue
                }
                if end < buffer.count || skipping == end - start {
                    skipping -= end - start
                    start = end
                    continue
                }
                let keepFrom = max(start, end - MessageFramer.longestHeaderLine)
                skipping -= keepFrom - start
                start = keepFrom
                break
            }
            if let length = expected {
                // A header line inside the body: the length lied; the body ends there.
                let end = start + min(length, buffer.count - start)
                let from = max(start, start + scanned - MessageFramer.longestHeaderLine)
                if let cut = headerLine(from: from, end: end) {
                    events.append(.body(Array(buffer[start..<cut])))
                    start = cut
                    expected = nil
                    scanned = 0
                    continue
                }
                scanned = end - start
                guard buffer.count - start >= length else { break }
                events.append(.body(Array(buffer[start..<start + length])))
                start += length
                expected = nil
                scanned = 0
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
            skipping = length
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
