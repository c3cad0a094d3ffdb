-- A symbolic link inside the test root that leads out of it is refused by open().
-- command: test
-- status: 0
-- setup: file ../secret/app.lua: return screen { title = "SECRET-TITLE", section { row { text = "a" } } }
-- setup: symlink evil.lua -> ../secret/app.lua
-- setup: symlink dir -> ../secret
-- expect-out: ^# 1 passed, 0 failed$
-- reject: SECRET-TITLE
test("links out", function()
  raises(function() open("evil.lua") end, "is outside the test root")
  raises(function() open("dir/app.lua") end, "is outside the test root")
end)
