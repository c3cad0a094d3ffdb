-- --trusted lifts the test root: open() reaches a file outside it.
-- command: test
-- args: --trusted
-- status: 0
-- setup: file ../outside/app.lua: return screen { id = "out", title = "Outside", section { row { text = "a" } } }
-- expect-out: ^# 1 passed, 0 failed$
test("trusted", function()
  eq(open("../outside/app.lua"):path(), { "out" })
end)
