import Glibc
import LuaScreenCore
import ScreenModel
import LuaScreenTesting

/// `luascreen init [DIR | [DIR/]NAME.lua]`: the files a new author starts from — a screen
/// (`settings.lua`, or the name given), its test, the project file naming it (`luascreen.json`), the
/// LuaLS definitions with the `.luarc.json` that finds them, and a `.luacheckrc` — each
/// of which passes `luascreen check`, `luascreen test` and `luacheck`. A namespace of
/// functions that keep no state: callable from any thread.
package enum Scaffold {
    /// The starter screen (`settings.lua`).
    public static let screen = """
    -- settings.lua: a starter screen. Try it with `luascreen run settings.lua`,
    -- check it with `luascreen check settings.lua`, test it with `luascreen test`.
    return screen {
      id = "settings",
      title = "Settings",
      section {
        header = "General",
        toggle { id = "notifications", text = "Notifications", key = "notifications", default = true },
        choice {
          id = "theme", text = "Theme", key = "theme", default = "system",
          options = {
            { value = "system", text = "System" },
            { value = "light", text = "Light" },
            { value = "dark", text = "Dark" },
          },
        },
      },
      section {
        button {
          id = "reset", text = "Reset", confirm = "Put every value back?",
          on_select = function(ctx)
            ctx.store.notifications = nil
            ctx.store.theme = nil
            ctx:alert("Back to the defaults.")
          end,
        },
      },
    }

    """

    /// The starter test of the script `script` (`tests/NAME_test.lua`, opening `../NAME.lua`),
    /// run by `luascreen test`.
    public static func test(script: String = "settings.lua") -> String {
        """
        -- tests/\(testName(script: script)): run with `luascreen test` (it finds ./tests).
        test("notifications can be turned off", function()
          local s = open(\(LuaLiteral.string("../" + script)))
          s:select("Notifications")
          eq(s:store().notifications, false)
        end)

        """
    }

    /// The test file's name for `script`: `mail.lua` → `mail_test.lua`.
    static func testName(script: String) -> String {
        (script.hasSuffix(".lua") ? String(script.dropLast(4)) : script) + "_test.lua"
    }

    /// `.luarc.json`: LuaLS reads the definitions in `.luals/`, in Lua 5.4 without the
    /// libraries the sandbox leaves out (`runtime.builtin`, as the docs' Editor support says).
    public static let luarc = """
    {
      "runtime.version": "Lua 5.4",
      "workspace.library": [".luals"],
      "runtime.builtin": { "io": "disable", "debug": "disable", "package": "disable" }
    }

    """

    /// Every file `init` writes, relative to its folder; the screen is `script` (a file name
    /// ending in `.lua`, default `settings.lua`), its test `tests/NAME_test.lua`, the project
    /// file `luascreen.json` naming it the entry.
    public static func files(version: String, script: String = "settings.lua") -> [Files.Planned] {
        let screenText = screen.split(separator: "settings.lua", omittingEmptySubsequences: false).joined(separator: script)
        return [
            Files.Planned(relative: script, bytes: Array(screenText.utf8)),
            Files.Planned(relative: "tests/" + testName(script: script), bytes: Array(test(script: script).utf8)),
            Files.Planned(relative: ProjectFile.name, bytes: Array(ProjectFile.text(entry: script).utf8)),
            Files.Planned(relative: ".luarc.json", bytes: Array(luarc.utf8)),
            Files.Planned(relative: ".luals/luascreen.lua", bytes: Array(Stubs.luaLS(version: version).utf8)),
            Files.Planned(relative: ".luacheckrc", bytes: Array(Stubs.luacheck(version: version).utf8)),
        ]
    }

    /// The files `init` would write that exist already: `init` wrote nothing. Names every one
    /// (`PATH: error: it exists already` a line), then what to do.
    public struct Conflict: Error, CustomStringConvertible, Sendable {
        /// The paths that exist, in the order init writes them.
        public let paths: [String]

        /// One line a path, then the advice.
        public var description: String {
            let advice = paths.count == 1 ? "move it away" : "move them away"
            return (paths.map { "\($0): error: it exists already" }
                    + ["init writes only new files and changed nothing (\(advice), or init another folder or script name)"])
                .joined(separator: "\n")
        }
    }

    /// The script name an `init` operand gives, if it names one (`mail.lua`, `app/mail.lua`):
    /// its folder and file name; nil for a folder.
    public static func scriptOperand(_ operand: String) -> (folder: String, script: String)? {
        guard operand.hasSuffix(".lua"), !operand.hasSuffix("/") else { return nil }
        let name = operand.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? operand
        guard name.count > 4 else { return nil }
        let folder = String(operand.dropLast(name.count))
        return (folder.isEmpty ? "." : (folder == "/" ? folder : String(folder.dropLast())), name)
    }

    /// Writes `files` into `folder` (made when missing); throws `Conflict`, writing nothing,
    /// when any of them exists already (nothing a person wrote is overwritten), naming every
    /// one. The paths written.
    @discardableResult
    public static func write(into folder: String, version: String, script: String = "settings.lua") throws -> [String] {
        let planned = files(version: version, script: script)
        var existing: [String] = []
        for file in planned {
            let path = try Files.join(folder, file.relative)
            var st = stat()
            if lstat(path, &st) == 0 { existing.append(path) }
        }
        if !existing.isEmpty { throw Conflict(paths: existing) }
        try Files.write(planned, inside: folder)
        return try planned.map { try Files.join(folder, $0.relative) }
    }
}
