-- Inside the test root, relative paths and links that stay inside still open.
-- command: test
-- status: 0
-- setup: file sub/app.lua: return screen { id = "app", title = "Inside", section { row { text = "a" } } }
-- setup: symlink link.lua -> sub/app.lua
-- expect-out: ^# 1 passed, 0 failed$
test("inside", function()
  eq(open("sub/app.lua"):path(), { "app" })
  eq(open("sub/../link.lua"):path(), { "app" })
end)
