-- examples/prefs.lua: rows built by helpers, shown in English, German and Japanese.

test("without a locale the texts are shown as written", function()
  local s = open("../prefs.lua")
  eq(s:screen().title, "Settings")
  eq(s:row("start_page").detail, "Library")
  snapshot("prefs-en", s:render(60))
end)

test("German: every displayed string comes from locales/de.lua", function()
  local s = open("../prefs.lua", { locale = "de" })
  local screen = s:screen()
  eq(screen.title, "Einstellungen")
  eq(screen.sections[1].header, "Allgemein")
  eq(screen.sections[2].footer, "Benachrichtigungen kommen bei neuen Büchern und fertigen Downloads.")
  eq(s:row("dark_theme").text, "Dunkles Design")
  eq(s:row("sound").detail, "Glockenspiel")         -- an option's text
  snapshot("prefs-de", s:render(40))
end)

test("German: rows are found by their shown text, ids stay as written", function()
  local s = open("../prefs.lua", { locale = "de_DE.UTF-8" })   -- de_DE, then de
  s:select("Dunkles Design")
  eq(s:store().dark_theme, true)
  s:select("Ton")                                    -- the picker: translated options
  eq(s:path(), { "prefs", "sound" })
  eq(s:screen().title, "Ton")
  s:select("Glocke")
  eq(s:store().sound, "bell")
  s:back()
  s:select("Konto")
  eq(s:row("name").detail, "Dein Name")              -- the placeholder
  s:select("Abmelden", false)                        -- "Jetzt abmelden?" declined
  eq(s:messages(), {})
  s:select("Abmelden")
  eq(s:messages(), { "Abgemeldet" })
end)

test("Japanese: wide characters line up in the columns", function()
  local s = open("../prefs.lua", { locale = "ja" })
  eq(s:screen().title, "設定")
  s:set("sound", "ベル")                            -- an option by its shown text
  eq(s:store().sound, "bell")
  s:select("サウンド")
  eq(s:screen().title, "サウンド")
  s:back()
  s:set("sound", "chime")
  snapshot("prefs-ja-60", s:render(60))
  snapshot("prefs-ja-30", s:render(30))
end)

test("ctx.locale and ctx:tr serve composed strings", function()
  local s = open("../prefs.lua", { locale = "ja_JP" })
  s:set("sync", true)                                -- by id: the same in every locale
  s:select("今すぐ同期")
  eq(s:messages(), { "同期しました (ja_JP)" })
  local en = open("../prefs.lua")
  en:set("sync", true)
  en:select("Sync now")
  eq(en:messages(), { "Synced (en)" })
end)

test("a locale without strings falls back to the texts as written", function()
  local s = open("../prefs.lua", { locale = "fr_FR" })
  eq(s:screen().title, "Settings")
  raises(function() open("../prefs.lua", { locale = 3 }) end, "opts.locale")
end)
