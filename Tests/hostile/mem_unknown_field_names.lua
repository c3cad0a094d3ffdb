-- A 10 MiB unknown field name in 30 rows (600 MiB of diagnostics before).
-- expect: mem_unknown_field_names\.lua.*(memory limit exceeded|unknown field)
-- reject: Fatal error
local name = string.rep("n", 10 << 20)
local rows = {}
for i = 1, 30 do rows[i] = row { text = "Row " .. i, [name] = true } end
return screen { title = "Names", section { rows = rows } }
