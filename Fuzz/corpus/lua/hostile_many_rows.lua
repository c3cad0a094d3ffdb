-- 20,000 rows with field functions in one section.
local rows = {}
for i = 1, 20000 do
  rows[i] = row { text = function() return "row " .. i end, visible = function() return i % 2 == 0 end }
end
return screen { title = "Rows", section(rows) }
