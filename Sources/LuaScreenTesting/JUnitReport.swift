import LuaScreenCore
import ScreenModel
import LuaScreenExplore
#if canImport(Glibc)
import Glibc
#endif

/// JUnit XML of a test run (`luascreen test --junit FILE`, SPEC §11), in the shape Jenkins'
/// junit schema (junit-10.xsd), Ant's strict schema, GitLab and junitparser read: one
/// `testsuite` per test file (`tests`, `failures`, `errors`, `skipped`, `time`, `timestamp`,
/// `hostname`; the file in a `file` property), one `testcase` per test with its `time`
/// (only the attributes Jenkins' schema allows a testcase: no `file`); a
/// failed assertion is a `<failure>`, a Lua error (a runtime or syntax error, an error in
/// a callback, a test file that did not load) an `<error>`, `skip(reason)` and a `todo`
/// test a `<skipped>`; what the test printed is its `<system-out>`. Every text a script
/// supplied is escaped as XML (tab, line ends and NUL never raw in an attribute).
///
/// A namespace of pure functions, no state: usable from any thread.
public enum JUnitReport {
    /// The document for results in run order; `files` lists the files run, so a file
    /// whose tests were all filtered out still has its (empty) suite; `fileSeconds` how long
    /// each file ran (else the sum of its tests); `started` when the run began (seconds since
    /// 1970, UTC: each suite's `timestamp` is it plus the files run before), `hostname` the
    /// machine's name (default: the system's, else `localhost`).
    public static func xml(results: [TestResult], files: [String] = [], fileSeconds: [String: Double] = [:],
                           started: Double = 0, hostname: String? = nil) -> String {
        var order: [String] = []
        var byFile: [String: [TestResult]] = [:]
        for file in files + results.map(\.file) where byFile[file] == nil {
            order.append(file)
            byFile[file] = []
        }
        for result in results { byFile[result.file, default: []].append(result) }
        // `skipped` on each suite; Jenkins' schema allows no `skipped` on `testsuites`.
        func counts(_ cases: [TestResult], skipped withSkipped: Bool = true) -> String {
            let errors = cases.filter { $0.countsAsFailed && $0.isError }.count
            let failures = cases.filter { $0.countsAsFailed && !$0.isError }.count
            let skipped = cases.filter { $0.directive != nil && ($0.passed == false || $0.isSkip) }.count
            return "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\"" + (withSkipped ? " skipped=\"\(skipped)\"" : "")
        }
        let seconds = order.map { fileSeconds[$0] ?? (byFile[$0] ?? []).reduce(0) { $0 + $1.seconds } }
        let host = escaped(nonEmpty(hostname ?? systemHostname(), or: "localhost"))
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"luascreen test\" \(counts(results, skipped: false)) time=\"\(time(seconds.reduce(0, +)))\">\n"
        for (index, file) in order.enumerated() {
            let cases = byFile[file] ?? []
            let stamp = timestamp(started + seconds[..<index].reduce(0, +))
            out += "  <testsuite name=\"\(escaped(nonEmpty(file, or: "-")))\" \(counts(cases)) time=\"\(time(seconds[index]))\" timestamp=\"\(stamp)\" hostname=\"\(host)\" id=\"\(index)\" package=\"\(escaped(nonEmpty(className(file), or: "-")))\">\n"
            out += "    <properties>\n      <property name=\"file\" value=\"\(escaped(file))\"/>\n    </properties>\n"
            for result in cases {
                let open = "    <testcase name=\"\(escaped(nonEmpty(result.name, or: "(unnamed)")))\" classname=\"\(escaped(nonEmpty(className(file), or: "-")))\" time=\"\(time(result.seconds))\""
                var body = ""
                if result.isSkip {
                    body += "      <skipped message=\"\(escaped(result.directive?.reason ?? ""))\"/>\n"
                } else if !result.passed {
                    let failure = result.failure
                    let message = failure.at.map { "\($0): \(failure.message)" } ?? failure.message
                    let text = escaped(result.reason.joined(separator: "\n"), keepLayout: true)
                    if case .todo(let reason)? = result.directive {
                        // Not expected to pass yet: reported, not counted as a failure.
                        body += "      <skipped message=\"\(escaped("todo" + (reason.isEmpty ? "" : ": " + reason) + " (failed: " + message + ")"))\"/>\n"
                    } else if result.isError {
                        body += "      <error message=\"\(escaped(message))\" type=\"error\">\(text)</error>\n"
                    } else {
                        body += "      <failure message=\"\(escaped(message))\" type=\"failure\">\(text)</failure>\n"
                    }
                }
                if !result.printed.isEmpty {
                    body += "      <system-out>\(escaped(result.printed.joined(separator: "\n") + "\n", keepLayout: true))</system-out>\n"
                }
                out += body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// `text`, or `fallback` when it is empty or only spaces (a schema's `xs:token` of at least
    /// one character: Ant's names a test, its class and the host so).
    static func nonEmpty(_ text: String, or fallback: String) -> String {
        text.unicodeScalars.contains { !" \t\n\r".unicodeScalars.contains($0) } ? text : fallback
    }

    /// The machine's name, as `gethostname` gives it; empty when it cannot be read.
    static func systemHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seconds since 1970 as a schema's timestamp: UTC, `yyyy-MM-ddTHH:mm:ss`, no zone (the
    /// form Ant writes and its schema's pattern takes).
    static func timestamp(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// Seconds as JUnit's `time` (a decimal, three places).
    static func time(_ seconds: Double) -> String { TAPReport.seconds(seconds) }

    /// A test file's path as a JUnit class name: `examples/tests/settings_test.lua` ->
    /// `examples.tests.settings_test` (how reporters group cases).
    static func className(_ file: String) -> String {
        var name = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        while name.hasPrefix("./") { name = String(name.dropFirst(2)) }
        return name.split(separator: "/").joined(separator: ".")
    }

    /// Text made safe for an XML attribute (`keepLayout` false: tab and newline as
    /// references) or element, markup characters as entities, a carriage return as `&#13;`,
    /// and the characters XML 1.0 cannot hold (NUL, other C0 controls) as U+FFFD.
    static func escaped(_ text: String, keepLayout: Bool = false) -> String {
        XMLText.escape(text, keepLayout: keepLayout, invalid: "\u{FFFD}")
    }
}

extension TestResult {
    /// The test called `skip`.
    var isSkip: Bool { if case .skip? = directive { return true } else { return false } }
}
