import LuaScreenCore
import ScreenModel
/// The report as `luascreen explore` prints it: text for people, JSON for machines.
extension ExploreReport {
    /// The summary line: walks, steps, screens reached, rows selected of the selectable ones.
    public var summary: String {
        "walks \(walks), steps \(steps), screens reached \(screensReached)/\(screens), rows selected \(rowsSelected)/\(rowsSelectable)"
    }

    /// The shrunk steps as REPL commands, one a line (runnable in batch mode).
    public var commands: [String] { finding?.steps.flatMap(\.replLines) ?? [] }

    /// The rows no walk selected, one a line as `SCREEN/ROW "Text"` (at most `limit`, then
    /// how many more); none when every selectable row was.
    public func neverSelectedLines(limit: Int = 20) -> [String] {
        guard !rowsNeverSelected.isEmpty else { return [] }
        var out = ["rows never selected (\(rowsNeverSelected.count)):"]
        out += rowsNeverSelected.prefix(limit).map { "  \($0.screen)/\($0.row) \(LuaLiteral.string($0.text))" }
        if rowsNeverSelected.count > limit { out.append("  ... and \(rowsNeverSelected.count - limit) more (--json lists every one)") }
        return out
    }

    /// The lines after the seed: the failure and its commands, if any, then the summary and
    /// the rows never selected.
    public func lines(script: String, testFile: String? = nil) -> [String] {
        var out: [String] = []
        if let finding {
            out.append("FAIL \(finding.failure.check.rawValue): \(finding.failure.message)")
            if finding.failure.check == .neverEnabled {
                out.append("(a row whose enabled condition no walk made true; the commands reach it, `why` says what it read)")
            } else {
                out.append("in walk \(finding.walk + 1), after \(finding.stepsBefore) steps; shrunk to \(finding.steps.count):")
            }
            out.append("commands (luascreen run \(script) --store none < FILE):")
            out += commands.map { "  " + $0 }
            if finding.failure.check == .neverEnabled, let row = finding.failure.message.split(separator: "\"").dropFirst().first {
                out.append("  why \(ReplSyntax.reference(String(row)))")
            }
            if let testFile { out.append("test written: \(testFile)") }
        } else {
            out.append("ok: no failure in \(walks) walks")
        }
        out.append(summary)
        out += neverSelectedLines()
        return out
    }

    /// The report as one JSON object.
    public func json(testFile: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("seed", seed <= UInt64(Int64.max) ? .integer(Int64(seed)) : .string(String(seed))), ("walks", .integer(Int64(walks))), ("steps", .integer(Int64(steps))),
            ("screens_reached", .integer(Int64(screensReached))), ("screens", .integer(Int64(screens))),
            ("rows_selected", .integer(Int64(rowsSelected))), ("rows_selectable", .integer(Int64(rowsSelectable))),
            ("rows_never_selected", .array(rowsNeverSelected.map { .object([("screen", .string($0.screen)), ("row", .string($0.row)),
                                                                             ("text", .string($0.text))]) })),
        ]
        if let finding {
            members.append(("failure", .object([
                ("check", .string(finding.failure.check.rawValue)), ("message", .string(finding.failure.message)),
                ("walk", .integer(Int64(finding.walk + 1))), ("steps_before", .integer(Int64(finding.stepsBefore))),
                ("steps_after", .integer(Int64(finding.steps.count))),
                ("commands", .array(commands.map { .string($0) })),
                ("test_file", testFile.map { .string($0) } ?? .null),
            ])))
        } else {
            members.append(("failure", .null))
        }
        members.append(("nanoseconds", .object(nanoseconds.sorted { $0.key < $1.key }.map { ($0.key, .integer(Int64($0.value))) })))
        return .object(members)
    }
}
