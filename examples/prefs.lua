-- An Android-style preferences app, written the way real settings screens are: most rows
-- come from small helpers (androidx.preference's SwitchPreference, ListPreference, ...), and
-- every displayed string is translated by the tables in locales/ (de.lua, ja.lua).
--   luascreen run examples/prefs.lua --locale de
--   luascreen check examples/prefs.lua --locale ja

local function switch_pref(p)
  return toggle { key = p.key, text = p.title, default = p.default or false, help = p.summary,
                  enabled = p.depends and function(ctx) return ctx.store[p.depends] end }
end

local function list_pref(p)
  return choice { key = p.key, text = p.title, options = p.entries, default = p.default,
                  help = p.summary,
                  enabled = p.depends and function(ctx) return ctx.store[p.depends] end }
end

local function category(title, rows, footer)
  return section { header = title, footer = footer, rows = rows }
end

local sounds = {
  { value = "chime", text = "Chime" },
  { value = "bell", text = "Bell" },
  { value = "none", text = "Silent" },
}

return app {
  root = "prefs",
  store = "prefs",
  strings = "locales",
  screens = {
    screen {
      id = "prefs", title = "Settings",
      category("General", {
        switch_pref { key = "dark_theme", title = "Dark theme", summary = "Use dark colours everywhere" },
        list_pref { key = "start_page", title = "Start page", default = "library",
          entries = { { value = "library", text = "Library" }, { value = "recent", text = "Recently read" } } },
        row { text = "Account", push = "account" },
      }),
      category("Notifications", {
        switch_pref { key = "notify", title = "Notifications", default = true },
        list_pref { key = "sound", title = "Sound", entries = sounds, default = "chime", depends = "notify" },
        switch_pref { key = "vibrate", title = "Vibrate", depends = "notify" },
      }, "Notifications are sent for new books and finished downloads."),
      category("Sync", {
        switch_pref { key = "sync", title = "Sync", summary = "Keep your library on every device" },
        number { key = "sync_interval", text = "Every", unit = "min", min = 15, max = 240, step = 15,
                 default = 60, enabled = function(ctx) return ctx.store.sync end },
        button { text = "Sync now", on_select = function(ctx)
          ctx:alert(ctx:tr("Synced") .. " (" .. (ctx.locale or "en") .. ")")
        end },
      }),
    },
    screen {
      id = "account", title = "Account",
      category("Profile", {
        input { key = "name", text = "Name", placeholder = "Your name",
                autocapitalize = "words", autocorrect = false },
        row { text = "Plan", detail = "Free" },
      }),
      category(nil, {
        button { text = "Sign out", destructive = true, confirm = "Sign out now?",
                 on_select = function(ctx) ctx:alert(ctx:tr("Signed out")) end },
      }),
    },
  },
}
