-- string.rep of the empty string 2^63 - 1 times: a C loop that allocates nothing.
-- expect: budget_rep_empty\.lua:5: error: instruction limit exceeded
-- args: --max-memory 16M

local s = string.rep("", math.maxinteger)
return screen { title = "Rep", section { row { text = s } } }
