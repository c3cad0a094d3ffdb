-- examples/tests/settings_test.lua
test("notifications can be turned off", function()
  local s = open("../settings.lua", { store = { notifications = true } })
  s:select("Notifications")
  eq(s:store().notifications, false)
  snapshot("settings-after-toggle", s:render(60))
end)

-- The tests below go further than SPEC §5's example.

test("the root screen as dump shapes it", function()
  local s = open("../settings.lua")
  local screen = s:screen()
  eq(screen.id, "settings")
  eq(screen.title, "Settings")
  eq(#screen.sections, 2)
  eq(screen.sections[1].header, "Account")
  eq(screen.sections[2].footer, "Thanks for using our app!")
  local ids = {}
  for _, row in ipairs(screen.sections[1].rows) do ids[#ids + 1] = row.id end
  eq(ids, { "profile", "notifications", "version" })
  -- JSON null becomes an absent key: Profile has no detail and no key.
  eq(screen.sections[1].rows[1].detail, nil)
  eq(screen.sections[1].rows[1].key, nil)
  eq(screen.sections[1].rows[1].accessory, "disclosure")
  snapshot("settings-root", s:render(60))
end)

test("notifications default to on and flip back", function()
  local s = open("../settings.lua")
  eq(s:store(), { notifications = true })
  eq(s:row("notifications").value, true)
  eq(s:row("notifications").detail, "on")
  s:select("Notifications")
  eq(s:row("notifications").value, false)
  s:select(2)                       -- its number on the screen
  eq(s:store().notifications, true)
end)

test("a stored value seeds the store; unknown keys are kept", function()
  local s = open("../settings.lua", { store = { notifications = false, theme = "dark" } })
  eq(s:row("Notifications").detail, "off")
  eq(s:store(), { notifications = false, theme = "dark" })
end)

test("Profile pushes its inline screen, back and home return", function()
  local s = open("../settings.lua")
  s:select("Profile")
  eq(s:path(), { "settings", "profile" })
  eq(s:screen().title, "Profile")
  eq(s:row("Name").detail, "Ada")
  -- Name has nothing to do: selecting it is refused.
  raises(function() s:select("Name") end, "does nothing when selected")
  s:back()
  eq(s:path(), { "settings" })
  raises(function() s:back() end, "already at the root")
  s:select("prof")                  -- a unique prefix of the text
  s:home()
  eq(s:path(), { "settings" })
end)

test("Sign Out asks first: no does nothing, yes signs out", function()
  local s = open("../settings.lua")
  s:select("Sign Out", false)
  eq(s:messages(), {})
  s:select("Sign Out")              -- the answer is yes when left out
  eq(s:messages(), { "Signed out" })
  s:select("sign out", true)
  eq(s:messages(), { "Signed out", "Signed out" })
end)

test("rows that cannot be selected or found", function()
  local s = open("../settings.lua")
  raises(function() s:select("Version") end, "does nothing when selected")
  raises(function() s:select("Wi-Fi") end, 'no row "Wi%-Fi" on screen "Settings"')
  raises(function() s:select(9) end, "no row 9 on this screen")
  raises(function() s:set("Notifications", "maybe") end, "is a toggle")
  raises(function() s:set("Version", "3.0") end, "has no value to set")
  raises(function() s:accessory("Profile") end, "has no detail button")
end)

test("set takes typed text and booleans for a toggle", function()
  local s = open("../settings.lua")
  s:set("Notifications", "off")
  eq(s:store().notifications, false)
  s:set("Notifications", true)
  eq(s:store().notifications, true)
end)

test("find searches every screen reachable from the root", function()
  local s = open("../settings.lua")
  eq(s:find("name"), { { screen = "profile", row = "name", text = "Name" } })
  eq(s:find("o"), {
    { screen = "settings", row = "profile", text = "Profile" },
    { screen = "settings", row = "notifications", text = "Notifications" },
    { screen = "settings", row = "version", text = "Version" },
    { screen = "settings", row = "sign_out", text = "Sign Out" },
  })
  eq(s:find("nothing like this"), {})
end)
