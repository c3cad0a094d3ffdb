import Glibc
import LuaScreenCore
import ScreenModel
import LuaScreenTesting

/// `luascreen init [DIR]`: the files a new author starts from — a screen, its test, the
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

    /// The starter test (`tests/settings_test.lua`), run by `luascreen test`.
    public static let test = """
    -- tests/settings_test.lua: run with `luascreen test` (it finds ./tests).
    test("notifications can be turned off", function()
      local s = open("../settings.lua")
      s:select("Notifications")
      eq(s:store().notifications, false)
    end)

    """

    /// `.luarc.json`: LuaLS reads the definitions in `.luals/`.
    public static let luarc = """
    {
      "runtime.version": "Lua 5.4",
      "workspace.library": [".luals"]
    }

    """

    /// Every file `init` writes, relative to its folder.
    public static func files(version: String) -> [Files.Planned] {
        [
            Files.Planned(relative: "settings.lua", bytes: Array(screen.utf8)),
            Files.Planned(relative: "tests/settings_test.lua", bytes: Array(test.utf8)),
            Files.Planned(relative: ".luarc.json", bytes: Array(luarc.utf8)),
            Files.Planned(relative: ".luals/luascreen.lua", bytes: Array(Stubs.luaLS(version: version).utf8)),
            Files.Planned(relative: ".luacheckrc", bytes: Array(Stubs.luacheck(version: version).utf8)),
        ]
    }

    /// Writes `files` into `folder` (made when missing); throws, writing nothing, when any of
    /// them exists already (nothing a person wrote is overwritten). The paths written.
    @discardableResult
    public static func write(into folder: String, version: String) throws -> [String] {
        let planned = files(version: version)
        for file in planned {
            let path = try Files.join(folder, file.relative)
            var st = stat()
            if lstat(path, &st) == 0 {
                throw FileError(path: path, reason: .badName("it exists already; init writes only new files and changed nothing (move it away, or init another folder)"))
            }
        }
        try Files.write(planned, inside: folder)
        return try planned.map { try Files.join(folder, $0.relative) }
    }
}
