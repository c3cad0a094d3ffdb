-- gsub with a character set of two million bytes: the matcher reads the whole set at every
-- position of the subject, and that reading is charged (it once ran for minutes unseen).
-- expect: pattern_huge_set_gsub\.lua:\d+: error: .*instruction limit exceeded
local set = "[b" .. string.rep("a", 2000000) .. "]"
local s = string.rep("b", 1000000)
local r = s:gsub(set, "")
return screen { id = "x", title = "X", section { row { text = tostring(#r) } } }
