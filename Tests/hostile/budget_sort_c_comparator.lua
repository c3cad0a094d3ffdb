-- table.sort with a comparator written in C (no Lua instruction per comparison), again and again.
-- expect: budget_sort_c_comparator\.lua:6: error: instruction limit exceeded
local t = {}
for i = 1, 200000 do t[i] = (i * 7919) % 200000 end
for _ = 1, 100000 do
  table.sort(t, math.ult)
end
return screen { title = "Sort", section { row { text = "never" } } }
