-- table.unpack of 500,000 values again and again: a million reads and pushes per instruction.
-- expect: budget_unpack_loop\.lua:6: error: instruction limit exceeded
-- args: --max-memory 128M
local t = {}
for i = 1, 100 do t[i] = i end
for _ = 1, 1000000 do local _ = select("#", table.unpack(t, 1, 500000)) end
return screen { title = "Unpack", section { row { text = "never" } } }
