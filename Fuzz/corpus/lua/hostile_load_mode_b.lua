-- load with mode "b" (and a binary chunk) is still text only.
-- expect: load_mode_b\.lua:\d+: error: attempt to load a binary chunk
local chunk = "\27Lua\84\0\25\147\13\10\26\10\4\8\8"
local f, message = load(chunk, "=bin", "b", _ENV)
assert(f == nil)
local g, message2 = load(function() local c = chunk; chunk = nil; return c end, "=reader", "bt")
assert(g == nil)
error(message2)
