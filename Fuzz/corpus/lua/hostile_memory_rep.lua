-- string.rep of 1e9 bytes: one C call, stopped by the allocator's cap.
-- expect: memory_rep\.lua:\d+: error: memory limit exceeded
local s = string.rep("x", 1e9)
return screen { title = s }
