-- 400 looping field functions on one screen: they share one budget (SPEC §7 "Time"), so
-- check ends in a fraction of the time 400 budgets took (16 s before).
-- expect: budget_shared_by_details\.lua:\d+: error: .*detail: instruction limit exceeded
local rows = {}
for i = 1, 400 do
  rows[i] = row { text = "Row " .. i, detail = function() while true do end end }
end
return screen { title = "Loops", section { rows = rows } }
