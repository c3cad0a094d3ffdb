-- 100 rows sharing one 8 MiB text: Lua holds it once, the validator would copy it 100 times.
-- expect: mem_row_texts\.lua.*memory limit exceeded
local v = string.rep("w", 8 << 20)
local rows = {}
for i = 1, 100 do rows[i] = row { id = "r" .. i, text = v } end
return screen { title = "Texts", section { rows = rows } }
