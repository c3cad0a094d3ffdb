-- A million s:upper() on a 16 MiB string: six instructions each, 16 Mi conversions each.
-- expect: budget_upper_loop\.lua:6: error: instruction limit exceeded
-- args: --max-memory 128M

local s = string.rep("a", 16 << 20)
for _ = 1, 1000000 do local _ = s:upper() end
return screen { title = "Upper", section { row { text = "never" } } }
