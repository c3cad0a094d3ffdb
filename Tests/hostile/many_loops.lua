-- Fifty field functions that each loop forever: they share the screen's one budget (one
-- action), so the first spends it and every later one fails at its first instruction.
-- args: --max-instructions 1000000
-- expect: many_loops\.lua:\d+: error: sections\[1\]\.rows\[50\]\.detail: instruction limit exceeded
local rows = {}
for i = 1, 50 do rows[i] = row { text = "r" .. i, detail = function() while true do end end } end
return screen { title = "Loops", section(rows) }
