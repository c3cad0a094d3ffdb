-- A test session object is a handle: rawset, setmetatable and assignments are refused,
-- and its methods still report what the session holds.
-- command: test
-- status: 0
-- setup: file app.lua: return screen { id = "app", title = "App", section { toggle { text = "Wifi", key = "wifi", default = false } } }
-- expect-out: ^# 1 passed, 0 failed$
test("session handle", function()
  local s = open("app.lua")
  raises(function() rawset(s, "store", function() return { wifi = "HACKED" } end) end, "table expected")
  raises(function() setmetatable(s, {}) end)
  raises(function() s.store = function() return {} end end, "read%-only")
  eq(getmetatable(s), "session")
  eq(type(s), "userdata")
  eq(s:store().wifi, false)
  s:select("Wifi")
  eq(s:store().wifi, true)
  raises(function() s.select({}, "Wifi") end, "call it as a method")
end)
