-- table.sort of a table whose __len claims two billion items (and whose __index answers
-- every slot): charged before it starts, never a two-billion-item sort.
-- expect: budget_sort_len\.lua:9: error: instruction limit exceeded
local t = setmetatable({}, {
  __len = function() return 2000000000 end,
  __index = function(_, i) return -i end,
  __newindex = function() end,
})
table.sort(t)
return screen { title = "Sort", section { row { text = "never" } } }
