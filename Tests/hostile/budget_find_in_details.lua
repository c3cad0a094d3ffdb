-- A backtracking pattern in 300 field functions: the pattern guards charge the one budget.
-- expect: budget_find_in_details\.lua:\d+: error: .*instruction limit exceeded
local s = string.rep("a", 30000)
local rows = {}
for i = 1, 300 do
  rows[i] = row { text = "Row " .. i, detail = function() return tostring(s:find(".-.-.-b")) end }
end
return screen { title = "Find", section { rows = rows } }
