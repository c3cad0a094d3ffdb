-- string.format copying an 8 MiB string again and again.
-- expect: budget_format_loop\.lua:5: error: instruction limit exceeded
-- args: --max-memory 128M
local s = string.rep("f", 8 << 20)
for _ = 1, 1000000 do local _ = ("%s|%99.99f|%s"):format(s, 1e300, s) end
return screen { title = "Format", section { row { text = "never" } } }
