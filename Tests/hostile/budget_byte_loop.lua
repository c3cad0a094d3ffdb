-- string.byte of a 900 KB slice, and string.char of its result, again and again.
-- expect: budget_byte_loop\.lua:5: error: instruction limit exceeded
-- args: --max-memory 128M
local s = string.rep("z", 900000)
for _ = 1, 1000000 do local _ = string.char(s:byte(1, -1)) end
return screen { title = "Byte", section { row { text = "never" } } }
