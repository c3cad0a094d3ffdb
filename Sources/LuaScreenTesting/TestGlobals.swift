import LuaRuntime
import ScreenModel
import LuaScreenCore
import LuaScreenExplore

/// The globals of a test file: `test`, `eq`, `truthy`, `raises`, `snapshot`, `open`,
/// `skip` and `todo`.
///
/// Each is a host function: it reads its arguments with raw accessors only and reports a
/// failure by returning `.error`, which the trampoline raises after Swift has returned,
/// prefixed with the `file:line` of the call in the test file.
extension TestFileRun {
    /// The globals of a test file, by name; `luascreen stubs` describes each.
    package static var globals: [(String, (TestFileRun, borrowing LuaCall) -> HostResult)] {
        [
            ("test", { $0.defineTest($1) }),
            ("eq", { $0.assertion($0.assertEqual($1)) }),
            ("truthy", { $0.assertion($0.assertTruthy($1)) }),
            ("raises", { $0.assertion($0.assertRaises($1)) }),
            ("snapshot", { $0.assertion($0.snapshot($1)) }),
            ("open", { $0.openSession($1) }),
            ("skip", { $0.skip($1) }),
            ("todo", { $0.todo($1) }),
        ]
    }

    /// An assertion's result, its failure noted: the test failed (`<failure>`), it did not
    /// raise an error (`<error>`).
    func assertion(_ result: HostResult) -> HostResult {
        if case .error(let text) = result, current != nil { assertionFailures.append(text) }
        return result
    }

    // MARK: skip and todo

    /// The reason argument of `skip` and `todo`: a string, or nothing (nil: neither).
    private func directiveReason(_ s: borrowing LuaCall) -> String? {
        switch s.type(1) {
        case .none, .nil_: return ""
        case .string: return s.string(1) ?? ""
        default: return nil
        }
    }

    /// skip(reason): the test stops here and is reported skipped (TAP `# SKIP`, JUnit
    /// `<skipped>`), neither passed nor failed.
    func skip(_ s: borrowing LuaCall) -> HostResult {
        guard current != nil else { return .error("skip() is for use inside a test: call it in the test's function") }
        guard let reason = directiveReason(s) else {
            return .error("skip(reason): the reason must be a string, got \(describeArgument(s, 1))")
        }
        directive = .skip(reason)
        // Stops the test; the runner reports the skip whatever the error says.
        return .error("skipped" + (reason.isEmpty ? "" : ": " + reason))
    }

    /// todo(reason): the test runs on, but is not expected to pass yet (TAP `# TODO`): its
    /// failure does not fail the run.
    func todo(_ s: borrowing LuaCall) -> HostResult {
        guard current != nil else { return .error("todo() is for use inside a test: call it in the test's function") }
        guard let reason = directiveReason(s) else {
            return .error("todo(reason): the reason must be a string, got \(describeArgument(s, 1))")
        }
        directive = .todo(reason)
        return .results(0)
    }

    func installGlobals(_ lua: LuaState) {
        // string.find as the sandbox opened it, for raises(fn, pattern), whatever the test
        // file later does to `string`.
        stringFind = lua.withGlobals { globals in
            globals.table("string") { string in
                string.value("find") { find in find.type == .function ? find.ref() : nil }
            } ?? nil
        }

        for (name, body) in TestFileRun.globals {
            lua.setGlobalHostCall(name) { [weak self] s in
                guard let self else { return .error("\(name): the test run is over") }
                return body(self, s)
            }
        }
    }

    var currentTestName: String? { current.map { tests[$0].name } }

    // MARK: test

    func defineTest(_ s: borrowing LuaCall) -> HostResult {
        guard lua != nil else { return .results(0) }
        if let name = currentTestName {
            return .error("test() inside the test \"\(name)\": define tests at the top level of the file")
        }
        guard s.isMainThread else { return .error("test() cannot be called inside a coroutine") }
        guard let name = s.string(1) else {
            return .error("test(name, fn): the name must be a string, got \(describeArgument(s, 1))")
        }
        guard s.type(2) == .function else {
            return .error("test(\"\(name)\", fn): fn must be a function, got \(describeArgument(s, 2))")
        }
        tests.append(Test(name: name, ref: s.argument(2) { $0.ref() }))
        return .results(0)
    }

    // MARK: assertions

    /// eq(actual, expected, message): deep equality for tables, Lua's `==` (without
    /// metamethods) for everything else.
    func assertEqual(_ s: borrowing LuaCall) -> HostResult {
        if s.count < 2 {
            return .error("eq(actual, expected, message) takes two values to compare, got \(s.count)")
        }
        var reader = TestValueReader()
        let actual = s.argument(1) { reader.read($0) }
        let expected = s.argument(2) { reader.read($0) }
        guard let difference = TestValue.difference(expected: expected, actual: actual) else { return .results(0) }
        var header = "eq failed"
        if !difference.path.isEmpty {
            header += " at " + (difference.path.hasPrefix(".") ? String(difference.path.dropFirst()) : difference.path)
        }
        if let message = optionalMessage(s, 3) { header += ": " + message }
        var lines = [header]
        if let note = difference.note { lines.append("  " + note) }
        lines += labelled("  expected: ", TestValue.describe(difference.expected))
        lines += labelled("  actual:   ", TestValue.describe(difference.actual))
        if !difference.path.isEmpty {
            // The whole values too, when they are small enough to read.
            let whole = (TestValue.describe(expected, maxLines: 12), TestValue.describe(actual, maxLines: 12))
            if whole.0.split(separator: "\n").count <= 12, whole.1.split(separator: "\n").count <= 12 {
                lines += labelled("  whole expected: ", whole.0)
                lines += labelled("  whole actual:   ", whole.1)
            }
        }
        return .error(lines.joined(separator: "\n"))
    }

    /// truthy(value, message): fails on nil and false.
    func assertTruthy(_ s: borrowing LuaCall) -> HostResult {
        var reader = TestValueReader()
        let value = s.argument(1) { reader.read($0) }
        if value.isTruthy { return .results(0) }
        var header = "truthy failed"
        if let message = optionalMessage(s, 2) { header += ": " + message }
        return .error(([header] + labelled("  got: ", TestValue.describe(value))).joined(separator: "\n"))
    }

    /// raises(fn, pattern): calls fn; fails unless it raises an error whose message matches
    /// the Lua pattern (`string.find`, not plain). Returns the error message.
    func assertRaises(_ s: borrowing LuaCall) -> HostResult {
        guard let lua else { return .results(0) }
        guard s.type(1) == .function else {
            return .error("raises(fn, pattern): fn must be a function, got \(describeArgument(s, 1))")
        }
        let pattern: String?
        switch s.type(2) {
        case .none, .nil_: pattern = nil
        case .string: pattern = s.string(2)
        default: return .error("raises(fn, pattern): pattern must be a string (a Lua pattern), got \(describeArgument(s, 2))")
        }
        guard s.isMainThread else { return .error("raises() cannot be used inside a coroutine") }
        let function = s.argument(1) { $0.ref() }
        let message: String
        do {
            _ = try lua.call(function) { _ in }
            return .error("raises failed: the function returned without an error"
                + (pattern.map { " (expected one matching \(LuaLiteral.string($0)))" } ?? ""))
        } catch {
            message = error.message
        }
        if let pattern {
            guard let stringFind else { return .error("raises: string.find is not available") }
            let matched: Bool?
            do {
                matched = try lua.call(stringFind, results: 1, arguments: { args in
                    args.push(message)
                    args.push(pattern)
                }) { $0[1].type != .nil_ }
            } catch {
                return .error("raises: invalid pattern \(LuaLiteral.string(pattern)): \(error.text)")
            }
            if matched != true {
                return .error((["raises failed: the error does not match \(LuaLiteral.string(pattern))"]
                    + labelled("  error: ", message)).joined(separator: "\n"))
            }
        }
        s.push(message)
        return .results(1)
    }

    // MARK: snapshot

    /// snapshot(name, text): compares `text` with `__snapshots__/NAME.txt` beside the test
    /// file, writing it when missing (or always, with --update-snapshots).
    func snapshot(_ s: borrowing LuaCall) -> HostResult {
        guard let testName = currentTestName else { return .error("snapshot() is for use inside a test") }
        guard let name = s.string(1) else {
            return .error("snapshot(name, text): the name must be a string, got \(describeArgument(s, 1))")
        }
        guard validSnapshotName(name) else {
            return .error("snapshot(name, text): \(LuaLiteral.string(name)) is not a usable file name; use letters, digits, '-', '_' and '.' (not first), at most 100")
        }
        // Bytes, not a repaired String: a snapshot is compared and written byte for byte.
        guard let text = s.argument(2, { $0.bytes }) else {
            return .error("snapshot(\"\(name)\", text): the text must be a string, got \(describeArgument(s, 2))")
        }
        if let owner = snapshotsTaken[name] {
            return .error("snapshot \"\(name)\" is already taken by the test \"\(owner)\" in this file; give each snapshot its own name")
        }
        snapshotsTaken[name] = testName
        // Only inside the test root (SPEC §7): a `__snapshots__` or snapshot linked out of it
        // is neither read (its text would show in the diff) nor written through.
        let file: String, real: String?
        switch resolve("__snapshots__/" + name + ".txt") {
        case .failure(let error): return .error("snapshot \"\(name)\": \(error)")
        case .success(let found): (file, real) = found
        }
        var existing: [UInt8]? = nil
        if let real {
            do { existing = try Files.readRegularFile(real) } catch let error as FileError {
                return .error("snapshot \"\(name)\": cannot read \(file): \(error.message)")
            } catch {
                return .error("snapshot \"\(name)\": cannot read \(file): \(error)")
            }
        }
        // Byte for byte: a snapshot that differs only in Unicode normalization differs.
        if let existing, existing == text { return .results(0) }
        if existing == nil || options.updateSnapshots {
            if let problem = writeSnapshot(text, file: file, real: real) {
                return .error("snapshot \"\(name)\": \(problem)")
            }
            notes.append("\(existing == nil ? "wrote" : "updated") snapshot \(file)")
            return .results(0)
        }
        let diff = LineDiff.render(expected: String(decoding: existing!, as: UTF8.self), actual: String(decoding: text, as: UTF8.self))
        let header = "snapshot \"\(name)\" does not match \(file) (- expected, + actual; luascreen test --update-snapshots accepts the new text)"
        return .error(([header] + diff.map { "  " + $0 }).joined(separator: "\n"))
    }

    /// Writes a snapshot through the `Files` seam: to its real path when it exists (inside
    /// the root), else into the real `__snapshots__` folder, made when missing. The seam never
    /// writes through a link or over what is not a regular file. An error message, or nil.
    func writeSnapshot(_ text: [UInt8], file: String, real: String?) -> String? {
        do {
            if let real {
                try Files.replace(real, with: text)
                return nil
            }
            let directory = PathResolver.join(folder, "__snapshots__")
            try Files.makeFolders(directory)
            // The folder may be a link: it must still lead inside the root.
            switch resolve("__snapshots__") {
            case .failure(let error): return error.description
            case .success((_, nil)): return "cannot create the folder \(directory)"
            case .success((_, let folderReal?)):
                try Files.replace(folderReal + "/" + (file.split(separator: "/").last.map(String.init) ?? file), with: text)
                return nil
            }
        } catch {
            return "\(error)"
        }
    }

    func validSnapshotName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 100, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    // MARK: helpers

    /// The message argument of an assertion: a string or number, else nil.
    func optionalMessage(_ s: borrowing LuaCall, _ index: Int) -> String? {
        s.argument(index) { v in
            switch v.type {
            case .string: return v.string
            case .number:
                if v.isInteger, let i = v.integer { return String(i) }
                return v.number.map(TestValue.formatNumber)
            default: return nil
            }
        }
    }

    func describeArgument(_ s: borrowing LuaCall, _ index: Int) -> String {
        s.argument(index) { describeValue($0) }
    }

    /// A value as a failure message quotes it: short, two levels deep ("nothing" when absent).
    func describeValue(_ v: borrowing LuaValueView) -> String {
        if v.type == .none { return "nothing" }
        var reader = TestValueReader()
        reader.maxDepth = 2
        return TestValue.describe(reader.read(v), lineWidth: 60, maxLines: 4)
    }

    /// `label` before the first line, the others aligned under it.
    func labelled(_ label: String, _ text: String) -> [String] {
        let pad = String(repeating: " ", count: label.count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { n, line in
            (n == 0 ? label : pad) + line
        }
    }
}
