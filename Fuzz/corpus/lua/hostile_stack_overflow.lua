-- Unbounded Lua recursion: a stack overflow error, not a crash.
-- expect: stack_overflow\.lua:\d+: error: .*stack overflow
local function f(n) return 1 + f(n + 1) end
f(1)
return screen { title = "never" }
