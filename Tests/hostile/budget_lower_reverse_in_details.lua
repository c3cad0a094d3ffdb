-- lower and reverse of a 4 MiB string in 200 field functions: one budget for the screen.
-- expect: budget_lower_reverse_in_details\.lua:\d+: error: .*instruction limit exceeded
local s = string.rep("A", 4 << 20)
local rows = {}
for i = 1, 200 do
  rows[i] = row { text = "Row " .. i, detail = function()
    for _ = 1, 100 do local _ = s:lower():reverse() end
    return "done"
  end }
end
return screen { title = "Lower", section { rows = rows } }
