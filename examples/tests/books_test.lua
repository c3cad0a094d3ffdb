-- examples/tests/books_test.lua: a books app's Settings page (examples/books.lua):
-- icon rows, inline child screens, rows disabled until another value allows them.

test("the page: icons, pushes and a plain row", function()
  local s = open("../books.lua")
  eq(s:screen().title, "Settings")
  eq(s:row("Library").icon, "☰")
  eq(s:row("Library").accessory, "disclosure")
  eq(s:row("Sync").detail, "Off")                    -- a detail function of ctx.store.sync
  local version = s:row("Version")
  eq({ version.selectable, version.detail, version.icon }, { false, "3.1.4", "#" })
  raises(function() s:select("Version") end, "does nothing when selected")
  snapshot("books-root", s:render(60))
end)

test("Library: a choice stores the value and shows the text", function()
  local s = open("../books.lua")
  s:select("Library")
  eq(s:path(), { "books_settings", "library" })
  eq(s:row("Sort by").value, "recent")
  eq(s:row("Sort by").detail, "Recently Read")
  s:select("Sort by")
  eq(s:path(), { "books_settings", "library", "sort_by" })
  eq(s:row("recent").accessory, "checkmark")
  s:select("Author")
  s:back()
  eq(s:row("Sort by").detail, "Author")
  eq(s:store().sort_by, "author")
  s:set("Sort by", "Title")                          -- an option's text works with set too
  eq(s:store().sort_by, "title")
  s:select("Show finished books")
  eq(s:store().show_finished, false)
  snapshot("books-library", s:render(60))
end)

test("Reading: the font size moves on its grid, themes are plain strings", function()
  local s = open("../books.lua", { store = { font_size = 20 } })
  s:select("Reading")
  eq(s:row("Font size").detail, "20 pt")
  s:set("Font size", 24)
  s:set("Font size", "32 pt")
  eq(s:store().font_size, 32)
  raises(function() s:set("Font size", 19) end, "off the grid from 12 in steps of 2")
  raises(function() s:set("Font size", 34) end, "above the maximum 32")
  raises(function() s:set("Font size", 10) end, "below the minimum 12")
  raises(function() s:set("Font size", true) end, "give a number")
  eq(s:store().font_size, 32)

  s:select("Theme")
  eq(s:screen().sections[1].rows[2].text, "dark")
  s:select("sepia")
  s:back()
  eq(s:row("Theme").detail, "sepia")
  raises(function() s:set("Theme", "night") end, 'not an option of "Theme"')

  -- A choice without a default starts on its first option.
  eq(s:row("Page turn").value, "slide")
  s:select("Page turn")
  s:select("Scrolling")
  eq(s:store().page_turn, "scroll")
end)

test("Sync: rows are disabled until iCloud Sync is on", function()
  local s = open("../books.lua")
  s:select("Sync")
  for _, ref in ipairs({ "Reading Position", "Sync Collections", "Sync Now" }) do
    eq(s:row(ref).enabled, false, ref)
  end
  raises(function() s:select("Reading Position") end, 'row "Reading Position" is disabled')
  raises(function() s:select("Sync Now") end, "is disabled")
  raises(function() s:set("Sync Collections", false) end, "is disabled")
  eq(s:store().sync_position, true)
  snapshot("books-sync-off", s:render(60))

  s:select("iCloud Sync")
  eq(s:row("Sync Now").enabled, true)
  s:select("Reading Position")
  eq(s:store().sync_position, false)
  s:select("Sync Now")
  eq(s:messages(), { "Your library is up to date." })
  snapshot("books-sync-on", s:render(60))
  s:back()
  eq(s:row("Sync").detail, "On")
end)

test("Support: subtitle rows, buttons and alerts", function()
  local s = open("../books.lua")
  s:select("Help Center")
  local topic = s:row("Where are my books?")
  eq(topic.style, "subtitle")
  eq(topic.detail, "Library shows every book you own or have sampled.")
  eq(topic.selectable, false)
  s:back()
  s:select("Contact Us")
  s:select("Rate")
  eq(s:messages(), {
    "Write to us at help@books.example; we answer within a day.",
    "Thanks for rating Books!",
  })
  eq(s:path(), { "books_settings" })
end)

test("find looks into every child screen", function()
  local s = open("../books.lua")
  -- A bound row's id is its key; details count as well as texts.
  eq(s:find("Reading Position"), {
    { screen = "sync", row = "sync_position", text = "Reading Position" },
    { screen = "help_center", row = "how_do_i_move_my_place", text = "How do I move my place?" },
  })
  eq(#s:find("offline"), 1)
end)
