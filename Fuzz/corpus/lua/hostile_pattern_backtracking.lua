-- Catastrophic pattern backtracking: string.find runs in C, where the count hook never
-- fires. The pattern matcher must count its steps against the instruction budget.
-- expect: pattern_backtracking\.lua:\d+: error: instruction limit exceeded
local s = ("x"):rep(1e5)
local found = s:find(".-.-.-.-y")
return screen { title = tostring(found) }
