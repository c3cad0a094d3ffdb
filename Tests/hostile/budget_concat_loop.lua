-- table.concat of a 100,000-item table over and over: one instruction, 100,000 reads each.
-- expect: budget_concat_loop\.lua:5: error: instruction limit exceeded
local t = {}
for i = 1, 100000 do t[i] = "x" end
for _ = 1, 1000000 do local _ = table.concat(t) end
return screen { title = "Concat", section { row { text = "never" } } }
