-- A huge needle searched in a short subject, many times: the needle is read for specials
-- on every call, so each call is charged for its length, not only for the subject's.
-- expect: find_huge_needle_short_subject\.lua:\d+: error: .*instruction limit exceeded
local needle = string.rep("a", 4000000)
local n = 0
for _ = 1, 1000000 do
  if ("x"):find(needle) then n = n + 1 end
end
return screen { id = "x", title = "X", section { row { text = tostring(n) } } }
