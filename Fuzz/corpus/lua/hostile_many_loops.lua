-- Fifty field functions that each loop forever: each is stopped by its own budget, so check
-- takes 50 budgets of time (the budget is per entry into Lua, not per check).
-- args: --max-instructions 1000000
-- expect: many_loops\.lua:\d+: error: sections\[1\]\.rows\[50\]\.detail: instruction limit exceeded
local rows = {}
for i = 1, 50 do rows[i] = row { text = "r" .. i, detail = function() while true do end end } end
return screen { title = "Loops", section(rows) }
