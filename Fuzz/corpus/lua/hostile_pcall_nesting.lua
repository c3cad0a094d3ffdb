-- Unbounded recursion through pcall: every level is a C call; the C stack limit holds.
-- expect: pcall_nesting\.lua:\d+: error: (C stack overflow|stack overflow|error in error handling)
local function f() local ok, e = pcall(f); error(e, 0) end
f()
return screen { title = "never" }
