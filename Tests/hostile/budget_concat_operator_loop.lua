-- The .. operator copying a 16 MiB string: one VM instruction per 16 MiB (the allocator charges it).
-- expect: budget_concat_operator_loop\.lua:5: error: instruction limit exceeded
-- args: --max-memory 128M
local s = string.rep("c", 16 << 20)
for i = 1, 1000000 do local _ = s .. i end
return screen { title = "Concat", section { row { text = "never" } } }
