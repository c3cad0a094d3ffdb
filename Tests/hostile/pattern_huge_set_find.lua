-- string.find whose needle starts with a huge character set that matches at once and then
-- fails: each position re-reads the set to find its closing bracket, which is charged.
-- expect: pattern_huge_set_find\.lua:\d+: error: .*instruction limit exceeded
local needle = "[b" .. string.rep("a", 2000000) .. "]c"
local hay = string.rep("b", 2000000)
local r = hay:find(needle)
return screen { id = "x", title = "X", section { row { text = tostring(r) } } }
