-- Concatenation doubling a string until it is gigabytes long.
-- expect: memory_concat\.lua:\d+: error: memory limit exceeded
local s = "x"
for i = 1, 64 do s = s .. s end
return screen { title = s }
