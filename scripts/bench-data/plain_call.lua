-- lua5.4 plain_call.lua SCREEN ITERATIONS
-- Evaluates the generated screen and calls the on_select of its first row (the same
-- callback a `luascreen test` selects) ITERATIONS times in a plain Lua loop, with a
-- ctx-like table as its argument. Prints "bench: call N SECONDS" (CPU time, os.clock).
local path, iterations = arg[1], tonumber(arg[2])
local screen = dofile(path)
local row = screen.sections[1].rows[1]
local callback = assert(row.on_select, "the first row has no on_select")
local ctx = { store = {}, row = { id = "action_1", text = row.text }, screen = { id = "bench", title = screen.title } }
callback(ctx)                       -- warm up, as the test does
local start = os.clock()
for _ = 1, iterations do
  callback(ctx)
end
local elapsed = os.clock() - start
print(string.format("bench: call %d %.9f", iterations, elapsed))
