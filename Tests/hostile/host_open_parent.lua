-- open("../x") past the test root is refused, even when the file exists.
-- command: test
-- status: 0
-- setup: file ../secret/app.lua: return screen { title = "SECRET-TITLE", section { row { text = "a" } } }
-- expect-out: ^# 1 passed, 0 failed$
-- reject: SECRET-TITLE
test("parent", function()
  raises(function() open("../secret/app.lua") end, "is outside the test root")
  raises(function() open("sub/../../secret/app.lua") end, "is outside the test root")
end)
