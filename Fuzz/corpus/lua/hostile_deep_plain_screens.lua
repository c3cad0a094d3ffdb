-- Plain (constructor-less) screen tables nested 10,000 deep through push.
-- expect: deep_plain_screens\.lua: error: .*screens are nested more than \d+ deep
local s = { title = "leaf" }
for i = 1, 10000 do s = { title = "L" .. i, { { text = "down", push = s } } } end
return s
