-- examples/tests/about_test.lua: an About screen built from a module (examples/about.lua
-- requires examples/lib/shared_rows.lua).

test("rows built by the module", function()
  local s = open("../about.lua")
  eq(s:row("Version").detail, "2.0.0")
  eq(s:row("Build").detail, "417")
  eq(s:row("Website").detail, "example.com")         -- the scheme is cut off
  eq(s:row("Support").detail, "example.com/support")
  local legal = s:screen().sections[4]
  eq(legal.header, "Legal")
  eq(legal.footer, "© Example Inc. All rights reserved.")
  eq(#legal.rows, 2)
  snapshot("about-root", s:render(60))
end)

test("links say where to go (ctx.row.context)", function()
  local s = open("../about.lua")
  s:select("Website")
  s:select("Privacy Policy")
  eq(s:messages(), {
    "Open https://example.com in your browser.",
    "Open https://example.com/privacy in your browser.",
  })
  s:select("Acknowledgements")
  eq(s:path(), { "about", "acknowledgements" })
  s:select("InAppSettingsKit")
  eq(s:messages()[3], "Open https://github.com/futuretap/InAppSettingsKit in your browser.")
  snapshot("about-acknowledgements", s:render(60))
end)

test("Reset Settings: no keeps the values, yes puts them back to their defaults", function()
  local s = open("../about.lua", { store = { tips = false } })
  s:select("Send Diagnostics")
  eq(s:store(), { diagnostics = true, tips = false })
  eq(s:row("Reset Settings").type, "button")
  s:select("Reset Settings", false)
  eq(s:store(), { diagnostics = true, tips = false })
  eq(s:messages(), {})
  s:select("Reset Settings")
  eq(s:store(), { diagnostics = false, tips = true })
  eq(s:messages(), { "Settings reset." })
end)

test("find reads help texts of module rows", function()
  local s = open("../about.lua")
  eq(s:find("crash"), { { screen = "about", row = "diagnostics", text = "Send Diagnostics" } })
  local found = s:find("github.com")
  eq(#found, 3)
  for _, r in ipairs(found) do eq(r.screen, "acknowledgements") end
end)
