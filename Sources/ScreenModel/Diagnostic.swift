/// One problem found in a script, printed as `file:line: error: path: message`.
/// Sendable: a plain value, safe to share between threads.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is: an error stops the script loading, a warning does not. Sendable.
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// Error or warning.
    public var severity: Severity
    /// The file the problem is in, as named.
    public var file: String
    /// The line, when one is known (constructors record it; plain tables may not have one).
    public var line: Int?
    /// Where in the script's tables, e.g. `sections[2].rows[1].accessory`; empty for the script itself.
    public var path: String
    /// What is wrong and what to do (quoted parts capped at `quoteLimit`).
    public var message: String
    /// The calls that led here when the table was built inside a function (a helper that builds
    /// rows), innermost first: each printed after the diagnostic as `FILE:LINE: note: called from here`.
    public var calledFrom: [SourceLocation]
    /// The kind of problem, set by the code that found it (the language server's `code`).
    public var code: DiagnosticCode
    /// The name or value the problem is about, as the script wrote it (an unknown field's
    /// name, an unknown value, an unbound store key), set by the code that found it so a tool
    /// can place the problem on its token; nil when it is about no one word. Capped as quoted
    /// text is. Not part of `check`'s text or JSON output.
    public var subject: String?
    /// The replacement a did-you-mean proposes (`"text"` for `txt`), set by the code that
    /// found it (the language server's quick fix); nil when there is none. Capped as quoted
    /// text is. Not part of `check`'s text or JSON output.
    public var suggestion: String?

    /// A diagnostic at `file:line`, `path` naming the field. Every diagnostic passes here,
    /// so here is where script text is capped (SPEC §7): each quoted part of `message` and
    /// each dot-separated part of `path` keeps at most `quoteLimit` characters, `…` marking
    /// the cut. A 10 MiB field name in 30 rows prints 30 short lines, not 600 MiB.
    /// `code` nil: `DiagnosticCode.general` of the severity, line and path. `subject` and
    /// `suggestion`: the word the problem is about and a did-you-mean's replacement.
    public init(_ severity: Severity = .error, file: String, line: Int?, path: String, message: String,
                calledFrom: [SourceLocation] = [], code: DiagnosticCode? = nil, subject: String? = nil, suggestion: String? = nil) {
        self.severity = severity
        self.file = file
        self.line = line
        self.path = Diagnostic.capParts(path, separator: UInt8(ascii: "."), every: true)
        self.message = Diagnostic.capParts(message, separator: UInt8(ascii: "\""), every: false)
        self.calledFrom = calledFrom
        self.code = code ?? DiagnosticCode.general(severity, line: line, path: path)
        self.subject = subject.map { Diagnostic.quote($0) }
        self.suggestion = suggestion.map { Diagnostic.quote($0) }
    }

    /// A diagnostic whose message is an error known by its text only (raised through Lua, or
    /// another error's message): its code is `DiagnosticCode(errorText:)` of the message as
    /// kept, else the general one; its suggestion is the message's last did-you-mean.
    public static func ofErrorText(_ severity: Severity = .error, file: String, line: Int?, path: String, message: String,
                              calledFrom: [SourceLocation] = []) -> Diagnostic {
        var d = Diagnostic(severity, file: file, line: line, path: path, message: message, calledFrom: calledFrom)
        if let code = DiagnosticCode(errorText: d.message) { d.code = code }
        d.suggestion = suggestion(inErrorText: d.message)
        return d
    }

    /// The replacement of the last ` did you mean "X"` in an error known by its text only (see
    /// `ofErrorText`), or in a diagnostic's message an editor sent back without its data.
    public static func suggestion(inErrorText message: String) -> String? {
        guard let r = message.ranges(of: "did you mean \"").last else { return nil }
        let rest = message[r.upperBound...]
        guard let q = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<q])
    }

    /// The most characters of a name or value the script supplied that a diagnostic quotes.
    public static let quoteLimit = 200

    /// `text` cut to `limit` characters, with `…` where it was cut: at the end, or in the
    /// middle when `keepEnd` (an error message whose last words say what went wrong).
    public static func quote(_ text: String, limit: Int = quoteLimit, keepEnd: Bool = false) -> String {
        quote(text, limit: limit, keepEnd: keepEnd, force: false)
    }

    /// `force`: the text was already cut short of its end, so the `…` is due even when the
    /// part left has `limit` characters or fewer.
    static func quote(_ text: String, limit: Int, keepEnd: Bool = false, force: Bool) -> String {
        guard text.utf8.count > limit || force else { return text }
        let headCount = keepEnd ? limit / 2 : limit
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < headCount {
            end = text.index(after: end)
            count += 1
        }
        guard end < text.endIndex || force else { return text }
        guard keepEnd else { return String(text[..<end]) + "…" }
        var start = text.endIndex
        count = 0
        while start > end, count < limit - headCount {
            start = text.index(before: start)
            count += 1
        }
        return start == end ? text : String(text[..<end]) + "…" + String(text[start...])
    }

    /// `text` with its parts (between `separator`s: all of them, or the quoted ones, the
    /// odd ones) cut by `quote`. Works on the bytes: a 10 MiB name is scanned once, never
    /// split into characters.
    private static func capParts(_ text: String, separator: UInt8, every: Bool) -> String {
        guard text.utf8.count > quoteLimit else { return text }
        var text = text
        return text.withUTF8 { bytes in
            var out = ""
            var part = 0
            var start = 0
            func flush(_ end: Int) {
                let length = end - start
                let keep = (every || part % 2 == 1) && length > quoteLimit
                // A character is at most 4 bytes in most text: 4 × the limit is enough to
                // cut at the limit (a longer cluster is cut where the bytes end).
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<(keep ? start + min(length, 4 * quoteLimit) : end)])
                let piece = String(decoding: slice, as: UTF8.self)
                out += keep ? quote(piece, limit: quoteLimit, force: true) : piece
            }
            for i in 0..<bytes.count where bytes[i] == separator {
                flush(i)
                out.unicodeScalars.append(Unicode.Scalar(separator))
                part += 1
                start = i + 1
            }
            flush(bytes.count)
            return out
        }
    }

    /// One line (and a `note: called from here` line per caller), with control characters and
    /// line breaks from the script shown as escapes (`sanitize`), so a script cannot send
    /// escape sequences to the terminal through its text.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let pathPart = path.isEmpty ? "" : "\(path): "
        var text = sanitize("\(place): \(severity.rawValue): \(pathPart)\(message)", lineBreaks: .escape)
        for caller in calledFrom {
            text += "\n" + sanitize("\(caller.file):\(caller.line): note: \(Diagnostic.calledFromNote)", lineBreaks: .escape)
        }
        return text
    }

    /// The message of the `note:` line printed for each of `calledFrom`.
    public static let calledFromNote = "called from here"

    /// Diagnostics in the order a person reads them: files in the order they first appear,
    /// then by line (unknown lines last), then by path, so the order is the same every run
    /// (Lua visits a table's keys in an order that changes from run to run).
    public static func sorted(_ list: [Diagnostic]) -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for d in list where fileOrder[d.file] == nil { fileOrder[d.file] = fileOrder.count }
        return list.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            let fx = fileOrder[x.file]!, fy = fileOrder[y.file]!
            if fx != fy { return fx < fy }
            let lx = x.line ?? Int.max, ly = y.line ?? Int.max
            if lx != ly { return lx < ly }
            if x.path != y.path { return x.path < y.path }
            return a.offset < b.offset
        }.map(\.element)
    }
}
