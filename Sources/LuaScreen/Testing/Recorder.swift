import Foundation
import ScreenModel
import ScreenRender

/// `luascreen run SCRIPT --record FILE`: the commands of a REPL session written as a test
/// file that replays them through a test session (SPEC §12). Each command becomes a session
/// call, a command that failed becomes `raises(function() ... end)`, each alert an
/// `eq(s:messages()[N], ...)`, and the last screen a `snapshot` (written beside the test as
/// the REPL showed it, so the replay must draw the same screen).
public final class SessionRecorder {
    /// A command of the session, as the test replays it.
    public enum Call: Sendable {
        case select(String, answer: Bool?)
        case set(String, String)
        case accessory(String)
        case back, home
        case reset(String)
        case resetAll
        case reload
        /// A command the test cannot replay (find, go, lua, ...): kept as a comment.
        case note(String)

        var lua: String? {
            let q = ExploreStep.luaQuoted
            switch self {
            case .select(let ref, let answer): return "s:select(\(q(ref))\(answer == false ? ", false" : ""))"
            case .set(let ref, let value): return "s:set(\(q(ref)), \(q(value)))"
            case .accessory(let ref): return "s:accessory(\(q(ref)))"
            case .back: return "s:back()"
            case .home: return "s:home()"
            case .reset(let ref): return "s:reset(\(q(ref)))"
            case .resetAll: return "s:reset_all()"
            case .reload: return "s:reload()"
            case .note: return nil
            }
        }
    }

    public let testFile: String
    public let script: String
    public let width: Int
    private var lines: [String] = []
    private var initialStore: [(key: String, value: StoreValue)]
    private var alertsSeen: Int

    /// A recorder of a session on `script` (as the REPL was given it), writing `testFile`;
    /// the session's stored values now seed the test's store.
    public init(session: Session, testFile: String, width: Int) {
        self.testFile = testFile
        self.script = session.scriptPath
        self.width = width
        initialStore = session.store.values
        alertsSeen = 0
        lines = []
        // Alerts of the root's on_appear come with open().
        recordAlerts(session)
    }

    /// Records a command after it ran: whether it failed and the alerts it gave.
    public func record(_ call: Call, typed line: String, failed: Bool, session: Session) {
        guard let lua = call.lua else {
            if case .note(let text) = call { lines.append("  -- \(text.replacingOccurrences(of: "\n", with: " ")) (not replayed)") }
            return
        }
        lines.append("  -- > \(line.replacingOccurrences(of: "\n", with: " "))")
        lines.append(failed ? "  raises(function() \(lua) end)" : "  \(lua)")
        recordAlerts(session)
    }

    private func recordAlerts(_ session: Session) {
        let messages = session.messages
        while alertsSeen < messages.count {
            lines.append("  eq(s:messages()[\(alertsSeen + 1)], \(ExploreStep.luaQuoted(messages[alertsSeen])))")
            alertsSeen += 1
        }
    }

    /// The snapshot's name: the test file's name without `_test.lua`.
    var snapshotName: String {
        var base = (testFile as NSString).lastPathComponent
        for suffix in ["_test.lua", ".lua"] where base.hasSuffix(suffix) { base = String(base.dropLast(suffix.count)); break }
        let cleaned = String(base.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "-_".unicodeScalars.contains(s)) ? Character(s) : "_"
        })
        return (cleaned.isEmpty || cleaned.hasPrefix(".") ? "recorded" : cleaned) + "-last-screen"
    }

    /// The test file's text.
    public func text() -> String {
        let folder = (testFile as NSString).deletingLastPathComponent
        let relative = ExploreTestFile.relativePath(from: folder.isEmpty ? "." : folder, to: script)
        var seed = ""
        if !initialStore.isEmpty {
            let entries = initialStore.map { "[\(ExploreStep.luaQuoted($0.key))] = \(SessionRecorder.luaLiteral($0.value))" }
            seed = ", { store = { \(entries.joined(separator: ", ")) } }"
        }
        var out = [
            "-- Recorded by `luascreen run \(script) --record \(testFile)`.",
            "test(\(ExploreStep.luaQuoted("recorded session on \(script)")), function()",
            "  local s = open(\(ExploreStep.luaQuoted(relative))\(seed))",
        ]
        out += lines
        out.append("  snapshot(\(ExploreStep.luaQuoted(snapshotName)), s:render(\(width)))")
        out.append("end)")
        return out.joined(separator: "\n") + "\n"
    }

    /// Writes the test file, and its snapshot: the session's current screen at `width`.
    public func write(session: Session) throws {
        try text().write(toFile: testFile, atomically: true, encoding: .utf8)
        let folder = (testFile as NSString).deletingLastPathComponent
        let snapshots = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent("__snapshots__")
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        let screen = TextRenderer(options: RenderOptions(width: width, ascii: false, color: false)).renderText(session.currentScreen())
        try screen.write(toFile: (snapshots as NSString).appendingPathComponent(snapshotName + ".txt"), atomically: true, encoding: .utf8)
    }

    static func luaLiteral(_ value: StoreValue) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : "\(d)"
        case .string(let s): return ExploreStep.luaQuoted(s)
        }
    }
}
