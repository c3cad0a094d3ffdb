-- A table that grows without end: the memory cap stops it.
-- expect: memory_table\.lua:\d+: error: memory limit exceeded
local t = {}
local i = 0
while true do
  i = i + 1
  t[i] = { i, tostring(i) }
end
