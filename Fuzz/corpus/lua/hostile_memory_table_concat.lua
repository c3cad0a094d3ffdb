-- table.concat of a table holding the same string many times.
-- expect: memory_table_concat\.lua:\d+: error: memory limit exceeded
local piece = ("y"):rep(1 << 20)
local t = {}
for i = 1, 1000 do t[i] = piece end
local s = table.concat(t)
return screen { title = s }
