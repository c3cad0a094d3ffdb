-- The brief's case: ("x"):rep(1e8):find(".-.-.-.-y"). 1e8 bytes is over the default cap, so
-- this stops at the cap; with a larger cap it must stop at the instruction budget.
-- expect: pattern_backtracking_big\.lua:\d+: error: (memory limit exceeded|instruction limit exceeded)
local found = ("x"):rep(1e8):find(".-.-.-.-y")
return screen { title = tostring(found) }
