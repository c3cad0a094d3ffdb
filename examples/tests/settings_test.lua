-- examples/tests/settings_test.lua
test("notifications can be turned off", function()
  local s = open("../settings.lua", { store = { notifications = true } })
  s:select("Notifications")
  eq(s:store().notifications, false)
  snapshot("settings-after-toggle", s:render(60))
end)
