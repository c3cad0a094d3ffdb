import LuaRuntime
import ScreenModel
import ScreenRender
import LuaScreenCore
import LuaScreenExplore

/// `luascreen run SCRIPT --record FILE`: the commands of a REPL session written as a test
/// file that replays them through a test session (SPEC §12). Each command becomes a session
/// call, a command that failed becomes `raises(function() ... end)`, each alert an
/// `eq(s:messages()[N], ...)`, and the last screen a `snapshot` (written beside the test as
/// the REPL showed it, so the replay must draw the same screen).
///
/// Not `Sendable`: bound to the thread of the session it records.
public final class SessionRecorder {
    /// A command of the session, as the test replays it. `Sendable`.
    public enum Call: Sendable {
        /// A verb of the session, replayed as its `luaCall`.
        case verb(SessionVerb)
        /// A command the test cannot replay (find, go, lua, ...): kept as a comment.
        case note(String)
    }

    /// The test file written.
    public let testFile: String
    /// The screen script the session runs (as the REPL was given it).
    public let script: String
    /// The width the snapshot is drawn at.
    public let width: Int
    private var lines: [String] = []
    private var initialStore: [(key: String, value: StoreValue)]
    private var alertsSeen: Int
    /// The keys bound to a secure input on a screen the session showed (static screens, and
    /// the rows a `sections` function made): their values are never written.
    private var secretKeys = Set<String>()

    /// What a secret is written as, in a recorded `set` and in the seed.
    public static let secretPlaceholder = "xxxx"

    /// A recorder of a session on `script` (as the REPL was given it), writing `testFile`;
    /// the session's stored values now seed the test's store.
    public init(session: Session, testFile: String, width: Int) {
        self.testFile = testFile
        self.script = session.scriptPath
        self.width = width
        initialStore = session.store.values
        alertsSeen = 0
        lines = []
        noteSecrets(session)
        // Alerts of the root's on_appear come with open().
        recordAlerts(session)
    }

    /// Records a command after it ran: whether it failed and the alerts it gave. `secure`:
    /// the command names a secure input (the shell knows the row it named before it ran);
    /// a `set` of one, or of any key bound to a secure input, writes `"xxxx"` instead.
    /// `alerts` false: the alerts are left for the next call (one command replayed as several).
    public func record(_ call: Call, typed line: String, failed: Bool, session: Session, secure: Bool = false, alerts: Bool = true) {
        noteSecrets(session)
        var call = call
        var line = line
        if secure || isSecret(call, session) {
            switch call {
            case .verb(.set(let ref, let value)):
                call = .verb(.set(row: ref, text: value.isEmpty ? "" : SessionRecorder.secretPlaceholder))
                line = "set \(ref) (a secure value, written as \"\(SessionRecorder.secretPlaceholder)\")"
            case .verb(.setValue(let ref, let value)):
                call = .verb(.setValue(row: ref, value: value == .string("") ? value : .string(SessionRecorder.secretPlaceholder)))
                line = "set \(ref) (a secure value, written as \"\(SessionRecorder.secretPlaceholder)\")"
            case .note:
                line = "(a command on a secure input, not recorded)"
                call = .note(line)
            default: break
            }
        }
        guard case .verb(let verb) = call else {
            if case .note(let text) = call { lines.append("  " + LuaLiteral.comment(text + " (not replayed)")) }
            return
        }
        let lua = verb.luaCall
        lines.append("  " + LuaLiteral.comment("> " + line))
        lines.append(failed ? "  raises(function() \(lua) end)" : "  \(lua)")
        if alerts { recordAlerts(session) }
    }

    /// Whether the call sets a row bound to a key known to be secret.
    private func isSecret(_ call: Call, _ session: Session) -> Bool {
        let ref: String
        switch call {
        case .verb(.set(let r, _)), .verb(.setValue(let r, _)): ref = r
        default: return false
        }
        guard let resolved = try? session.lookup(ref, includeHidden: true), let key = resolved.key else { return false }
        if session.declaredRow(resolved)?.binding?.secure == true { secretKeys.insert(key) }
        return secretKeys.contains(key)
    }

    /// Notes the keys bound to secure inputs on the declared screens and on every screen the
    /// session shows now (a `sections` function's rows are known only once shown).
    private func noteSecrets(_ session: Session) {
        func note(_ sections: [Section]) {
            for row in sections.lazy.flatMap(\.rows) {
                if let binding = row.binding, binding.secure { secretKeys.insert(binding.key) }
            }
        }
        for screen in session.registry.screens {
            if case .value(let sections) = screen.sections { note(sections) }
        }
        for live in session.navigation { note(live.sections ?? []) }
        // The screen shown, when a `sections` function makes its rows: evaluated once more.
        if let live = session.navigation.last, live.sections == nil, live.sectionsFunction != nil, live.picker == nil {
            session.lua.beginAction()
            defer { session.lua.endAction() }
            note(session.sections(of: live).0)
        }
    }

    private func recordAlerts(_ session: Session) {
        let messages = session.messages
        while alertsSeen < messages.count {
            lines.append("  eq(s:messages()[\(alertsSeen + 1)], \(LuaLiteral.string(messages[alertsSeen])))")
            alertsSeen += 1
        }
    }

    /// The snapshot's name: the test file's name without `_test.lua`.
    var snapshotName: String {
        var base = ExploreTestFile.baseName(testFile)
        for suffix in ["_test.lua", ".lua"] where base.hasSuffix(suffix) { base = String(base.dropLast(suffix.count)); break }
        let cleaned = String(base.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "-_".unicodeScalars.contains(s)) ? Character(s) : "_"
        })
        return (cleaned.isEmpty || cleaned.hasPrefix(".") ? "recorded" : cleaned) + "-last-screen"
    }

    /// The test file's text.
    public func text() -> String {
        let relative = ExploreTestFile.relativePath(from: TestFiles.directoryName(testFile), to: script)
        var seed = ""
        var out = [LuaLiteral.comment("Recorded by `luascreen run \(script) --record \(testFile)`.")]
        if !initialStore.isEmpty {
            let entries = initialStore.map { entry -> String in
                var value = entry.value
                if secretKeys.contains(entry.key), value != .string("") {
                    value = .string(SessionRecorder.secretPlaceholder)
                    out.append(LuaLiteral.comment("The stored \(entry.key) is a secure value: the seed holds \"\(SessionRecorder.secretPlaceholder)\", not it."))
                }
                // A store key is data, not a name: always `["key"]`.
                return "[\(LuaLiteral.string(entry.key))] = \(LuaLiteral.value(value))"
            }
            seed = ", { store = { \(entries.joined(separator: ", ")) } }"
        }
        if lines.contains(where: { $0.contains("(a secure value, written as") }) {
            out.append(LuaLiteral.comment("A value typed for a secure input is written as \"\(SessionRecorder.secretPlaceholder)\", not as typed."))
        }
        out += [
            "test(\(LuaLiteral.string("recorded session on \(script)")), function()",
            "  local s = open(\(LuaLiteral.string(relative))\(seed))",
        ]
        out += lines
        out.append("  snapshot(\(LuaLiteral.string(snapshotName)), s:render(\(width)))")
        out.append("end)")
        return out.joined(separator: "\n") + "\n"
    }

    /// Where the snapshot of the last screen goes: `__snapshots__/NAME.txt` beside the test file.
    var snapshotFile: String {
        PathResolver.join(PathResolver.join(TestFiles.directoryName(testFile), "__snapshots__"), snapshotName + ".txt")
    }

    /// Throws `FileError` when the test file or its snapshot would be written over one of the
    /// session's inputs (the script, a module it required) or over what is not a regular file.
    /// Called before the session runs and again before writing.
    public func checkOutputs(inputs: [String]) throws {
        for output in [testFile, snapshotFile] {
            try Files.checkNotInput(output, inputs: inputs)
            _ = try Files.replaceableTarget(output)
        }
        let folder = PathResolver.join(TestFiles.directoryName(testFile), "__snapshots__")
        switch Files.kind(folder) {
        case .folder, .missing: break
        case .link: throw FileError(path: folder, reason: .notAFolder("it is a symbolic link; luascreen does not write through links"))
        case .file, .other: throw FileError(path: folder, reason: .notAFolder("it is a file, not a folder"))
        }
    }

    /// Writes the test file, and its snapshot: the session's current screen at `width`, both
    /// through the `Files` seam (never through a link such as a shipped `__snapshots__`
    /// link, never over a device or one of the session's inputs). Throws `FileError`.
    public func write(session: Session) throws {
        try checkOutputs(inputs: session.sources.paths)
        let screen = TextRenderer(options: RenderOptions(width: width, ascii: false, color: false)).renderText(session.currentScreen())
        let folder = TestFiles.directoryName(testFile)
        try Files.write([Files.Planned(relative: ExploreTestFile.baseName(testFile), bytes: Array(text().utf8)),
                         Files.Planned(relative: "__snapshots__/" + snapshotName + ".txt", bytes: Array(screen.utf8))],
                        inside: folder, inputs: session.sources.paths)
    }
}
