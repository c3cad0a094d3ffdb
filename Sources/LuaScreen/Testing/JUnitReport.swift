/// JUnit XML of a test run (`luascreen test --junit FILE`, SPEC §11): one `testsuite` per
/// test file, one `testcase` per test, a `failure` (its `message` and the whole reason as
/// text) for each failed one. The shape CI systems (GitLab, Jenkins, GitHub reporters) read.
///
/// A namespace of pure functions, no state: usable from any thread.
public enum JUnitReport {
    /// The document for results in run order; `files` lists the files run, so a file
    /// whose tests were all filtered out still has its (empty) suite.
    public static func xml(results: [TestResult], files: [String] = []) -> String {
        var order: [String] = []
        var byFile: [String: [TestResult]] = [:]
        for file in files + results.map(\.file) where byFile[file] == nil {
            order.append(file)
            byFile[file] = []
        }
        for result in results { byFile[result.file, default: []].append(result) }
        let failures = results.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"luascreen test\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for file in order {
            let cases = byFile[file] ?? []
            out += "  <testsuite name=\"\(escaped(file))\" tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0.passed }.count)\" errors=\"0\" skipped=\"0\">\n"
            for result in cases {
                let open = "    <testcase name=\"\(escaped(result.name))\" classname=\"\(escaped(className(file)))\" file=\"\(escaped(file))\""
                if result.passed {
                    out += open + "/>\n"
                } else {
                    let failure = result.failure
                    let message = failure.at.map { "\($0): \(failure.message)" } ?? failure.message
                    out += open + ">\n"
                    out += "      <failure message=\"\(escaped(message))\" type=\"failure\">"
                    out += escaped(result.reason.joined(separator: "\n"))
                    out += "</failure>\n"
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// A test file's path as a JUnit class name: `examples/tests/settings_test.lua` ->
    /// `examples.tests.settings_test` (how reporters group cases).
    static func className(_ file: String) -> String {
        var name = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        while name.hasPrefix("./") { name = String(name.dropFirst(2)) }
        return name.split(separator: "/").joined(separator: ".")
    }

    /// Text made safe for an XML attribute or element: markup characters as entities, tab
    /// and newline as references, and the characters XML 1.0 cannot hold as U+FFFD.
    static func escaped(_ text: String) -> String { XMLText.escape(text, keepLayout: false, invalid: "\u{FFFD}") }
}
