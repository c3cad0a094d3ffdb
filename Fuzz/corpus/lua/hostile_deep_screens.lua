-- push = screen { ... } nested 10,000 deep, built by a loop.
-- expect: deep_screens\.lua:\d+: error: .*screens are nested more than \d+ deep
local s = screen { title = "leaf", section { row { text = "leaf" } } }
for i = 1, 10000 do
  s = screen { id = "s" .. i, title = "Level " .. i, section { row { text = "down", push = s } } }
end
return s
