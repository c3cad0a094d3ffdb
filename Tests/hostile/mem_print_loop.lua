-- print of an 8 MiB string 200 times in one action.
-- expect: mem_print_loop\.lua:4: .*memory limit exceeded
local v = string.rep("p", 8 << 20)
for _ = 1, 200 do print(v) end
return screen { title = "Print", section { row { text = "x" } } }
