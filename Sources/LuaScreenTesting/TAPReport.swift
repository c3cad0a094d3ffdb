import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// The lines of `luascreen test`'s output: TAP version 14 (SPEC §11), which `prove`, tappy
/// and other TAP consumers read, with the `N passed, N failed` line people read as a comment
/// just before the plan, which ends the output (no consumer takes a line after it).
///
///     TAP version 14
///     # tests/settings_test.lua
///     ok 1 - toggles
///     not ok 2 - counts
///       ---
///       message: "eq failed"
///       at: tests/settings_test.lua:9
///       detail: |
///         expected: 2
///         actual:   3
///       ...
///     # 1 passed, 1 failed
///     1..2
///
/// A namespace of pure functions, no state: usable from any thread.
public enum TAPReport {
    /// The first line: `TAP version 14`. A harness that reads only TAP 13 (Test::Harness
    /// before 3.48, Debian 12's `prove`) says so in `TAP_VERSION=13`; it gets
    /// `TAP version 13` over the same lines, which are valid TAP 13 as well.
    public static func header(version: Int = 14) -> String { "TAP version \(version == 13 ? 13 : 14)" }

    /// The TAP version to announce, from the harness's `TAP_VERSION` (nil or unknown: 14).
    public static func version(announcedByHarness value: String?) -> Int {
        value.flatMap { Int($0.trimmingSpaces) } == 13 ? 13 : 14
    }

    /// The plan, printed after the last test: `1..N`, or for a run with no test TAP's way of
    /// saying so, `1..0 # SKIP no tests`.
    public static func plan(_ count: Int) -> String { count == 0 ? "1..0 # SKIP no tests" : "1..\(count)" }

    /// A `# ` comment, one per line of `text` (LF, CR, CRLF, U+2028, U+2029 and NEL each
    /// end a line: none can start a line that is not a comment).
    public static func comment(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { "# " + $0 }
    }

    /// Seconds with three decimals ("0.012"), as the timing comments and YAML write them.
    public static func seconds(_ d: Double) -> String {
        let ms = Int((max(0, d) * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The test point of one result (with its `# SKIP` or `# TODO` directive), and the
    /// YAML block of a failure.
    public static func lines(_ result: TestResult) -> [String] {
        var point = "\(result.passed ? "ok" : "not ok") \(result.number) - \(escapedName(result.name))"
        switch result.directive {
        case .skip(let reason)?: point += " # SKIP" + (reason.isEmpty ? "" : " " + escapedName(reason))
        case .todo(let reason)?: point += " # TODO" + (reason.isEmpty ? "" : " " + escapedName(reason))
        case nil: break
        }
        guard !result.passed else { return [point] }
        let failure = result.failure
        var lines = [point, "  ---"]
        // A message that names a place (`screen.lua:2: kaboom`, a callback's error) goes on a
        // line of its own, as a literal block: an editor reading the output as compiler errors
        // then finds the place at the start of a line, never `message: "screen.lua` as a file.
        let message = block([failure.message], indent: "    ")
        if message.count == 2, TestResult.containsPlace(failure.message) {
            lines += ["  message: " + message[0], message[1]]
        } else {
            lines.append("  message: " + scalar(failure.message))
        }
        if let at = failure.at { lines.append("  at: " + scalar(at)) }
        if !failure.detail.isEmpty {
            let detail = block(failure.detail, indent: "    ")
            lines.append("  detail: " + detail[0])
            lines += detail.dropFirst()
        }
        if !failure.traceback.isEmpty {
            let traceback = block(failure.traceback, indent: "    ")
            lines.append("  traceback: " + traceback[0])
            lines += traceback.dropFirst()
        }
        // How long it ran (node-tap's key): after what people read first.
        lines.append("  duration_ms: " + String(Int((result.seconds * 1000).rounded())))
        lines.append("  ...")
        return lines
    }

    /// A failed test as compilers report an error, `FILE:LINE: error: MESSAGE (test "NAME")`,
    /// one line (sanitized, line breaks escaped), for the editors that jump to such lines
    /// (vim's quickfix, Emacs' compilation mode, Kakoune's make); `FILE:1` when no line is
    /// known. Nil for a test that passed, was skipped or is a todo.
    public static func errorLine(_ result: TestResult) -> String? {
        guard result.countsAsFailed else { return nil }
        let failure = result.failure
        var place = failure.at ?? result.file
        if TestResult.splitPlace(place + ": x") == nil { place += ":1" }
        return sanitize("\(place): error: \(failure.message) (test \(LuaLiteral.string(result.name)))", lineBreaks: .escape)
    }

    /// A test name as a TAP description: one line (every line end, CRLF, U+2028 and NEL too,
    /// a space: a name cannot end its test point and forge another), `#` and `\` escaped (an
    /// unescaped `#` would start a directive such as `# SKIP`).
    static func escapedName(_ name: String) -> String {
        var out = ""
        for c in name {
            switch c {
            case "\\": out += "\\\\"
            case "#": out += "\\#"
            default: out.append(c.isNewline ? " " : c)
            }
        }
        return out
    }

    /// A YAML plain scalar when the text is one that reads back as itself (a path, a word),
    /// else a double-quoted one.
    package static func scalar(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "_./-:+@".unicodeScalars.contains(c)
        }
        let first = text.unicodeScalars.first
        guard safe, let first, first != "-", first != ":", first != "@", !text.hasSuffix(":"), !text.contains(": ") else {
            return quoted(text)
        }
        return text
    }

    /// A YAML double-quoted scalar (escapes that YAML 1.2 and TAP::Parser's YAMLish both read).
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + hexDigits(scalar.value, width: 2, uppercase: false)
                } else if needsEscape(scalar.value) {
                    // C1 and bidi controls (which the one sanitizer would otherwise escape in
                    // its own, non-YAML way), and line breaks a YAML reader would act on.
                    out += "\\u" + hexDigits(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Lines as a YAML literal block (its `|` line, then the lines) when they read safely as one (no blank line, the first
    /// not indented, nothing but printable text), else one double-quoted scalar.
    package static func block(_ lines: [String], indent: String) -> [String] {
        let printable = lines.allSatisfy { line in
            !line.isEmpty && line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !needsEscape($0.value) }
        }
        // The common indentation goes: a literal block takes its own from its first line.
        let common = lines.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        let dedented = lines.map { String($0.dropFirst(common)) }
        guard printable, let first = dedented.first, first.first != " " else {
            return [quoted(lines.joined(separator: "\n"))]
        }
        return ["|"] + dedented.map { indent + $0 }
    }

    /// A scalar a quoted YAML scalar writes as `\\uXXXX`: what `sanitize` would escape, and
    /// the line and paragraph separators and the byte-order mark.
    static func needsEscape(_ v: UInt32) -> Bool {
        isHidden(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF
    }
}

/// A failed test's reason, split for reports: the message, where it happened, the rest.
///
/// `Sendable`: a plain value.
public struct TestFailure: Equatable, Sendable {
    /// The first line of the reason, without its `file:line: ` prefix.
    public var message: String
    /// `FILE:LINE` of the failing assertion (or the file alone when no line is known).
    public var at: String?
    /// The lines after the first: expected and actual values, a diff.
    public var detail: [String]
    /// Where the failure came from when it was further down than the test function.
    public var traceback: [String]
}

extension TestResult {
    /// The reason, split into message, place and detail.
    public var failure: TestFailure {
        var lines = reason
        let first = lines.isEmpty ? "failed" : lines.removeFirst()
        var message = first
        var at: String?
        if let (place, rest) = TestResult.splitPlace(first) {
            at = place
            message = rest
        }
        // "at FILE:LINE", added when the error came from further down than the test file.
        if let index = lines.firstIndex(where: { $0.hasPrefix("at ") && TestResult.splitPlace(String($0.dropFirst(3)) + ": x") != nil }) {
            if at == nil || !(at!.hasPrefix(file + ":") || at!.hasPrefix(luaShortSource(file) + ":")) {
                at = String(lines[index].dropFirst(3))
                lines.remove(at: index)
            }
        }
        if at == nil, message == "the test file failed while defining its tests:", let next = lines.first,
           let (place, rest) = TestResult.splitPlace(next) {
            at = place
            message = "the test file failed while defining its tests: " + rest
            lines.removeFirst()
        }
        var traceback: [String] = []
        if let index = lines.firstIndex(of: "traceback:") {
            traceback = lines[(index + 1)...].map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
            lines.removeSubrange(index...)
        }
        return TestFailure(message: message, at: at ?? file, detail: lines, traceback: traceback)
    }

    /// Whether the text holds a place, `NAME:DIGITS:`, anywhere (what vim's default
    /// 'errorformat' takes for a file and a line).
    static func containsPlace(_ text: String) -> Bool {
        text.firstMatch(of: #/[^\s:]:[0-9]+:/#) != nil
    }

    /// "file:12: text" -> ("file:12", "text"); nil when the line starts with no such place.
    static func splitPlace(_ line: String) -> (String, String)? {
        let scalars = Array(line.utf8)
        var i = 0
        while i < scalars.count {
            if scalars[i] == UInt8(ascii: ":") {
                var j = i + 1
                while j < scalars.count, scalars[j] >= 0x30, scalars[j] <= 0x39 { j += 1 }
                if j > i + 1, j + 1 < scalars.count, scalars[j] == UInt8(ascii: ":"), scalars[j + 1] == UInt8(ascii: " "), i > 0 {
                    let place = String(decoding: scalars[..<j], as: UTF8.self)
                    let rest = String(decoding: scalars[(j + 2)...], as: UTF8.self)
                    return (place, rest)
                }
            }
            i += 1
        }
        return nil
    }
}
