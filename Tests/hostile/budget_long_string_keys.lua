-- A fresh 8 MiB string used as a table key is hashed whole, again and again (the allocator
-- charges each copy; the hash is covered by the charge and the time backstop).
-- expect: budget_long_string_keys\.lua:6: error: instruction limit exceeded
-- args: --max-memory 128M
local s = string.rep("h", 8 << 20)
local t = {} for i = 1, 1e6 do t[s .. (i % 2)] = i end
return screen { title = "Keys", section { row { text = "never" } } }
