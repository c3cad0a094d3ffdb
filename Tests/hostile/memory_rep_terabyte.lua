-- string.rep asked for a terabyte: a memory error that says so, not the instruction limit.
-- expect: memory_rep_terabyte\.lua:\d+: error: memory limit exceeded
local s = string.rep("x", 1 << 40)
return screen { title = s }
