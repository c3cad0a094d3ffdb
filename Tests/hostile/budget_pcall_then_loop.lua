-- A field function catches the budget error with pcall and loops on: every later instruction
-- of the action raises, and the next field function fails at once instead of getting more.
-- expect: budget_pcall_then_loop\.lua:\d+: error: .*instruction limit exceeded
local function spin() while true do end end
local rows = {}
for i = 1, 50 do
  rows[i] = row { text = "Row " .. i, detail = function()
    for _ = 1, 100 do pcall(spin) end
    while true do end
  end }
end
return screen { title = "Pcall", section { rows = rows } }
