/// One problem found in a script, printed as `file:line: error: path: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var severity: Severity
    public var file: String
    /// The line, when one is known (constructors record it; plain tables may not have one).
    public var line: Int?
    /// Where in the script's tables, e.g. `sections[2].rows[1].accessory`; empty for the script itself.
    public var path: String
    public var message: String
    /// The calls that led here when the table was built inside a function (a helper that builds
    /// rows), innermost first: each printed after the diagnostic as `FILE:LINE: note: called from here`.
    public var calledFrom: [SourceLocation]

    /// A diagnostic at `file:line`, `path` naming the field.
    public init(_ severity: Severity = .error, file: String, line: Int?, path: String, message: String,
                calledFrom: [SourceLocation] = []) {
        self.severity = severity
        self.file = file
        self.line = line
        self.path = path
        self.message = message
        self.calledFrom = calledFrom
    }

    /// One line, with control characters from the script shown as escapes (`\u{1B}`), so a
    /// script cannot send escape sequences to the terminal through its own text.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let subject = path.isEmpty ? "" : "\(path): "
        var text = Diagnostic.visible("\(place): \(severity.rawValue): \(subject)\(message)")
        for caller in calledFrom { text += "\n" + Diagnostic.visible("\(caller.file):\(caller.line): note: called from here") }
        return text
    }

    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Diagnostic.isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if Diagnostic.isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

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
