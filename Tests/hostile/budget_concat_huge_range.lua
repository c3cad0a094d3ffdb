-- table.concat over a range of 2^62 slots that a C __index fills with empty strings.
-- expect: budget_concat_huge_range\.lua:5: error: instruction limit exceeded
local t = setmetatable({}, { __index = tostring })
t[1] = ""
local s = table.concat(t, "", 1, 1 << 62)
return screen { title = "Concat", section { row { text = s } } }
